import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PASS_TOKEN_HEADER } from '@pravesh/core';
import { BENCH_ENV, ROUTES, startApiProcess, type ApiProcess } from './api-process.ts';
import { freePort } from './nudge-host-page.ts';
import { benchPass } from './pass-token.ts';
import type { Row } from './report.ts';

/**
 * The compiled server as an operator runs it (`node apps/server/dist/main.js`, npm run build):
 * time from process start to /readyz answering 200, on an empty embedded database (migrations
 * included) and again on the same, migrated one; its resident memory once idle. And the cost of
 * request metrics: the shielded no-op's throughput with metrics on ÷ off, two servers side by
 * side, both with the server's logger as deployed, and their CPU per request.
 *
 * The box's speed moves by tens of percent within minutes, more than the 3 % being measured, so the
 * ratio is taken where that drift cancels: each round loads the two servers in the order A B B A
 * (on off off on, then off on on off in the next round), in slices of a second, and its ratio is
 * the on slices' requests over the off slices'. A speed that rises or falls steadily through the
 * round meets both sides alike; the median over the rounds drops the rounds a burst of other work
 * hit unevenly. Beside it, the two servers' CPU per request at one fixed rate (METRICS_CPU_RATE,
 * on and off in turn, a pair per round): at full speed CPU per request falls as throughput rises
 * (more requests per wake-up of the event loop), so slices the box's other work slowed unevenly
 * compared their speeds, not the metrics; at one rate well below either's ceiling, what metrics
 * add to each request's work is what is left (off ÷ on, where the throughput ratio of a
 * CPU-bound server settles).
 */

const compiledMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
export const METRICS_RATIO_TARGET = 0.97;
/** Requests per second at which the two servers' CPU per request is compared: well below either's speed. */
export const METRICS_CPU_RATE = 2000;

export interface ProductionServerResult {
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
  metricsOnPerSecond: number;
  metricsOffPerSecond: number;
  /** Median, lowest and highest of the rounds' ratios, and how many rounds there were. */
  metricsRatio: { median: number; min: number; max: number; rounds: number };
  /**
   * Server CPU per request at METRICS_CPU_RATE, off ÷ on: median, lowest and highest of the
   * rounds' ratios; and each side's µs per request (medians of rounds).
   */
  metricsCpuRatio: { median: number; min: number; max: number };
  metricsCpuMicros: { on: number; off: number };
}

