import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PASS_TOKEN_HEADER } from '@pravesh/core';
import { BENCH_ENV, ROUTES, startApiProcess } from './api-process.ts';
import { CONTROL, SIDES, summariseTurns, type Block, type RatioSummary, type TurnsSummary } from './metrics-turns.ts';
import { freePort } from './nudge-host-page.ts';
import { benchPass } from './pass-token.ts';
import { formatTable, type Row } from './report.ts';
import { parseWrkReport, wrkInstalled } from './wrk.ts';

/**
 * The compiled server as an operator runs it (`node apps/server/dist/main.js`, npm run build):
 * time from process start to /readyz answering 200, on an empty embedded database (migrations
 * included) and again on the same, migrated one; its resident memory once idle. And the cost of
 * metrics: the shielded no-op's throughput with metrics on ÷ off, and its CPU per request off ÷ on,
 * from one process hosting a metered copy of the API and two unmetered ones that take turns of a
 * tenth of a second under one steady load (bench/metrics-server.ts says why), with the two
 * unmetered copies' ratio beside it (A/A): what the measurement's own noise is.
 */

const compiledMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
export const METRICS_RATIO_TARGET = 0.97;
/** How far from 1 an A/A ratio may be for its row to say the measurement can tell a few per cent. */
export const AA_TOLERANCE = 0.01;
/** Turns of the three copies measured (0.3 s each), after METRICS_WARMUP_SECONDS of turns unrecorded. */
export const METRICS_TURNS = 150;
const METRICS_WARMUP_SECONDS = 5;

export interface ProductionServerResult extends MetricsOverhead {
  coldStartMs: number;
  warmStartMs: number;
  idleRssMb: number;
}

