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
  maxWaitMs: number | 'turn';
  maxConcurrentFlushes: number;
}

export const IMMEDIATE: GroupCommit = { maxWaitMs: 0, maxConcurrentFlushes: 1 };

export function groupCommitFor(kind: DatabaseHandle['kind']): GroupCommit {
  return kind === 'postgres' ? { maxWaitMs: 0, maxConcurrentFlushes: 2 } : { maxWaitMs: 1, maxConcurrentFlushes: 1 };
}

/**
 * How the ingestion writes are grouped: visits (modules/visits) and analytics events in the database
 * (event-sink/postgres.ts), each a queue of its own. A batch gathers what one event-loop turn has
 * read from the sockets ('turn'), and leaves at once when a slot is free.
 *
 * - PostgreSQL: four batches in flight. A batch's time is mostly the commit's wait (WAL flush, the
 *   backend's turn on a busy CPU), not work, so a request that finds every slot busy waits a whole
 *   commit more; with two slots a visit waited 4–9 ms for a slot on top of a 12–33 ms commit on the
 *   shared 2-core box. Interleaved wrk rounds (bench/visit-ingestion.ts routes, 10 rounds of 2 s):
 *   batched visits/s 2,162 with two slots, 2,799 with four; event/produce 2,244 with two, 2,859
 *   with four, 2,550 with six. (Two had beaten four before the day-before check probed by key,
 *   db/daily-partitions.ts, when every batch read the day's partition whole and more batches at once
 *   only meant more of those reads; 'turn' had beaten a 1 ms gather by 4–8 %.) Both queues' slots
 *   together, 8, are within the pool of 10 (config/database.ts); when every kind of write bursts at
 *   once (these and the sign-on writes above), the pool's own queue takes them in turn.
 * - PGlite: one at a time (it runs one statement at a time), after a 1 ms gather: 'turn' gave the
 *   same visits/s with a worse p99 (23–117 ms against 20–36 ms).
 */
export function ingestionBatchingFor(kind: DatabaseHandle['kind']): GroupCommit {
  return kind === 'postgres'
    ? { maxWaitMs: 'turn', maxConcurrentFlushes: 4 }
    : { maxWaitMs: 1, maxConcurrentFlushes: 1 };
}
