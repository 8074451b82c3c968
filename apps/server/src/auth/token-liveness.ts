import { and, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { ssoAccessTokens, ssoSessions } from '../db/schema/sso.ts';
import { createBatcher } from '../lib/batcher.ts';

/**
 * Whether an access token's row and its session are still live (unrevoked, unexpired), with a
 * cache in front of the database, shared by every verifier of one server instance.
 *
 * Why a cache: the issue 14 bench measured getCreditScores and pco/offers at 0.08 of the shielded
 * no-op route, almost all of it this per-request join (PGlite runs it on the event loop). A token
 * and its session only ever go from live to dead (revoked, or past expiry), so a "live" answer can
 * be kept until the earlier of the two expiries, as long as every revocation is seen at once.
 *
 * Why it stays safe (OWASP ASVS 4.0.3 V3.3.1 "logout and expiration invalidate the session token",
 * V3.3.4 "log out of any or all currently active sessions and devices"; ASVS 5.0 V7.4.1/V7.4.5):
 * a revoked session must stop working on every instance the moment the revoking request answers,
 * not after a cache lifetime. So a cached answer is tied to a revocation generation:
 *
 * - Every revocation (sessions store, the code replay guard, RFC 7009 revoke, My Account's "sign
 *   this device out") calls `revoked()` after its UPDATE committed and before it answers. That
 *   bumps this instance's local generation and, with Redis, INCRs a shared counter.
 * - A cached "live" is used only when the generation read for this request equals the one read
 *   before the cached database check started. With Redis the shared counter is read once per
 *   event-loop turn for the requests of that turn (a GET, never one issued before the request
 *   arrived), so a request that starts after another instance's revocation answered sees the new
 *   counter and goes to the database. A database check in flight across a revocation is tagged with
 *   the older generation and so is never used afterwards.
 * - Any failure to read the shared counter is a cache miss (the database decides), never a hit.
 * - Without Redis the cache is on only for the embedded database (PGlite): its data directory
 *   belongs to one process, so there is no other instance to miss a revocation. With PostgreSQL and
 *   no Redis, several instances may share the database and none could tell the others, so every
 *   request asks the database (batched per turn), as before.
 */
export interface TokenLiveness {
  /** Whether the token `jti` and its session are live now. */
  isLive(jti: string): Promise<boolean>;
  /**
   * Call after a revocation committed (a session, a token, several) and before answering: every
   * cached answer on every instance is dropped. Resolves once the shared counter moved.
   */
  revoked(): Promise<void>;
  /** Whether answers are cached at all (false: PostgreSQL without Redis). */
  readonly caching: boolean;
  close(): Promise<void>;
}

export interface TokenLivenessOptions {
  db: Database;
  now: () => number;
  /** The embedded database (single process): caching needs no shared counter. */
  embedded: boolean;
  /** Redis shared by every instance: the revocation counter lives there. */
  redisUrl?: string | undefined;
  /** Key prefix of this deployment (the rate limits' one). */
  prefix?: string;
  /** Most cached tokens kept; the oldest go first. */
  maxEntries?: number;
}

interface Cached {
  liveUntil: number;
  generation: string;
}

const DEFAULT_MAX_ENTRIES = 100_000;

export function createTokenLiveness(options: TokenLivenessOptions): TokenLiveness {
  const { db, now } = options;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // A lost connection is retried by ioredis; meanwhile every read fails and the database decides.
  redis?.on('error', () => undefined);
  const counterKey = `${options.prefix ?? ''}token-revocations`;
  const caching = options.embedded || redis !== undefined;

  let localGeneration = 0;
  const cache = new Map<string, Cached>();

  /** The shared counter, one GET per event-loop turn for every request of that turn. */
  const sharedReads = createBatcher<null, string | null>({
    maxWaitMs: 'turn',
    maxBatchSize: 10_000,
    maxConcurrentFlushes: 4,
    async flush(items) {
      let value: string | null;
      try {
        value = (await redis!.get(counterKey)) ?? '0';
      } catch {
        value = null;
      }
      return items.map(() => value);
    },
  });

  /** The current generation, or null when it cannot be known (then nothing cached is trusted). */
  async function generation(): Promise<string | null> {
    const local = localGeneration;
    if (!redis) return `${local}`;
    const shared = await sharedReads.add(null);
    // A local revocation while the GET was out also counts: read the local part before and after.
    if (shared === null || local !== localGeneration) return null;
    return `${local}:${shared}`;
  }

  const liveChecks = createBatcher<string, number | null>({
    maxWaitMs: 'turn',
    maxBatchSize: 200,
    maxConcurrentFlushes: 2,
    async flush(jtis) {
      const rows = await db
        .select({
          jti: ssoAccessTokens.jti,
          tokenRevokedAt: ssoAccessTokens.revokedAt,
          tokenExpiresAt: ssoAccessTokens.expiresAt,
          sessionRevokedAt: ssoSessions.revokedAt,
          sessionExpiresAt: ssoSessions.expiresAt,
        })
        .from(ssoAccessTokens)
        .innerJoin(ssoSessions, eq(ssoSessions.sessionId, ssoAccessTokens.sessionId))
        .where(and(inArray(ssoAccessTokens.jti, [...new Set(jtis)])));
      const liveUntil = new Map<string, number>();
      for (const row of rows) {
        if (row.tokenRevokedAt !== null || row.sessionRevokedAt !== null) continue;
        liveUntil.set(row.jti, Math.min(row.tokenExpiresAt.getTime(), row.sessionExpiresAt.getTime()));
      }
      return jtis.map((jti) => liveUntil.get(jti) ?? null);
    },
  });

  function remember(jti: string, entry: Cached): void {
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(jti, entry);
  }

  return {
    caching,
    async isLive(jti) {
      const before = caching ? await generation() : null;
      if (before !== null) {
        const hit = cache.get(jti);
        if (hit && hit.generation === before && hit.liveUntil > now()) return true;
        if (hit) cache.delete(jti);
      }
      const liveUntil = await liveChecks.add(jti);
      if (liveUntil === null || liveUntil <= now()) return false;
      // Tagged with the generation read before the check: a revocation meanwhile makes it stale.
      if (before !== null) remember(jti, { liveUntil, generation: before });
      return true;
    },
    async revoked() {
      localGeneration += 1;
      cache.clear();
      // Awaited: the revoking request answers only once other instances will see the new counter.
      // A failing INCR fails the revocation's request (a 5xx), rather than answer "signed out" while
      // another instance could still accept the token from its cache.
      if (redis) await redis.incr(counterKey);
    },
    async close() {
      await Promise.allSettled([sharedReads.drain(), liveChecks.drain()]);
      await redis?.quit().catch(() => undefined);
    },
  };
}

/** For verifiers built without one (tests of a single service): no cache, the database decides. */
export function uncachedTokenLiveness(db: Database, now: () => number): TokenLiveness {
  return createTokenLiveness({ db, now, embedded: false });
}
