import { z } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE, jsonHasUnstorableText, safeText } from './visits/fields.ts';
import { trackingDataSchema } from './visits/tracking.ts';

/**
 * Analytics event (spec 000 §3): event, category, action, label, pageType, userType, clientId,
 * lob, plus the standard visitor data. `eventId` is ours: a client-generated UUID so a retried
 * send is stored once.
 */
// Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused up front instead of failing with a 500.
const text = (max: number) => safeText(max);

export const analyticsEventSchema = z.object({
  eventId: z.uuid(),
  event: text(128).min(1),
  category: text(128).optional(),
  action: text(128).optional(),
  label: text(512).optional(),
  pageType: text(128).optional(),
  userType: text(64).optional(),
  clientId: text(128).optional(),
  lob: text(64).optional(),
  /** Standard visitor data (spec 000 §3 "Tracking data"), filled in by the visitor layer. */
  visitorId: text(64).optional(),
  visitId: text(64).optional(),
  pageUrl: text(2048).optional(),
  occurredAt: z.iso.datetime().optional(),
  data: z
    .record(z.string(), z.unknown())
    .refine((data) => !jsonHasUnstorableText(data), UNSTORABLE_TEXT_MESSAGE)
    .optional(),
  /** The rest of the tracking data (spec 000 §3): device, visit chain, customer, site, userState. */
  ...trackingDataSchema.omit({ visitorId: true, visitId: true }).shape,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** pbguc/event/produce takes a one-item list (spec 000 §7). */
export const produceEventBodySchema = z.array(analyticsEventSchema).length(1);

export const produceEventResponseSchema = z.object({ eventId: z.uuid(), storedAt: z.iso.datetime() });
export type ProduceEventResponse = z.infer<typeof produceEventResponseSchema>;
