import { PraveshError, ROUTES, type AnalyticsEvent, type ProduceEventResponse } from '@pravesh/core';
import type { HttpClient } from './http.ts';

export const PRODUCE_EVENT_PATH = ROUTES.produceEvent;

/** An analytics event (spec 000 §3); eventId is generated when absent. */
export type TrackEvent = Omit<AnalyticsEvent, 'eventId'> & { eventId?: string };

export interface Analytics {
  /** Resolves with the server's receipt ({ eventId, storedAt }). */
  track(event: TrackEvent): Promise<ProduceEventResponse>;
}

/**
 * crypto.randomUUID exists only in secure contexts; an embedding page served over plain http
 * still has getRandomValues, so build the version 4 UUID from that (RFC 9562 §5.4).
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createAnalytics(http: Pick<HttpClient, 'request'>): Analytics {
  return {
    track(event) {
      if (typeof event.event !== 'string' || event.event === '') {
        return Promise.reject(new PraveshError('required', { list: 'event' }));
      }
      // The client-generated id makes a resend of the same event idempotent on the server.
      const item: AnalyticsEvent = { ...event, eventId: event.eventId ?? randomUuid() };
      // spec 000 §7: "pbguc/event/produce: analytics events, body a one-item list".
      return http.request<ProduceEventResponse>('POST', PRODUCE_EVENT_PATH, { body: [item] });
    },
  };
}
