import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema/rate-limit.ts';
import type { RateLimiter, RateLimitResult } from './types.ts';

export interface DatabaseRateLimiterOptions {
  db: Database;
  prefix: string;
  now: () => number;
}

/** Every this many hits, expired rows of every key are swept (each key's own are swept on use). */
const SWEEP_EVERY = 200;

/**
 * A hit log in the shared database. A transaction-scoped advisory lock on the key serialises
 * concurrent consumers of one key across instances (PostgreSQL and PGlite alike), so the count and
 * the insert cannot interleave.
 */
export function createDatabaseRateLimiter(options: DatabaseRateLimiterOptions): RateLimiter {
  const { db, now } = options;
  let hits = 0;
  return {
    kind: 'database',
    async consume(rawKey, limit, windowMs): Promise<RateLimitResult> {
      const key = options.prefix + rawKey;
      const at = now();
      const windowStart = new Date(at - windowMs);
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.hitAt, windowStart)));
        const inWindow = and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, windowStart));
        const count = await tx.$count(rateLimitHits, inWindow);
        if (count < limit) {
          await tx
            .insert(rateLimitHits)
            .values({ id: randomUUID(), key, hitAt: new Date(at), expiresAt: new Date(at + windowMs) });
          return { allowed: true, count: count + 1, retryAfterMs: 0 };
        }
        // The next hit fits once the window holds limit - 1 hits: when the (count - limit + 1)th
        // oldest leaves it.
        const [oldest] = await tx
          .select({ hitAt: rateLimitHits.hitAt })
          .from(rateLimitHits)
          .where(inWindow)
          .orderBy(asc(rateLimitHits.hitAt))
          .offset(count - limit)
          .limit(1);
        const leavesAt = (oldest?.hitAt.getTime() ?? at) + windowMs;
        return { allowed: false, count, retryAfterMs: Math.max(1, leavesAt - at) };
      });
      hits += 1;
      if (hits % SWEEP_EVERY === 0) {
        await db.delete(rateLimitHits).where(lte(rateLimitHits.expiresAt, new Date(at)));
      }
      return result;
    },
    async count(rawKey, windowMs) {
      const windowStart = new Date(now() - windowMs);
      return db.$count(
        rateLimitHits,
        and(eq(rateLimitHits.key, options.prefix + rawKey), gt(rateLimitHits.hitAt, windowStart)),
      );
    },
    async reset(rawKey) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, options.prefix + rawKey));
    },
    close: () => Promise.resolve(),
  };
}
