import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult } from './types.ts';

/**
 * One sorted set per key, scored by hit time. The Lua script trims, counts and adds atomically on
 * the Redis server, so concurrent instances cannot both take the last slot.
 */
const CONSUME = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, count + 1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local retry = tonumber(oldest[2]) + window - now
if retry < 1 then retry = 1 end
return {0, count, retry}
`;

export interface RedisRateLimiterOptions {
  url: string;
  prefix: string;
  now: () => number;
}

export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: false });
  // A lost connection is retried by ioredis; commands fail meanwhile and surface as 500s.
  redis.on('error', () => undefined);
  return {
    kind: 'redis',
    async consume(key, limit, windowMs): Promise<RateLimitResult> {
      const reply = (await redis.eval(
        CONSUME,
        1,
        options.prefix + key,
        String(options.now()),
        String(windowMs),
        String(limit),
        randomUUID(),
      )) as [number, number, number];
      return { allowed: reply[0] === 1, count: Number(reply[1]), retryAfterMs: Number(reply[2]) };
    },
    async count(key, windowMs) {
      return redis.zcount(options.prefix + key, `(${options.now() - windowMs}`, '+inf');
    },
    async reset(key) {
      await redis.del(options.prefix + key);
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
