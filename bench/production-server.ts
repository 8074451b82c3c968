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
 * side in alternating rounds (the box's speed moves by tens of percent; ratios inside one run hold),
 * both with the server's logger as deployed, and their CPU per request.
 */

const compiledMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
export const METRICS_RATIO_TARGET = 0.97;

export interface ProductionServerResult {
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
  metricsOnPerSecond: number;
  metricsOffPerSecond: number;
  metricsRatio: { median: number; min: number; max: number };
  /**
   * Server CPU per request, off ÷ on, over all rounds: what metrics add to each request's work,
   * which a shared box's swings in speed move less than the throughput ratio.
   */
  metricsCpuRatio: number;
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

async function requestsPerSecond(url: string, token: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url: url + ROUTES.shielded,
    headers: { [PASS_TOKEN_HEADER]: token },
    connections: 50,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
  return result.requests.total / seconds;
}

export async function measureProductionServer(rounds = 6, sliceSeconds = 2): Promise<ProductionServerResult> {
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
    await requestsPerSecond(on.url, token, 1);
    await requestsPerSecond(off.url, token, 1);
    const ratios: number[] = [];
    let onTotal = 0;
    let offTotal = 0;
    const cpu = { on: 0, off: 0 };
    const measure = async (server: ApiProcess, side: 'on' | 'off') => {
      const before = await server.cpuMicros();
      const perSecond = await requestsPerSecond(server.url, token, sliceSeconds);
      cpu[side] += (await server.cpuMicros()) - before;
      return perSecond;
    };
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which goes first, so neither always gets the fresher half of the minute.
      const first = round % 2 === 0;
      const a = await measure(first ? on : off, first ? 'on' : 'off');
      const b = await measure(first ? off : on, first ? 'off' : 'on');
      const [withMetrics, without] = first ? [a, b] : [b, a];
      onTotal += withMetrics;
      offTotal += without;
      ratios.push(withMetrics / without);
    }
    ratios.sort((x, y) => x - y);
    const middle = Math.floor(ratios.length / 2);
    const median = ratios.length % 2 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
    return {
      coldStartMs,
      warmStartMs,
      idleRssMb,
      metricsOnPerSecond: onTotal / rounds,
      metricsOffPerSecond: offTotal / rounds,
      metricsRatio: { median, min: ratios[0]!, max: ratios.at(-1)! },
      metricsCpuRatio: cpu.off / offTotal / (cpu.on / onTotal),
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
      value: `${metricsRatio.median.toFixed(3)} (${metricsRatio.min.toFixed(2)}–${metricsRatio.max.toFixed(2)})`,
      target: `≥ ${METRICS_RATIO_TARGET}`,
      verdict: metricsRatio.median >= METRICS_RATIO_TARGET ? 'ok' : 'MISSED',
      note:
        `${result.metricsOnPerSecond.toFixed(0)} vs ${result.metricsOffPerSecond.toFixed(0)} req/s; ` +
        `server CPU per request off ÷ on ${result.metricsCpuRatio.toFixed(3)}`,
    },
  ];
}
