import {
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
  type RedisSettings,
} from '../lib/redis.ts';
import { ConfigError } from './shared.ts';

/**
 * How long Redis may take (lib/redis.ts, README "Redis"): with Redis down or stuck a request pays
 * at most this, then reads the database (caches) or answers 503 (rate limits).
 *
 * - PRAVESH_REDIS_COMMAND_TIMEOUT_MS  one command, default 500
 * - PRAVESH_REDIS_CONNECT_TIMEOUT_MS  one connection attempt (retried in the background), default 1000
 */
export type RedisTimeouts = Required<Pick<RedisSettings, 'commandTimeoutMs' | 'connectTimeoutMs'>>;

function timeout(variable: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 60_000) {
    throw new ConfigError(`${variable} must be a whole number of milliseconds from 1 to 60000`);
  }
  return value;
}

export function loadRedisTimeouts(env: Record<string, string | undefined>): RedisTimeouts {
  return {
    commandTimeoutMs: timeout(
      'PRAVESH_REDIS_COMMAND_TIMEOUT_MS',
      env.PRAVESH_REDIS_COMMAND_TIMEOUT_MS,
      DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
    ),
    connectTimeoutMs: timeout(
      'PRAVESH_REDIS_CONNECT_TIMEOUT_MS',
      env.PRAVESH_REDIS_CONNECT_TIMEOUT_MS,
      DEFAULT_REDIS_CONNECT_TIMEOUT_MS,
    ),
  };
}