export interface MetricsOverhead extends TurnsSummary {
  /** The load generator: wrk when installed (C, a third of autocannon's CPU a request), else autocannon. */
  client: 'wrk' | 'autocannon';
  /** Requests the metered copy's http_server_request_duration_seconds counted (more than it served while recorded). */
  counted: number;
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

export async function measureProductionServer(turns = METRICS_TURNS): Promise<ProductionServerResult> {
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

  return { coldStartMs, warmStartMs, idleRssMb, ...(await measureMetricsOverhead(turns)) };
}

interface SteadyLoad {
  /** Ends the load and resolves with which client ran it; rejects if any request failed. */
  stop(): Promise<MetricsOverhead['client']>;
  /** Rejects if the client ends by itself (it runs until stopped). */
  readonly ended: Promise<never>;
}

/**
 * Load on the shielded no-op until stopped: wrk (one thread, 50 connections) when installed, else
 * autocannon. It runs as long as the child takes to record its turns, however late a loaded box's
 * timers make them.
 */
function startSteadyLoad(url: string, token: string): SteadyLoad {
  const target = url + ROUTES.shielded;
  if (wrkInstalled()) {
    const wrk = spawn('wrk', ['-t1', '-c50', '-d3600s', '--latency', '-H', `${PASS_TOKEN_HEADER}: ${token}`, target], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    wrk.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    wrk.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(wrk, 'exit');
    let stopping = false;
    return {
      ended: exited.then(() => {
        if (!stopping) throw new Error(`wrk ended early: ${stderr.trim() || stdout.trim()}`);
        return new Promise<never>(() => undefined);
      }),
      async stop() {
        stopping = true;
        // wrk stops on SIGINT and prints its report.
        wrk.kill('SIGINT');
        await exited;
        if (stderr.trim() !== '') throw new Error(`wrk: ${stderr.trim().split('\n')[0]}`);
        const report = parseWrkReport(stdout);
        // A timeout is wrk giving up after 2 s on a box that stalled the server: no wrong answer.
        const timeouts = Number(/timeout (\d+)/.exec(stdout)?.[1] ?? 0);
        if (report.non2xx + report.errors - timeouts > 0) throw new Error(`failed requests:\n${stdout}`);
        return 'wrk';
      },
    };
  }
  const instance = autocannon({
    url: target,
    headers: { [PASS_TOKEN_HEADER]: token },
    connections: 50,
    duration: 3600,
  });
  let stopping = false;
  const finished = Promise.resolve(instance);
  return {
    ended: finished.then(() => {
      if (!stopping) throw new Error('autocannon ended early');
      return new Promise<never>(() => undefined);
    }),
    async stop() {
      stopping = true;
      instance.stop();
      const result = await finished;
      if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
      return 'autocannon';
    },
  };
}

/**
 * POSTs to `url` and parses the JSON answer, however long it takes: the recording answers once its
 * turns are done (0.3 s each), and fetch gives up on an answer whose headers take over 300 s
 * (undici's headersTimeout), which 1,000 turns do.
 */
function postForJson<T>(url: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${body}`);
          resolve(JSON.parse(body) as T);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The shielded no-op with metrics on ÷ off, from the three copies' turns (bench/metrics-server.ts). */
export async function measureMetricsOverhead(turns = METRICS_TURNS): Promise<MetricsOverhead> {
  const { token } = await benchPass();
  const server = await startApiProcess({ entry: './metrics-server.ts', name: 'metrics on/off server' });
  let load: SteadyLoad | undefined;
  try {
    load = startSteadyLoad(server.url, token);
    // The warm-up's turns go unrecorded: every copy's routes compiled, the JIT settled.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, METRICS_WARMUP_SECONDS * 1000)), load.ended]);
    const recorded = postForJson<Block[]>(`${server.url}${CONTROL.record}?blocks=${turns * SIDES.length}`);
    const blocks = await Promise.race([recorded, load.ended]);
    const { count } = (await (await fetch(server.url + CONTROL.counted)).json()) as { count: number };
    if (process.env.BENCH_METRICS_BLOCKS) writeFileSync(process.env.BENCH_METRICS_BLOCKS, JSON.stringify(blocks));
    const stopping = load;
    load = undefined;
    const client = await stopping.stop();
    return { ...summariseTurns(blocks), client, counted: count };
  } finally {
    await load?.stop().catch(() => undefined);
    await server.stop();
  }
}

const ratio = (summary: RatioSummary) =>
  `${summary.ratio.toFixed(3)} (95 % ${summary.low.toFixed(3)}–${summary.high.toFixed(3)}; median of turns ${summary.medianOfTurns.toFixed(3)})`;

export function productionServerRows(result: ProductionServerResult): Row[] {
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
    ...metricsRows(result),
  ];
}

/**
 * ok when the whole 95 % interval clears the target, MISSED when all of it falls short, ERROR
 * (not judged) when it straddles the target: the box was too noisy for this run to tell, and the
 * A/A row beside it shows how noisy.
 */
function judged(summary: RatioSummary): Pick<Row, 'verdict'> & { why: string } {
  if (summary.low >= METRICS_RATIO_TARGET) return { verdict: 'ok', why: '' };
  if (summary.high < METRICS_RATIO_TARGET) return { verdict: 'MISSED', why: '' };
  return {
    verdict: 'ERROR',
    why: '; its 95 % interval straddles the target: too noisy to judge, run again on a quieter box',
  };
}

export function metricsRows(result: MetricsOverhead): Row[] {
  const { throughput, cpu, perSecond, cpuMicros } = result;
  const aaVerdict = (summary: RatioSummary) => (Math.abs(summary.ratio - 1) <= AA_TOLERANCE ? 'ok' : 'MISSED');
  const throughputVerdict = judged(throughput.metrics);
  const cpuVerdict = judged(cpu.metrics);
  return [
    {
      metric: 'shielded no-op, metrics on ÷ off (one app, its metrics switched every 0.1 s)',
      value: ratio(throughput.metrics),
      target: `≥ ${METRICS_RATIO_TARGET}`,
      verdict: throughputVerdict.verdict,
      note: `${perSecond.on.toFixed(0)} vs ${perSecond.off.toFixed(0)} req/s, ${result.turns} turns, ${result.client}${throughputVerdict.why}`,
    },
    {
      metric: 'shielded no-op, A/A: metrics off ÷ off (the noise of the row above)',
      value: ratio(throughput.aa),
      target: `1 ± ${AA_TOLERANCE}`,
      verdict: aaVerdict(throughput.aa),
      note: `${perSecond.twin.toFixed(0)} vs ${perSecond.off.toFixed(0)} req/s`,
    },
    {
      metric: 'shielded no-op, process CPU per request, metrics off ÷ on',
      value: ratio(cpu.metrics),
      target: `≥ ${METRICS_RATIO_TARGET}`,
      verdict: cpuVerdict.verdict,
      note: `${cpuMicros.on.toFixed(1)} vs ${cpuMicros.off.toFixed(1)} µs a request; the metered side counted ${result.counted} requests${cpuVerdict.why}`,
    },
    {
      metric: 'shielded no-op, A/A: process CPU per request, metrics off ÷ off',
      value: ratio(cpu.aa),
      target: `1 ± ${AA_TOLERANCE}`,
      verdict: aaVerdict(cpu.aa),
      note: `${cpuMicros.off.toFixed(1)} vs ${cpuMicros.twin.toFixed(1)} µs a request`,
    },
  ];
}

// `npx tsx bench/production-server.ts metrics [turns]` runs the metrics turns alone (no compiled
// build needed) and prints their rows and figures.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2] === 'metrics') {
  const result = await measureMetricsOverhead(Number(process.argv[3] ?? METRICS_TURNS));
  console.log(formatTable(metricsRows(result)));
  console.log(JSON.stringify(result, null, 2));
}
