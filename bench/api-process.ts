import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The API under test runs in a child process: with autocannon in the same process, the load
 * generator and the server would share one event loop and the benchmark would measure both.
 */

/** Configuration both processes read: the local environment with its development shield key. */
export const BENCH_ENV = { PRAVESH_ENV: 'local', PRAVESH_LOG_LEVEL: 'warn' } as const;

export const BENCH_SITE_ID = 2;

export const ROUTES = {
  /** Trivial route under /MSP, so the shield hook verifies a pass token on every request. */
  shielded: '/MSP/api/v1/bench/ping',
  /** The same route with `config: { shield: false }`. */
  open: '/MSP/api/v1/bench/open',
  /** Shielded POST no-op: reads a JSON body as puckar/check's and answers as ping does (bench/sso-server.ts). */
  shieldedPost: '/MSP/api/v1/bench/post-ping',
  /** Shielded; events go in as batched multi-row inserts (spec 000 §7). */
  produce: '/MSP/api/v1/pbguc/event/produce',
  shieldConfig: `/MSP/api/v1/shield/config/${BENCH_SITE_ID}`,
  /** Bench-only (bench/sso-server.ts): gives a customer an EXCELLENT bureau pull, so pco/offers has offers to answer. */
  offersFixture: '/bench/offers-customer',
  /** Bench-only (bench/sso-server.ts): issues a customer one GST invoice, for bench/invoice-pdf.ts. */
  invoiceFixture: '/bench/invoice-customer',
  /** Bench-only (bench/sso-server.ts): links a customer an account of 10,000 fetched transactions, for bench/aggregator.ts. */
  aggregatorFixture: '/bench/aggregator-customer',
  /** Bench-only (bench/sso-server.ts): how many employers the seed step stored, for bench/employer-search.ts. */
  employerCount: '/bench/employer-count',
} as const;

/** Messages between run.ts and api-server.ts over the IPC channel. */
export type ServerMessage =
  { type: 'ready'; url: string } | { type: 'failed'; error: string } | { type: 'cpu'; micros: number };
export type ParentMessage = { type: 'stop' } | { type: 'cpu' };

export interface ApiProcess {
  /** http://127.0.0.1:<ephemeral port> */
  readonly url: string;
  /** CPU time (user + system) the server process has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

// Generous: on a shared 2-core box starting tsx, PGlite and the migrations has taken over a minute.
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface ApiProcessOptions {
  /** The child's entry, a file beside this one; default api-server.ts. */
  entry?: string;
  /** The child's environment; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** What errors call the server; default "API server". */
  name?: string;
}

/** Starts a benchmark child server (one that runs child-server.ts's runChildServer) and waits until it listens. */
export async function startApiProcess(options: ApiProcessOptions = {}): Promise<ApiProcess> {
  const name = options.name ?? 'API server';
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const entry = fileURLToPath(new URL(options.entry ?? './api-server.ts', import.meta.url));
  // BENCH_NODE_ARGS reaches the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see
  // where its time goes under load (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', tsxLoader, entry], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: options.env ?? process.env,
  });
  const exited = once(child, 'exit');

  // Answers to cpu requests, in the order asked (the channel keeps order).
  const cpuWaiters: ((micros: number) => void)[] = [];
  const ready = new Promise<string>((resolve, reject) => {
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve(message.url);
      else if (message.type === 'cpu') cpuWaiters.shift()?.(message.micros);
      else reject(new Error(`${name} failed to start: ${message.error}`));
    });
    void exited.then(([code]) => reject(new Error(`${name} exited with code ${String(code)} before it was ready`)));
  });

  let url: string;
  try {
    url = await withTimeout(ready, START_TIMEOUT_MS, `${name} start`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    url,
    cpuMicros() {
      const answer = new Promise<number>((resolve) => cpuWaiters.push(resolve));
      child.send({ type: 'cpu' } satisfies ParentMessage);
      return withTimeout(answer, STOP_TIMEOUT_MS, 'CPU usage query');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' } satisfies ParentMessage);
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
