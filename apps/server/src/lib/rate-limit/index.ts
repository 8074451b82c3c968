import type { Database } from '../../db/client.ts';
import type { RedisConnection } from '../redis.ts';
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
  /** The server's Redis connection (lib/redis.ts); or `redisUrl` for one of the limiter's own. */
  redis?: RedisConnection | undefined;
  redisUrl?: string | undefined;
  db: Database;
  /** Prepended to every key (one namespace per deployment, or per test). */
  prefix: string;
  now?: () => number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const redis = options.redis ?? options.redisUrl;
  if (redis) return createRedisRateLimiter({ redis, prefix: options.prefix, now });
  return createDatabaseRateLimiter({ db: options.db, prefix: options.prefix, now });
}
