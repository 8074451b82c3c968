import { z } from 'zod';
import { SITE_IDS } from '../sites.ts';
import { idText, safeText } from './fields.ts';

/**
 * Tracking data (spec 000 §3): the visitor data every analytics event carries. mobileNo travels
 * to the server over TLS but is never stored in plain text: the server keeps only a keyed hash.
 */
export const USER_STATES = ['signedIn', 'signedOut'] as const;
export type UserState = (typeof USER_STATES)[number];

export const trackingDataSchema = z.object({
  deviceId: safeText(128).optional(),
  absoluteParentVisitId: idText(64).optional(),
  parentVisitId: idText(64).optional(),
  visitId: idText(64).optional(),
  visitorId: idText(64).optional(),
  customerId: safeText(512).optional(),
  mobileNo: safeText(512).optional(),
  siteId: z
    .number()
    .int()
    .refine((id) => SITE_IDS.includes(id), 'must be a configured site id')
    .optional(),
  /** signedIn when a customer is set, signedOut otherwise (spec 000 §6). */
  userState: z.enum(USER_STATES).optional(),
});
export type TrackingData = z.infer<typeof trackingDataSchema>;
