import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createProcessMetrics } from './process-metrics.ts';

/** Allocates enough short-lived objects for several young-generation collections. */
async function churn(): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    let kept: object[] = [];
    for (let index = 0; index < 200_000; index += 1) kept.push({ index });
    kept = [];
    // The observer hears of collections a turn of the event loop later.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

async function collections(registry: Registry): Promise<number> {
  const text = await registry.getSingleMetricAsString('nodejs_gc_duration_seconds');
  return [...text.matchAll(/_count\{kind="\w+"\} (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe('process metrics', () => {
  it('count garbage collections while started, and none once stopped', async () => {
    const registry = new Registry();
    const processMetrics = createProcessMetrics(registry);
    await churn();
    const seen = await collections(registry);
    expect(seen).toBeGreaterThan(1);
    processMetrics.stop();
    await churn();
    expect(await collections(registry)).toBe(seen);
    processMetrics.start();
    await churn();
    expect(await collections(registry)).toBeGreaterThan(seen);
    processMetrics.stop();
  });

  it("expose prom-client's default process metrics", async () => {
    const registry = new Registry();
    const processMetrics = createProcessMetrics(registry);
    processMetrics.stop();
    const text = await registry.metrics();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_version_info',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});
