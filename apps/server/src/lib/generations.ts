import { randomBytes, randomInt } from 'node:crypto';
import { createBatcher } from './batcher.ts';
import { connectRedis, type RedisConnection, type RedisSettings } from './redis.ts';

/**
 * Change counters that let an instance keep answers in memory and still never serve one that a
 * change made stale, on this instance or any other: the access-token liveness cache (revocations,
 * auth/token-liveness.ts), puckar/check's ledger answers and the score tile's latest pulls
 * (lib/kept-reads.ts).
 *
 * - Every change calls `bump()` after it committed and before it answers: this instance's local
 *   count moves and, with Redis, the shared counter moves (awaited, so once the change's request
 *   answers, every instance will read the new value).
 * - A kept answer is tagged with the generation read *before* the database read it came from, and
 *   used only while `current()` still returns that generation, and for at most `maxKeptMs`. With
 *   Redis the shared counters are read once per event-loop turn for every counter asked that turn
 *   (one MGET issued after the requests arrived, never an older read), so a request that starts
 *   after another instance's change answered sees the new value and goes to the database.
 * - Any failure to read the shared counter is null: a cache miss (the database decides), never a hit.
 * - Without Redis, caching is on only for the embedded database (PGlite): its data directory belongs
 *   to one process, so every change is made here. With PostgreSQL and no Redis, several instances
 *   may share the database and none could tell the others: `caching` is false and nothing is cached.
 *
 * Redis may lose or roll back what it holds (a restart without persistence, FLUSHALL, an evicted
 * key, a failover to a replica that had not received the last writes, an old snapshot restored).
 * A plain counter set back to n and INCRed again would make an answer tagged n valid again after a
 * revocation: a logged-out token accepted (OWASP ASVS 4.0.3 V3.3.1). So a generation never recurs:
 *
 * 1. An epoch key beside the counters, a random value created with SET NX and read in the same MGET,
 *    is part of every tag. Data lost wholesale (restart, FLUSHALL, a new empty Redis) loses the
 *    epoch: its replacement differs from every old tag. A missing epoch is "unknown" until it is
 *    recreated. All keys share one hash tag ({pravesh:gen}), so the MGET and the scripts also run
 *    on Redis Cluster.
 * 2. A missing counter (evicted, never bumped) is unknown, and is recreated at a random start.
 *    Counters move by a random increment (1..2^31), never +1, so values after a rollback do not
 *    retrace the old ones.
 * 3. Each instance remembers the highest value it has read of each counter: a lower value from a
 *    read issued later is a rollback, and everything kept is dropped. An answer tagged n implies
 *    the instance had read n; a later value is then either lower (a rollback, dropped) or at least
 *    the highest seen, which after a rollback equals n only by chance (2^-31 per bump at most).
 * 4. Everything kept is dropped whenever the connection to Redis closes or errs, or a command
 *    fails (a session number in every tag): a failover or a restart always closes the connection,
 *    so what was learnt from the old server never answers for the new one.
 * 5. A bump that fails does not fail the change (it committed; the database is the truth and the
 *    request answers success): this instance keeps nothing for that counter until a retry, every
 *    100 ms backing off to 2 s, has moved the shared counter. Other instances reading that Redis
 *    meanwhile are bounded by 6.
 * 6. The last bound: nothing is kept longer than `maxKeptMs` (default 60 s, README "Redis"), for a
 *    rollback no instance could see (a lost bump on a failover that closed no connection of an
 *    instance holding an answer, a bump still being retried).
 */
export interface GenerationCounter {
  /** The generation now, or null when it cannot be known (or nothing may be cached): a cache miss. */
  current(): Promise<string | null>;
  /** After a change committed, before answering: every cached answer tagged before it is stale everywhere. */
  bump(): Promise<void>;
  /** Milliseconds an answer tagged with a generation may be kept at most, even while it is current. */
  readonly maxKeptMs: number;
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
  /** Redis shared by every instance (lib/redis.ts): the counters live there. */
  redis?: RedisConnection | undefined;
  /** Or its URL: a connection of this module's own, closed with it. */
  redisUrl?: string | undefined;
  redisSettings?: RedisSettings | undefined;
  /** Key prefix of this deployment (the rate limits' one). */
  prefix?: string | undefined;
  /** How long a kept answer may live at most (6. above); default DEFAULT_MAX_KEPT_MS. */
  maxKeptMs?: number | undefined;
}

export const DEFAULT_MAX_KEPT_MS = 60_000;
/** Every key of the counters carries it: one Redis Cluster slot for the MGET and the scripts. */
export const GENERATIONS_HASH_TAG = '{pravesh:gen}';
const MAX_START = 2 ** 47;
const MAX_INCREMENT = 2 ** 31;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2_000;

/**
 * KEYS: the epoch, a counter. ARGV: a new epoch, a random start, an increment ("0": only create).
 * The epoch and the counter are created if missing, then the counter moves.
 */
