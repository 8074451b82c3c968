import type { Database } from '../../db/client.ts';
import { createDatabaseRateLimiter } from './database.ts';
import { createRedisRateLimiter } from './redis.ts';
import type { RateLimiter } from './types.ts';

// The implementations import their interface from types.ts, not from here (no circle).
export type { RateLimiter, RateLimitResult } from './types.ts';

/**
 * Sliding-window rate limits that hold across server instances: in Redis when REDIS_URL is set,
 * otherwise in the database every instance shares. Both keep a log of hits per key inside the
 * window, so "at most N per hour" means any 60 minutes, not a calendar hour (a fixed window would
 * allow 2N around its edge). Time comes from an injectable clock so tests need no sleeps.
 */
export interface RateLimiterOptions {
  redisUrl?: string | undefined;
  db: Database;
  /** Prepended to every key (one namespace per deployment, or per test). */
  prefix: string;
  now?: () => number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  if (options.redisUrl) return createRedisRateLimiter({ url: options.redisUrl, prefix: options.prefix, now });
  return createDatabaseRateLimiter({ db: options.db, prefix: options.prefix, now });
}
