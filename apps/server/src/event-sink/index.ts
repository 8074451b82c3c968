import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Metrics } from '../observability/metrics.ts';
import { createMobileHasher } from './mobile-hash.ts';
import { createNatsEventSink } from './nats.ts';
import { createPostgresEventSink, type PostgresEventSinkOptions } from './postgres.ts';
import type { EventSink } from './types.ts';
import { ingestionBatchingFor } from '../lib/group-commit.ts';

export type { EventSink, StoredEvent } from './types.ts';

export interface EventSinkDeps {
  database: DatabaseHandle;
  now: () => number;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** The write queue's bound, wait limit, failure log and batch-size metric (modules/health/write-queues.ts). */
  queue: NonNullable<PostgresEventSinkOptions['queue']>;
}

/**
 * The analytics events' sink PRAVESH_EVENTS_SINK names (config/events.ts), chosen once, like a
 * provider; its publish latency and lag are metrics (docs/operations.md).
 */
export function createEventSink(config: AppConfig, deps: EventSinkDeps): EventSink {
  const hashMobile = createMobileHasher(config.piiHashKey);
  const kind = deps.database.kind;
  const sink =
    config.events.sink === 'nats'
      ? createNatsEventSink({
          config: config.events.nats,
          retentionDays: config.events.eventsRetentionDays,
          maxInFlight: deps.queue.maxQueued ?? config.database.writeQueueLimit,
          hashMobile,
          now: deps.now,
          log: deps.log,
        })
      : createPostgresEventSink(deps.database.db, {
          hashMobile,
          ...ingestionBatchingFor(kind),
          queue: deps.queue,
          now: deps.now,
        });
  return measured(sink, deps.metrics);
}

/** The sink, with each event's time from arrival to acknowledgement observed, and its lag reported at scrape. */
function measured(sink: EventSink, metrics: Metrics): EventSink {
  const labels = { sink: sink.kind };
  metrics.watchEventSink(sink.kind, () => sink.waitingSince());
  return {
    ...sink,
    async produce(event, siteId, deviceHash, isGone) {
      const started = performance.now();
      const stored = await sink.produce(event, siteId, deviceHash, isGone);
      metrics.eventSinkPublishDuration.observe(labels, (performance.now() - started) / 1000);
      return stored;
    },
  };
}