/** Starts the compiled server on `dataDir` and resolves with it and the ms until /readyz said 200. */
async function startCompiled(dataDir: string): Promise<{ child: ChildProcess; ms: number; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [compiledMain], {
    env: { PATH: process.env.PATH, ...BENCH_ENV, PRAVESH_DATA_DIR: dataDir, PORT: String(port) },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).catch(() => undefined);
    if (ready?.ok) return { child, ms: performance.now() - started, url };
    if (performance.now() - started > 240_000) throw new Error('the compiled server was not ready in 240 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** One slice of load on the shielded no-op, at full speed or at `rate` requests a second: its requests and how long it ran. */
async function load(
  url: string,
  token: string,
  seconds: number,
  rate?: number,
): Promise<{ requests: number; seconds: number }> {
  const result = await autocannon({
    url: url + ROUTES.shielded,
    headers: { [PASS_TOKEN_HEADER]: token },
    connections: 50,
    duration: seconds,
    ...(rate === undefined ? {} : { overallRate: rate }),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
  return { requests: result.requests.total, seconds: result.duration };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureProductionServer(rounds = 12, sliceSeconds = 1): Promise<ProductionServerResult> {
  if (!existsSync(compiledMain)) throw new Error(`${compiledMain} is missing: run npm run build first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pravesh-bench-prod-'));
  let coldStartMs: number;
  let warmStartMs: number;
  let idleRssMb: number;
  try {
    const cold = await startCompiled(dataDir);
    coldStartMs = cold.ms;
    await stop(cold.child);
    const warm = await startCompiled(dataDir);
    warmStartMs = warm.ms;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    idleRssMb = residentMb(warm.child.pid!);
    await stop(warm.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { coldStartMs, warmStartMs, idleRssMb, ...(await measureMetricsOverhead(rounds, sliceSeconds)) };
}

export type MetricsOverhead = Pick<
  ProductionServerResult,
  'metricsOnPerSecond' | 'metricsOffPerSecond' | 'metricsRatio' | 'metricsCpuRatio' | 'metricsCpuMicros'
>;

/** The shielded no-op with request metrics on ÷ off, in A-B-B-A rounds (above). */
export async function measureMetricsOverhead(rounds: number, sliceSeconds: number): Promise<MetricsOverhead> {
  const { token } = await benchPass();
  let on: ApiProcess | undefined;
  let off: ApiProcess | undefined;
  try {
    // Both with the server's logger, as deployed (bench/api-server.ts BENCH_LOGGER).
    on = await startApiProcess({ name: 'metrics-on server', env: { ...process.env, BENCH_LOGGER: 'server' } });
    off = await startApiProcess({
      name: 'metrics-off server',
      env: { ...process.env, BENCH_LOGGER: 'server', BENCH_METRICS: 'off' },
    });
    await load(on.url, token, 1);
    await load(off.url, token, 1);
    const servers = { on, off };
    const totals = { on: { requests: 0, seconds: 0 }, off: { requests: 0, seconds: 0 } };
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // A B B A, with A on in even rounds and off in odd ones: neither side always opens a round.
      const [a, b] = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      const rates = { on: 0, off: 0 };
      for (const side of [a, b, b, a]) {
        const slice = await load(servers[side].url, token, sliceSeconds);
        const total = totals[side];
        total.requests += slice.requests;
        total.seconds += slice.seconds;
        rates[side] += slice.requests / slice.seconds;
      }
      ratios.push(rates.on / rates.off);
    }
    // CPU per request at one rate, on and off in turn (alternating which goes first), a pair a round.
    const micros = { on: [] as number[], off: [] as number[] };
    const cpuRatios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const side of round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        const before = await servers[side].cpuMicros();
        const slice = await load(servers[side].url, token, sliceSeconds, METRICS_CPU_RATE);
        micros[side].push(((await servers[side].cpuMicros()) - before) / slice.requests);
      }
      cpuRatios.push(micros.off.at(-1)! / micros.on.at(-1)!);
    }
    return {
      metricsOnPerSecond: totals.on.requests / totals.on.seconds,
      metricsOffPerSecond: totals.off.requests / totals.off.seconds,
      metricsRatio: { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds },
      metricsCpuRatio: { median: median(cpuRatios), min: Math.min(...cpuRatios), max: Math.max(...cpuRatios) },
      metricsCpuMicros: { on: median(micros.on), off: median(micros.off) },
    };
  } finally {
    await on?.stop();
    await off?.stop();
  }
}

export function productionServerRows(result: ProductionServerResult): Row[] {
  const { metricsRatio } = result;
  return [
    {
      metric: 'compiled server start to ready, empty database (migrations)',
      value: `${(result.coldStartMs / 1000).toFixed(2)} s`,
      target: '-',
      verdict: 'info',
    },
    {
      metric: 'compiled server start to ready, migrated database',
      value: `${(result.warmStartMs / 1000).toFixed(2)} s`,
      target: '-',
      verdict: 'info',
    },
    { metric: 'compiled server RSS at idle', value: `${result.idleRssMb.toFixed(0)} MB`, target: '-', verdict: 'info' },
    {
      metric: 'shielded no-op, metrics on ÷ off',
      value: `${metricsRatio.median.toFixed(3)} (median of ${metricsRatio.rounds} A-B-B-A rounds, ${metricsRatio.min.toFixed(2)}–${metricsRatio.max.toFixed(2)})`,
      target: `≥ ${METRICS_RATIO_TARGET}`,
      verdict: metricsRatio.median >= METRICS_RATIO_TARGET ? 'ok' : 'MISSED',
      note: `${result.metricsOnPerSecond.toFixed(0)} vs ${result.metricsOffPerSecond.toFixed(0)} req/s`,
    },
    {
      metric: `shielded no-op server CPU per request at ${METRICS_CPU_RATE} req/s, metrics off ÷ on`,
      value: `${result.metricsCpuRatio.median.toFixed(3)} (median of ${metricsRatio.rounds} pairs, ${result.metricsCpuRatio.min.toFixed(2)}–${result.metricsCpuRatio.max.toFixed(2)})`,
      target: `≥ ${METRICS_RATIO_TARGET}`,
      verdict: result.metricsCpuRatio.median >= METRICS_RATIO_TARGET ? 'ok' : 'MISSED',
      note: `${result.metricsCpuMicros.on.toFixed(1)} vs ${result.metricsCpuMicros.off.toFixed(1)} µs a request; the throughput ratio settles near this on a quiet CPU-bound box`,
    },
  ];
}

// `npx tsx bench/production-server.ts metrics [rounds] [slice seconds]` runs the metrics pair alone
// (no compiled build needed).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2] === 'metrics') {
  const result = await measureMetricsOverhead(Number(process.argv[3] ?? 12), Number(process.argv[4] ?? 1));
  console.log(JSON.stringify(result, null, 2));
}
