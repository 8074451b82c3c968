import type { DatabaseHandle } from '../db/client.ts';

/**
 * How the sign-on writes and single-use claims are grouped (lib/batcher.ts): rows that arrive while
 * a statement runs leave together in the next one, so a burst of sign-ins costs a few statements
 * rather than a few per request.
 *
 * - PostgreSQL: statements are network round trips; requests arriving during one queue up by
 *   themselves, so a row leaves at once when a write slot is free (no wait). Two slots per kind of
 *   write: the sign-on path has four kinds (OTP checks with their customers, sign-in writes of
 *   session + code + device, code claims, access tokens) sharing a pool of 10, and more slots only
 *   made batches smaller (bench/sso.ts: the exchange's
 *   p99 went from 54 to 34 ms going from 4 to 2, one run each on a shared box; 1 measured as 2).
 * - PGlite: the embedded engine runs a statement synchronously on the event loop, so it has always
 *   finished before the next request is even read, and nothing would ever queue. A 1 ms gather
 *   lets the requests read in the same turn of the loop share one statement; it adds 1 ms per
 *   stage when idle and saves several statements per request under load (bench/sso.ts).
 */
export interface GroupCommit {
  maxWaitMs: number;
  maxConcurrentFlushes: number;
}

export const IMMEDIATE: GroupCommit = { maxWaitMs: 0, maxConcurrentFlushes: 1 };

export function groupCommitFor(kind: DatabaseHandle['kind']): GroupCommit {
  return kind === 'postgres' ? { maxWaitMs: 0, maxConcurrentFlushes: 2 } : { maxWaitMs: 1, maxConcurrentFlushes: 1 };
}
