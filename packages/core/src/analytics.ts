import { z } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE, jsonHasUnstorableText, safeText } from './visits/fields.ts';
import { trackingDataSchema } from './visits/tracking.ts';

/**
 * Analytics event (spec 000 §3): event, category, action, label, pageType, userType, clientId,
 * lob, plus the standard visitor data. `eventId` is ours, not the spec's: a client-generated UUID
 * so a retried send is stored once. A client written from spec 000 alone sends none, so the server
 * makes one; such a send is simply not idempotent. Optional fields accept null as
 * "absent" (a signed-out visitor's customerId is null).
 */
// Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused up front instead of failing with a 500.
const text = (max: number) => safeText(max);

export const analyticsEventSchema = z.object({
  eventId: z.uuid().nullish(),
  event: text(128).min(1),
  category: text(128).nullish(),
  action: text(128).nullish(),
  label: text(512).nullish(),
  pageType: text(128).nullish(),
  userType: text(64).nullish(),
  clientId: text(128).nullish(),
  lob: text(64).nullish(),
  /** Standard visitor data (spec 000 §3 "Tracking data"), filled in by the visitor layer. */
  visitorId: text(64).nullish(),
  visitId: text(64).nullish(),
  pageUrl: text(2048).nullish(),
  occurredAt: z.iso.datetime().nullish(),
  data: z
    .record(z.string(), z.unknown())
    .refine((data) => !jsonHasUnstorableText(data), UNSTORABLE_TEXT_MESSAGE)
    .nullish(),
  /** The rest of the tracking data (spec 000 §3): device, visit chain, customer, site, userState. */
  ...trackingDataSchema.omit({ visitorId: true, visitId: true }).shape,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** pbguc/event/produce takes a one-item list (spec 000 §7). */
export const produceEventBodySchema = z.array(analyticsEventSchema).length(1);

export const produceEventResponseSchema = z.object({ eventId: z.uuid(), storedAt: z.iso.datetime() });
export type ProduceEventResponse = z.infer<typeof produceEventResponseSchema>;
