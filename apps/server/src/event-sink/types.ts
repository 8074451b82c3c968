import type { AnalyticsEvent } from '@pravesh/core';
import type { EventSinkKind } from '../config/events.ts';

/** The receipt of a stored event: its id and when the server took it (the answer's storedAt). */
export interface StoredEvent {
  eventId: string;
  receivedAt: Date;
}

/**
 * Where pbguc/event/produce puts analytics events (spec 000 §7): the server's database
 * (event-sink/postgres.ts, the embedded default) or a NATS JetStream stream (event-sink/nats.ts),
 * chosen once by PRAVESH_EVENTS_SINK (config/events.ts). Either way the caller is answered only
 * once the event is durable, and a resend of one eventId is kept once and answered with the first
 * receipt.
 */
export interface EventSink {
  readonly kind: EventSinkKind;
  /**
   * Resolves once the event is durable. Refuses with `serviceUnavailable` (lib/outage.ts) when the
   * sink is unreachable or its queue is full. `isGone` (the client hung up) may drop it unsent.
   */
  produce(
    event: AnalyticsEvent,
    siteId: number,
    deviceHash: string | null,
    isGone?: () => boolean,
  ): Promise<StoredEvent>;
  /** Why the sink cannot take events now (for /readyz), or undefined when it can. */
  problem(): string | undefined;
  /** Since when (performance.now()) the oldest pending event has waited, or undefined when none waits. */
  waitingSince(): number | undefined;
  /** Events taken and not yet durable. */
  depth(): number;
  /** Finishes what is pending, then lets go of what the sink opened. */
  close(): Promise<void>;
}
