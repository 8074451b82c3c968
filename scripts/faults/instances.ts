import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_ENV } from '../../bench/api-process.ts';
import { killPid, onCleanup } from './cleanup.ts';
import { sleep } from './services.ts';

/**
 * A server instance as an operator runs it: the real entry (apps/server/src/main.ts, what
 * `npm run server` starts) in a process of its own, so SIGKILL and SIGTERM reach the code that
 * handles them in production. bench/api-process.ts starts bench entries that report over IPC
 * instead; main.ts does not, so readiness here is its own /healthz.
 */

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
// Starting tsx, connecting and migrating has taken over a minute on a busy shared 2-core box.
const START_TIMEOUT_MS = 120_000;

export interface InstanceOptions {
  name: string;
  port: number;
  /** Added to BENCH_ENV (PRAVESH_ENV=local, warn-level logs). */
  env: Record<string, string | undefined>;
  /** Where its stdout and stderr go (appended). */
  logFile: string;
}

export type ExitResult = { code: number | null; signal: NodeJS.Signals | null };

export interface Instance {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  /** Where browsers reach it (PRAVESH_PUBLIC_URL): the balancer's address, shared by instances. */
  readonly publicUrl: string;
  pid(): number | undefined;
  running(): boolean;
  /** Starts the process and waits until /healthz answers; throws if it exits first. */
  start(): Promise<void>;
  /** Starts the process without waiting. */
  spawn(): void;
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited (at once if it is not running), or null after `ms`. */
  waitExit(ms: number): Promise<ExitResult | null>;
  /** SIGTERM, then SIGKILL after `ms`. */
  stop(ms?: number): Promise<void>;
  /** Resident memory now, in bytes (0 when not running). */
  rss(): number;
  /** Bytes of log written so far. */
  logBytes(): number;
  /** The log's last lines. */
  logTail(lines?: number): string;
}

export function createInstance(options: InstanceOptions): Instance {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let exit: Promise<ExitResult> = Promise.resolve({ code: null, signal: null });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const drop = onCleanup(`instance ${options.name}`, () => killPid(child?.pid));

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  function spawnProcess(): void {
    if (running()) throw new Error(`${options.name} is already running`);
    const started = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...BENCH_ENV, PORT: String(options.port), HOST: '127.0.0.1', ...options.env },
    });
    started.stdout?.pipe(log, { end: false });
    started.stderr?.pipe(log, { end: false });
    child = started;
    exit = once(started, 'exit').then(([code, signal]) => ({
      code: code as number | null,
      signal: signal as NodeJS.Signals | null,
    }));
  }

  async function waitExit(ms: number): Promise<ExitResult | null> {
    if (!running()) return exit;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
    const result = await Promise.race([exit, timeout]);
    clearTimeout(timer);
    return result;
  }

  return {
    name: options.name,
    url,
    port: options.port,
    publicUrl: options.env.PRAVESH_PUBLIC_URL || `http://localhost:${options.port}`,
    pid: () => child?.pid,
    running,
    spawn: spawnProcess,
    async start() {
      spawnProcess();
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (!running()) {
          const result = await exit;
          throw new Error(
            `${options.name} exited (${result.code ?? result.signal}) before it was ready:\n${tailOf(options.logFile, 15)}`,
          );
        }
        try {
          const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
          if (response.ok) return;
        } catch {
          // Not listening yet.
        }
        await sleep(200);
      }
      killPid(child?.pid);
      throw new Error(`${options.name} did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
    },
    signal(signal) {
      killPid(child?.pid, signal);
    },
    waitExit,
    async stop(ms = 15_000) {
      if (running()) {
        killPid(child?.pid, 'SIGTERM');
        if ((await waitExit(ms)) === null) {
          killPid(child?.pid, 'SIGKILL');
          await exit;
        }
      }
      log.end();
      drop();
    },
    rss() {
      const pid = child?.pid;
      if (!running() || pid === undefined) return 0;
      try {
        const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return kb ? Number(kb) * 1024 : 0;
      } catch {
        return 0;
      }
    },
    logBytes() {
      try {
        return statSync(options.logFile).size;
      } catch {
        return 0;
      }
    },
    logTail: (lines = 15) => tailOf(options.logFile, lines),
  };
}

function tailOf(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export const logPath = (dir: string, name: string) => path.join(dir, `${name}.log`);
