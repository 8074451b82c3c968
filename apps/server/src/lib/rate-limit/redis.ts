import { randomUUID } from 'node:crypto';
import { serviceUnavailable } from '../outage.ts';
import { connectRedis, type RedisConnection, type RedisSettings } from '../redis.ts';
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
  /** The server's connection (lib/redis.ts), or a URL for one of the limiter's own. */
  redis: RedisConnection | string;
  redisSettings?: RedisSettings | undefined;
  prefix: string;
  now: () => number;
}

/**
 * Fails closed: a limit Redis cannot check is a refusal, never a free pass, answered as the outage
 * it is (503 serviceUnavailable with Retry-After, lib/outage.ts) rather than a 500. The connection
 * fails fast (lib/redis.ts), so the refusal costs milliseconds.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const own = typeof options.redis === 'string';
  const redis = typeof options.redis === 'string' ? connectRedis(options.redis, options.redisSettings) : options.redis;
  const call = <T>(send: (client: RedisConnection['client']) => Promise<T>): Promise<T> =>
    redis.run(send).catch(() => {
      throw serviceUnavailable();
    });
  return {
    kind: 'redis',
    async consume(key, limit, windowMs): Promise<RateLimitResult> {
      const reply = await call(
        (client) =>
          client.eval(
            CONSUME,
            1,
            options.prefix + key,
            String(options.now()),
            String(windowMs),
            String(limit),
            randomUUID(),
          ) as Promise<[number, number, number]>,
      );
      return { allowed: reply[0] === 1, count: Number(reply[1]), retryAfterMs: Number(reply[2]) };
    },
    async count(key, windowMs) {
      return call((client) => client.zcount(options.prefix + key, `(${options.now() - windowMs}`, '+inf'));
    },
    async reset(key) {
      await call((client) => client.del(options.prefix + key));
    },
    async close() {
      if (own) await redis.close();
    },
  };
}
