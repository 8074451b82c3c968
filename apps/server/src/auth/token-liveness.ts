import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { ssoAccessTokens, ssoSessions } from '../db/schema/sso.ts';
import { createBatcher } from '../lib/batcher.ts';
import type { Generations } from '../lib/generations.ts';
import type { CountLookup } from '../lib/kept-reads.ts';

/**
 * Whether an access token's row and its session are still live (unrevoked, unexpired), with a
 * cache in front of the database, shared by every verifier of one server instance.
 *
 * Why a cache: the bench measured getCreditScores and pco/offers at 0.08 of the shielded
 * no-op route, almost all of it this per-request join (PGlite runs it on the event loop). A token
 * and its session only ever go from live to dead (revoked, or past expiry), so a "live" answer can
 * be kept until the earlier of the two expiries, as long as every revocation is seen at once.
 *
 * Why it stays safe (OWASP ASVS 4.0.3 V3.3.1 "logout and expiration invalidate the session token",
 * V3.3.4 "log out of any or all currently active sessions and devices"; ASVS 5.0 V7.4.1/V7.4.5):
 * a revoked session must stop working on every instance the moment the revoking request answers,
 * not after a cache lifetime. So a cached answer is tied to a revocation generation (the counter
 * mechanics are lib/generations.ts, shared with puckar/check's ledger answers):
 *
 * - Every revocation (sessions store, the code replay guard, RFC 7009 revoke, My Account's "sign
 *   this device out") calls `revoked()` after its UPDATE committed and before it answers. That
 *   bumps this instance's local generation and, with Redis, moves a shared counter.
 * - A cached "live" is used only when the generation read for this request equals the one read
 *   before the cached database check started. With Redis the shared counter is read once per
 *   event-loop turn for the requests of that turn (a GET, never one issued before the request
 *   arrived), so a request that starts after another instance's revocation answered sees the new
 *   counter and goes to the database. A database check in flight across a revocation is tagged with
 *   the older generation and so is never used afterwards.
 * - Any failure to read the shared counter is a cache miss (the database decides), never a hit.
 *   A reset, eviction or rollback of the counter in Redis never makes an old tag current again, and
 *   no answer is kept longer than the counter's maxKeptMs (lib/generations.ts, 1.–6.).
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
  /**
   * The instance's change counters (deps.generations, lib/generations.ts): revocations bump its
   * "token-revocations" counter. Without them, or where they do not cache, every check asks the database.
   */
  generations?: Generations | undefined;
  /** Most cached tokens kept; the oldest go first. */
  maxEntries?: number;
  /** Told whether each check was answered from memory (metrics). */
  countLookup?: CountLookup | undefined;
}

interface Cached {
  liveUntil: number;
  generation: string;
  /** performance.now() when the generation was read: kept for at most the counter's maxKeptMs. */
  keptAt: number;
}

const DEFAULT_MAX_ENTRIES = 100_000;

/** The counter every revocation moves, on every instance. */
export const REVOCATION_COUNTER = 'token-revocations';

export function createTokenLiveness(options: TokenLivenessOptions): TokenLiveness {
  const { db, now } = options;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const caching = options.generations?.caching ?? false;
  const revocations = options.generations?.counter(REVOCATION_COUNTER);
  const cache = new Map<string, Cached>();

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
      const readAt = performance.now();
      const before = caching ? ((await revocations?.current()) ?? null) : null;
      if (before !== null) {
        const hit = cache.get(jti);
        const young = hit !== undefined && readAt - hit.keptAt < revocations!.maxKeptMs;
        if (hit && young && hit.generation === before && hit.liveUntil > now()) {
          options.countLookup?.('hit');
          return true;
        }
        if (hit) cache.delete(jti);
      }
      options.countLookup?.('miss');
      const liveUntil = await liveChecks.add(jti);
      if (liveUntil === null || liveUntil <= now()) return false;
      // Tagged with the generation read before the check: a revocation meanwhile makes it stale.
      if (before !== null) remember(jti, { liveUntil, generation: before, keptAt: readAt });
      return true;
    },
    async revoked() {
      cache.clear();
      // Awaited: the revoking request answers only once other instances will see the new counter.
      // A bump Redis refuses is retried in the background (lib/generations.ts, 5.): the revocation
      // committed, so its request answers success.
      await revocations?.bump();
    },
    async close() {
      await liveChecks.drain();
    },
  };
}

/** For verifiers built without one (tests of a single service): no cache, the database decides. */
export function uncachedTokenLiveness(db: Database, now: () => number): TokenLiveness {
  return createTokenLiveness({ db, now });
}
