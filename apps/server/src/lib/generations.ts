import { Redis } from 'ioredis';
import { createBatcher } from './batcher.ts';

/**
 * Change counters that let an instance keep answers in memory and still never serve one that a
 * change made stale, on this instance or any other: the access-token liveness cache (revocations,
 * auth/token-liveness.ts) and puckar/check's ledger answers (consent entries, modules/consent).
 *
 * - Every change calls `bump()` after it committed and before it answers: this instance's local
 *   count moves and, with Redis, a shared counter is INCRed (awaited, so once the change's request
 *   answers, every instance will read the new value).
 * - A cached answer is tagged with the generation read *before* the database read it came from, and
 *   used only while `current()` still returns that generation. With Redis the shared counter is
 *   read once per event-loop turn for every counter asked that turn (one MGET issued after the
 *   requests arrived, never an older read), so a request that starts after another instance's
 *   change answered sees the new count and goes to the database. A read in flight across a change
 *   carries the older tag and is never used afterwards.
 * - Any failure to read the shared counter is null: a cache miss (the database decides), never a hit.
 * - Without Redis, caching is on only for the embedded database (PGlite): its data directory belongs
 *   to one process, so every change is made here. With PostgreSQL and no Redis, several instances
 *   may share the database and none could tell the others: `caching` is false and nothing is cached.
 */
export interface GenerationCounter {
  /** The generation now, or null when it cannot be known (or nothing may be cached): a cache miss. */
  current(): Promise<string | null>;
  /** After a change committed, before answering: every cached answer tagged before it is stale everywhere. */
  bump(): Promise<void>;
}

export interface Generations {
  /** Whether answers may be cached at all (false: PostgreSQL without Redis). */
  readonly caching: boolean;
  /** The counter called `name` (one per kind of change). */
  counter(name: string): GenerationCounter;
  close(): Promise<void>;
}

export interface GenerationsOptions {
  /** The embedded database (single process): caching needs no shared counter. */
  embedded: boolean;
  /** Redis shared by every instance: the counters live there. */
  redisUrl?: string | undefined;
  /** Key prefix of this deployment (the rate limits' one). */
  prefix?: string | undefined;
}

export function createGenerations(options: GenerationsOptions): Generations {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // A lost connection is retried by ioredis; meanwhile every read fails and the database decides.
  redis?.on('error', () => undefined);
  const caching = options.embedded || redis !== undefined;
  const prefix = options.prefix ?? '';

  /** The shared counters asked in one turn, one MGET for all of them. */
  const sharedReads = createBatcher<string, string | null>({
    maxWaitMs: 'turn',
    maxBatchSize: 10_000,
    maxConcurrentFlushes: 4,
    async flush(keys) {
      const distinct = [...new Set(keys)];
      let values: (string | null)[] | null;
      try {
        values = await redis!.mget(...distinct);
      } catch {
        values = null;
      }
      const byKey = new Map(distinct.map((key, i) => [key, values === null ? null : (values[i] ?? '0')]));
      return keys.map((key) => byKey.get(key)!);
    },
  });

  const counters = new Map<string, GenerationCounter>();
  function counter(name: string): GenerationCounter {
    const existing = counters.get(name);
    if (existing) return existing;
    const key = `${prefix}${name}`;
    let local = 0;
    const created: GenerationCounter = {
      async current() {
        if (!caching) return null;
        const before = local;
        if (!redis) return `${before}`;
        const shared = await sharedReads.add(key);
        // A local change while the read was out also counts: the local part is read before and after.
        if (shared === null || before !== local) return null;
        return `${before}:${shared}`;
      },
      async bump() {
        local += 1;
        // A failing INCR fails the change's request (a 5xx), rather than answer while another
        // instance could still serve what the change made stale.
        if (redis) await redis.incr(key);
      },
    };
    counters.set(name, created);
    return created;
  }

  return {
    caching,
    counter,
    async close() {
      await sharedReads.drain();
      await redis?.quit().catch(() => undefined);
    },
  };
}
