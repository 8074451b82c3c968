import type { Database } from '../../db/client.ts';
import { createDatabaseRateLimiter } from './database.ts';
import { createRedisRateLimiter } from './redis.ts';

/**
 * Sliding-window rate limits that hold across server instances: in Redis when REDIS_URL is set,
 * otherwise in the database every instance shares. Both keep a log of hits per key inside the
 * window, so "at most N per hour" means any 60 minutes, not a calendar hour (a fixed window would
 * allow 2N around its edge). Time comes from an injectable clock so tests need no sleeps.
 */
export interface RateLimitResult {
  /** True when the hit was recorded (the key was under its limit). */
  allowed: boolean;
  /** Hits inside the window, this one included when allowed. */
  count: number;
  /** When refused: milliseconds until the oldest hit leaves the window; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  readonly kind: 'redis' | 'database';
  /** Records one hit for `key` when fewer than `limit` hits fall in the last `windowMs`. */
  consume(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forgets every hit of `key`. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

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