const ENSURE_AND_BUMP = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
redis.call('SET', KEYS[2], ARGV[2], 'NX')
if ARGV[3] ~= '0' then redis.call('INCRBY', KEYS[2], ARGV[3]) end
return 1
`;

interface CounterState {
  readonly key: string;
  /** Changes made on this instance (read before and after a shared read). */
  local: number;
  /** The highest shared value read, and the number of the read that saw it. */
  highest: bigint | null;
  highestRead: number;
  /** A bump failed and is being retried: nothing is kept for this counter meanwhile. */
  owed: boolean;
  /** Bumps that failed so far: a retry settles those that failed before it was sent. */
  failedBumps: number;
  retrying: boolean;
}

interface SharedValue {
  epoch: string;
  value: string;
}

function parseCounter(value: string): bigint | null {
  return /^-?\d{1,20}$/.test(value) ? BigInt(value) : null;
}

export function createGenerations(options: GenerationsOptions): Generations {
  const ownConnection = !options.redis && options.redisUrl !== undefined;
  const redis = options.redis ?? (options.redisUrl ? connectRedis(options.redisUrl, options.redisSettings) : undefined);
  const caching = options.embedded || redis !== undefined;
  const prefix = options.prefix ?? '';
  const maxKeptMs = options.maxKeptMs ?? DEFAULT_MAX_KEPT_MS;
  const epochKey = `${prefix}${GENERATIONS_HASH_TAG}:epoch`;

  /** Part of every tag: moves whenever what this instance learnt from Redis may no longer hold (4.). */
  let session = 0;
  const dropEverything = () => {
    session += 1;
  };
  redis?.onTrouble(dropEverything);

  let lastEpoch: string | null = null;
  let reads = 0;
  let closed = false;
  const retryTimers = new Set<NodeJS.Timeout>();
  const states = new Map<string, CounterState>();

  const ensureAndBump = (key: string, increment: number) =>
    redis!.run((client) =>
      client.eval(
        ENSURE_AND_BUMP,
        2,
        epochKey,
        key,
        randomBytes(16).toString('hex'),
        String(randomInt(0, MAX_START)),
        String(increment),
      ),
    );

  /** Recreates a missing epoch or counter (1., 2.); at most one repair per key at a time. */
  const repairing = new Set<string>();
  function repair(key: string): void {
    if (repairing.has(key) || closed) return;
    repairing.add(key);
    ensureAndBump(key, 0)
      .catch(() => {}) // reported by run; the next read finds the key still missing and repairs again
      .finally(() => repairing.delete(key));
  }

  /** A value read for a counter: null when it is not one to tag with (3.). */
  function checked(state: CounterState, raw: string, read: number): string | null {
    const value = parseCounter(raw);
    if (value === null) return null;
    if (state.highest !== null && value < state.highest) {
      // An older read overtaken by a newer one is only out of date; a newer one that went back is a rollback.
      if (read < state.highestRead) return null;
      dropEverything();
      state.highest = value;
      state.highestRead = read;
      return null;
    }
    state.highest = value;
    state.highestRead = Math.max(read, state.highestRead);
    return raw;
  }

  /** The shared counters asked in one turn, one MGET (with the epoch) for all of them. */
  const sharedReads = createBatcher<string, SharedValue | null>({
    maxWaitMs: 'turn',
    maxBatchSize: 10_000,
    maxConcurrentFlushes: 4,
    async flush(keys) {
      const distinct = [...new Set(keys)];
      const read = (reads += 1);
      let values: (string | null)[];
      try {
        values = await redis!.run((client) => client.mget(epochKey, ...distinct));
      } catch {
        return keys.map(() => null);
      }
      const epoch = values[0] ?? null;
      if (epoch === null) {
        repair(distinct[0]!);
        return keys.map(() => null);
      }
      if (epoch !== lastEpoch) {
        // A new epoch: Redis lost its data (or this is the first read). The highest values seen
        // belong to the old counters; every tag of the old epoch is stale anyway.
        if (lastEpoch !== null) dropEverything();
        lastEpoch = epoch;
        for (const state of states.values()) state.highest = null;
      }
      const byKey = new Map<string, SharedValue | null>();
      distinct.forEach((key, i) => {
        const raw = values[i + 1] ?? null;
        if (raw === null) repair(key);
        const value = raw === null ? null : checked(states.get(key)!, raw, read);
        byKey.set(key, value === null ? null : { epoch, value });
      });
      return keys.map((key) => byKey.get(key)!);
    },
  });

  /** Retries failed bumps until one sent after the last failure moves the shared counter (5.). */
  function retryBump(state: CounterState, delayMs: number): void {
    if (closed) return;
    state.retrying = true;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      const covers = state.failedBumps;
      ensureAndBump(state.key, randomInt(1, MAX_INCREMENT))
        .then(() => {
          if (state.failedBumps === covers) {
            state.owed = false;
            state.retrying = false;
          } else {
            retryBump(state, FIRST_RETRY_MS);
          }
        })
        .catch(() => {
          retryBump(state, Math.min(delayMs * 2, MAX_RETRY_MS));
        });
    }, delayMs);
    timer.unref();
    retryTimers.add(timer);
  }

  function counter(name: string): GenerationCounter {
    const key = `${prefix}${GENERATIONS_HASH_TAG}:${name}`;
    let state = states.get(key);
    if (!state) {
      state = { key, local: 0, highest: null, highestRead: 0, owed: false, failedBumps: 0, retrying: false };
      states.set(key, state);
      // Created now rather than on its first read, which would otherwise find it missing (unknown).
      if (redis) repair(key);
    }
    const own = state;
    return {
      maxKeptMs,
      async current() {
        if (!caching) return null;
        const before = own.local;
        if (!redis) return `${before}`;
        if (own.owed) return null;
        const sessionBefore = session;
        const shared = await sharedReads.add(key);
        // A local change, a failure or a rollback while the read was out also counts.
        if (shared === null || before !== own.local || sessionBefore !== session || own.owed) return null;
        return `${shared.epoch}:${shared.value}:${session}:${before}`;
      },
      async bump() {
        own.local += 1;
        if (!redis) return;
        try {
          await ensureAndBump(key, randomInt(1, MAX_INCREMENT));
        } catch {
          // The change committed: its request answers success, and the bump is owed (5.).
          own.owed = true;
          own.failedBumps += 1;
          if (!own.retrying) retryBump(own, FIRST_RETRY_MS);
        }
      },
    };
  }

  return {
    caching,
    counter,
    async close() {
      closed = true;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await sharedReads.drain();
      if (ownConnection) await redis?.close();
    },
  };
}
