import { z } from 'zod';
import { SITE_IDS } from '../sites.ts';
import { idText, safeText } from './fields.ts';

/**
 * Tracking data (spec 000 §3): the visitor data every analytics event carries. mobileNo travels
 * to the server over TLS but is never stored in plain text: the server keeps only a keyed hash.
 * Every field also accepts null as "absent": a signed-out visitor has no customer, and a client
 * written from spec 000 sends `customerId: null`.
 */
export const USER_STATES = ['signedIn', 'signedOut'] as const;
export type UserState = (typeof USER_STATES)[number];

export const trackingDataSchema = z.object({
  deviceId: safeText(128).nullish(),
  absoluteParentVisitId: idText(64).nullish(),
  parentVisitId: idText(64).nullish(),
  visitId: idText(64).nullish(),
  visitorId: idText(64).nullish(),
  customerId: safeText(512).nullish(),
  mobileNo: safeText(512).nullish(),
  siteId: z
    .number()
    .int()
    .refine((id) => SITE_IDS.includes(id), 'must be a configured site id')
    .nullish(),
  /** signedIn when a customer is set, signedOut otherwise (spec 000 §6). */
  userState: z.enum(USER_STATES).nullish(),
});
export type TrackingData = z.infer<typeof trackingDataSchema>;
