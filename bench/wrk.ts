import { execFile, execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * wrk (C, epoll) as the load generator of the visit benchmark when it is installed
 * (`apt-get install -y wrk`). On these 2 cores the load generator shares the CPU with the server
 * and the database: autocannon (Node) spends about 45 µs of CPU per request, wrk under 15, so with
 * wrk the figure says more about the server and less about the client.
 */

const run = promisify(execFile);

export function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['-v'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // `wrk -v` prints its version and exits 1; only a missing binary is "not installed".
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** One load round's counts, from either load generator. */
export interface LoadRound {
  requests: number;
  seconds: number;
  ok: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** The figures of wrk's report (printed with --latency). */
export function parseWrkReport(report: string): LoadRound {
  const totals = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(report);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(report);
  if (!totals || !p99) throw new Error(`wrk printed no totals or no 99th percentile:\n${report}`);
  const requests = Number(totals[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const errors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return {
    requests,
    seconds: (Number(totals[2]) * UNIT_MS[totals[3]!]!) / 1000,
    ok: requests - non2xx,
    non2xx,
    errors,
    p99Ms: Number(p99[1]) * UNIT_MS[p99[2]!]!,
  };
}

export interface WrkVisitOptions {
  url: string;
  connections: number;
  seconds: number;
  tokenHeader: string;
  token: string;
  /** The fields every visit shares, as JSON without its braces. */
  constantFields: string;
}

const SCRIPT = fileURLToPath(new URL('./wrk/visit.lua', import.meta.url));

/** One round of wrk/visit.lua against `url`, on one thread (the box has 2 cores to share). */
export async function wrkVisits(options: WrkVisitOptions): Promise<LoadRound> {
  const { stdout, stderr } = await run(
    'wrk',
    ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', SCRIPT, options.url],
    {
      env: {
        ...process.env,
        VISIT_CONSTANT: options.constantFields,
        VISIT_TOKEN_HEADER: options.tokenHeader,
        VISIT_TOKEN: options.token,
        VISIT_SEED: String(randomInt(1, 2 ** 31)),
      },
    },
  );
  // A script error does not stop wrk: it sends bare requests instead. Its message is the answer.
  if (stderr.trim() !== '') throw new Error(`wrk: ${stderr.trim().split('\n')[0]}`);
  return parseWrkReport(stdout);
}
