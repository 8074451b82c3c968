import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createProcessMetrics, type ProcessMetrics } from './process-metrics.ts';
import { RequestDurations } from './request-durations.ts';

/**
 * The server's Prometheus metrics (prom-client), one registry per app so two apps in one process
 * (tests, the two-instance harness) never share counters. Names follow Prometheus's conventions
 * (base units, `_total` for counters, `_seconds` for durations) and the OpenTelemetry HTTP
 * semantic conventions' label names (`http_request_method`, `http_route`,
 * `http_response_status_code`); `code` is the envelope's spec status code (spec 000 §8, spec 001 §8).
 * What each one means and when to act: docs/operations.md.
 */
export interface Metrics {
  readonly registry: Registry;
  /** The `process_*` and `nodejs_*` metrics' GC observer and event-loop monitor (absent with processMetrics: false). */
  readonly process: ProcessMetrics | undefined;
  /** Written on every request, so plain counters that prom-client reads at scrape (request-durations.ts). */
  readonly httpRequestDuration: RequestDurations;
  readonly shieldRefusals: Counter<'code'>;
  readonly otpSends: Counter<'channel'>;
  readonly otpRefusals: Counter<'reason'>;
  readonly batchSize: Histogram<'queue'>;
  readonly queueDepth: Gauge<'queue'>;
  readonly cacheLookups: Counter<'cache' | 'result'>;
  readonly redisErrors: Counter;
  readonly dbPoolConnections: Gauge<'state'>;
  /** Time from an analytics event's arrival to its sink's acknowledgement (event-sink/index.ts). */
  readonly eventSinkPublishDuration: Histogram<'sink'>;
  /** The event-sink lag: how long the oldest event not yet acknowledged has waited. */
  readonly eventSinkLag: Gauge<'sink'>;
  /** Reports a write queue's depth at each scrape (pravesh_queue_depth{queue}). */
  watchQueueDepth(queue: string, depth: () => number): void;
  /** Reports the PostgreSQL pool at each scrape (nothing for the embedded database). */
  watchPool(status: () => { total: number; idle: number; waiting: number } | undefined): void;
  /** Reports the event sink's lag at each scrape, from since when (performance.now()) its oldest event waits. */
  watchEventSink(sink: string, waitingSince: () => number | undefined): void;
}

/** Latency buckets in seconds: from a cached answer (~0.2 ms) to a stalled dependency's timeout. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  const queueDepths = new Map<string, () => number>();
  const eventSinks = new Map<string, () => number | undefined>();
  let poolStatus: (() => { total: number; idle: number; waiting: number } | undefined) | undefined;
  const processMetrics = options.processMetrics === false ? undefined : createProcessMetrics(registry);
  const httpRequestDuration = new RequestDurations(LATENCY_BUCKETS);
  registry.registerMetric(httpRequestDuration.asMetric());
  return {
    registry,
    process: processMetrics,
    httpRequestDuration,
    shieldRefusals: new Counter({
      name: 'pravesh_shield_refusals_total',
      help: 'Requests the shield refused (spec 000 §1, §3, §8), by spec status code.',
      labelNames: ['code'],
      registers: [registry],
    }),
    otpSends: new Counter({
      name: 'pravesh_otp_sends_total',
      help: 'One-time codes handed to the SMS or email provider.',
      labelNames: ['channel'],
      registers: [registry],
    }),
    otpRefusals: new Counter({
      name: 'pravesh_otp_refusals_total',
      help: 'One-time code requests refused, by reason (the catalogue key).',
      labelNames: ['reason'],
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: 'pravesh_batch_size',
      help: 'Rows written per batched statement, by queue.',
      labelNames: ['queue'],
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'pravesh_queue_depth',
      help: 'Writes waiting in an in-memory queue, by queue.',
      labelNames: ['queue'],
      registers: [registry],
      collect() {
        for (const [queue, depth] of queueDepths) this.set({ queue }, depth());
      },
    }),
    cacheLookups: new Counter({
      name: 'pravesh_cache_lookups_total',
      help: 'Lookups of the in-memory caches (token liveness, consent answers, credit reads), by result (hit, miss).',
      labelNames: ['cache', 'result'],
      registers: [registry],
    }),
    redisErrors: new Counter({
      name: 'pravesh_redis_errors_total',
      help: 'Redis commands that failed or timed out, and connection errors.',
      registers: [registry],
    }),
    dbPoolConnections: new Gauge({
      name: 'pravesh_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle, waiting: callers waiting for one).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const status = poolStatus?.();
        if (!status) return;
        this.set({ state: 'in_use' }, status.total - status.idle);
        this.set({ state: 'idle' }, status.idle);
        this.set({ state: 'waiting' }, status.waiting);
      },
    }),
    eventSinkPublishDuration: new Histogram({
      name: 'pravesh_event_sink_publish_duration_seconds',
      help: "Time from an analytics event's arrival to its sink's acknowledgement (the batch committed, or JetStream's PubAck), by sink.",
      labelNames: ['sink'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    eventSinkLag: new Gauge({
      name: 'pravesh_event_sink_lag_seconds',
      help: 'Event-sink lag: how long the oldest analytics event not yet acknowledged by its sink has waited (0 when none waits), by sink.',
      labelNames: ['sink'],
      registers: [registry],
      collect() {
        const now = performance.now();
        for (const [sink, waitingSince] of eventSinks) {
          const since = waitingSince();
          this.set({ sink }, since === undefined ? 0 : Math.max(0, now - since) / 1000);
        }
      },
    }),
    watchEventSink(sink, waitingSince) {
      eventSinks.set(sink, waitingSince);
    },
    watchQueueDepth(queue, depth) {
      queueDepths.set(queue, depth);
    },
    watchPool(status) {
      poolStatus = status;
    },
  };
}
