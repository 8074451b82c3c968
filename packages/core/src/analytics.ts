import { z } from 'zod';

/**
 * Analytics event (spec 000 §3): event, category, action, label, pageType, userType, clientId,
 * lob, plus the standard visitor data. `eventId` is ours: a client-generated UUID so a retried
 * send is stored once.
 */
const text = (max: number) => z.string().max(max);

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
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** pbguc/event/produce takes a one-item list (spec 000 §7). */
export const produceEventBodySchema = z.array(analyticsEventSchema).length(1);

export const produceEventResponseSchema = z.object({ eventId: z.uuid(), storedAt: z.iso.datetime() });
export type ProduceEventResponse = z.infer<typeof produceEventResponseSchema>;
