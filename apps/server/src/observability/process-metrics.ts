import { PerformanceObserver, constants, monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Gauge, Histogram, type Registry } from 'prom-client';
import heapSizeAndUsed from 'prom-client/lib/metrics/heapSizeAndUsed.js';
import heapSpacesSizeAndUsed from 'prom-client/lib/metrics/heapSpacesSizeAndUsed.js';
import osMemoryHeap from 'prom-client/lib/metrics/osMemoryHeap.js';
import processCpuTotal from 'prom-client/lib/metrics/processCpuTotal.js';
import processHandles from 'prom-client/lib/metrics/processHandles.js';
import processMaxFileDescriptors from 'prom-client/lib/metrics/processMaxFileDescriptors.js';
import processOpenFileDescriptors from 'prom-client/lib/metrics/processOpenFileDescriptors.js';
import processRequests from 'prom-client/lib/metrics/processRequests.js';
import processResources from 'prom-client/lib/metrics/processResources.js';
import processStartTime from 'prom-client/lib/metrics/processStartTime.js';
import version from 'prom-client/lib/metrics/version.js';

/**
 * prom-client's default process metrics (`process_*`, `nodejs_*`), the same names, help and labels
 * as collectDefaultMetrics gives, but with the two that work between scrapes in our hands: the
 * garbage-collection histogram (a PerformanceObserver told of every collection) and the event-loop
 * delay monitor (a libuv timer). collectDefaultMetrics starts both and never stops them, so each app
 * built in a test process left one more observer that every collection then called; here they stop
 * with the app (app.ts), and the bench "metrics on ÷ off" runs them only while the metered app
 * serves, so their cost is charged to metrics (bench/metrics-server.ts). Every other default metric
 * is read at scrape time by prom-client's own collector.
 */
export interface ProcessMetrics {
  /** Starts the GC observer and the event-loop delay monitor (createProcessMetrics has started them). */
  start(): void;
  /** Stops them; the metrics keep their values and report what they saw while running. */
  stop(): void;
}

/** What prom-client's collectDefaultMetrics gives `nodejs_gc_duration_seconds`. */
const GC_DURATION_BUCKETS = [0.001, 0.01, 0.1, 1, 2, 5];
/** prom-client's default: the monitor's timer fires every 10 ms. */
const EVENT_LOOP_RESOLUTION_MS = 10;

const GC_KINDS = new Map<number, string>([
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'major'],
  [constants.NODE_PERFORMANCE_GC_MINOR, 'minor'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weakcb'],
]);

type ScrapeTimeCollector = (registry: Registry, config: object) => void;

export function createProcessMetrics(registry: Registry): ProcessMetrics {
  // In collectDefaultMetrics's order, so the exposition reads as before.
  const collectAtScrape = (collectors: ScrapeTimeCollector[]) => {
    for (const collect of collectors) collect(registry, {});
  };
  collectAtScrape([
    processCpuTotal,
    processStartTime,
    osMemoryHeap,
    processOpenFileDescriptors,
    processMaxFileDescriptors,
  ]);
  const eventLoopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  eventLoopDelayGauges(registry, eventLoopDelay);
  collectAtScrape([
    // Node has had getActiveResourcesInfo since 17; prom-client checks for it as well.
    ...(typeof process.getActiveResourcesInfo === 'function' ? [processResources] : []),
    processHandles,
    processRequests,
    heapSizeAndUsed,
    heapSpacesSizeAndUsed,
    version,
  ]);

  const gcDuration = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: GC_DURATION_BUCKETS,
    registers: [registry],
  });
  // One bound child per kind: observing through it skips the label check and hashing.
  const byKind = new Map([...GC_KINDS].map(([kind, name]) => [kind, gcDuration.labels({ kind: name })]));
  // Node hands the observer a batch of entries at a time: every one of them counts (prom-client's
  // own collector reads only the first of each batch).
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind !== undefined) byKind.get(kind)?.observe(entry.duration / 1000);
    }
  });

  let running = false;
  const processMetrics: ProcessMetrics = {
    start() {
      if (running) return;
      running = true;
      gcObserver.observe({ entryTypes: ['gc'] });
      eventLoopDelay.enable();
    },
    stop() {
      if (!running) return;
      running = false;
      gcObserver.disconnect();
      eventLoopDelay.disable();
    },
  };
  processMetrics.start();
  return processMetrics;
}

/**
 * prom-client's `nodejs_eventloop_lag_*` gauges: the lag of one setImmediate measured at scrape,
 * and the monitor's statistics since the previous scrape (it is reset after each).
 */
function eventLoopDelayGauges(registry: Registry, delays: IntervalHistogram): void {
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Lag of event loop in seconds.',
    aggregator: 'average',
    registers: [registry],
    // As prom-client's: this metric's collect sets the others too.
    collect() {
      const start = process.hrtime.bigint();
      setImmediate(() => this.set(Number(process.hrtime.bigint() - start) / 1e9));
      min.set(delays.min / 1e9);
      max.set(delays.max / 1e9);
      mean.set(delays.mean / 1e9);
      stddev.set(delays.stddev / 1e9);
      p50.set(delays.percentile(50) / 1e9);
      p90.set(delays.percentile(90) / 1e9);
      p99.set(delays.percentile(99) / 1e9);
      delays.reset();
    },
  });
  const gauge = (suffix: string, help: string, aggregator: 'min' | 'max' | 'average') =>
    new Gauge({ name: `nodejs_eventloop_lag_${suffix}seconds`, help, aggregator, registers: [registry] });
  const min = gauge('min_', 'The minimum recorded event loop delay.', 'min');
  const max = gauge('max_', 'The maximum recorded event loop delay.', 'max');
  const mean = gauge('mean_', 'The mean of the recorded event loop delays.', 'average');
  const stddev = gauge('stddev_', 'The standard deviation of the recorded event loop delays.', 'average');
  const p50 = gauge('p50_', 'The 50th percentile of the recorded event loop delays.', 'average');
  const p90 = gauge('p90_', 'The 90th percentile of the recorded event loop delays.', 'average');
  const p99 = gauge('p99_', 'The 99th percentile of the recorded event loop delays.', 'average');
}
