import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER_AVAILABLE, startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { checkRedisSettings, connectRedis, type RedisConnection, type RedisLog } from './redis.ts';

/** A log that keeps its lines (level and message) for the assertions. */
function capturingLog() {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  const at =
    (level: 'warn' | 'info') =>
    (first: unknown, second?: unknown): void =>
      void lines.push({ level, message: String(typeof first === 'string' ? first : second) });
  return { lines, log: { warn: at('warn'), info: at('info') } };
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !check(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!REDIS_SERVER_AVAILABLE)('the Redis connection (lib/redis.ts)', () => {
  let redis: PrivateRedis;
  const opened: RedisConnection[] = [];
  const open = (log?: RedisLog) => {
    const connection = connectRedis(redis.url, { log });
    opened.push(connection);
    return connection;
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
  }, 30_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((connection) => connection.close()));
    await redis.admin.config('SET', 'maxmemory-policy', 'noeviction');
  });
  afterAll(() => redis?.dispose());

  it('fails a command at once while Redis is down, logs the outage once and its end once', async () => {
    const { lines, log } = capturingLog();
    const connection = open(log);
    expect(await connection.client.ping()).toBe('PONG');
    await redis.stop();
    await waitFor(() => !connection.available);
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await expect(connection.client.get('anything')).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(300);
    }
    expect(lines.filter((line) => line.message.startsWith('Redis unavailable'))).toHaveLength(1);
    await redis.start();
    await waitFor(() => connection.available);
    expect(await connection.client.ping()).toBe('PONG');
    expect(lines.map((line) => line.message.split(':')[0])).toEqual(['Redis unavailable', 'Redis back']);
  });

  it('times a command out when Redis does not answer, but not when this process was the one stalled', async () => {
    const connection = connectRedis(redis.url, { commandTimeoutMs: 200 });
    opened.push(connection);
    expect(await connection.run((client) => client.ping())).toBe('PONG');

    // Stalled here: the reply arrives while the event loop is blocked, and the timer is late.
    const stalled = connection.run((client) => client.ping());
    const blockedUntil = performance.now() + 600;
    while (performance.now() < blockedUntil) {
      // a long collection or a starved CPU
    }
    expect(await stalled).toBe('PONG');
    expect(connection.available).toBe(true);

    // Stalled there: Redis answers no one for a second.
    await redis.admin.call('CLIENT', 'PAUSE', '1000', 'ALL');
    const started = performance.now();
    await expect(connection.run((client) => client.ping())).rejects.toThrow('Command timed out');
    expect(performance.now() - started).toBeLessThan(800);
    expect(connection.available).toBe(false);
  });

  it('warns in one line about an evicting policy and no persistence, and is silent when safe', async () => {
    const unsafe = capturingLog();
    await redis.admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    await checkRedisSettings(open(), unsafe.log);
    expect(unsafe.lines).toHaveLength(1);
    expect(unsafe.lines[0]!.message).toMatch(/maxmemory-policy allkeys-lru.*no persistence/);

    const safe = capturingLog();
    await redis.admin.config('SET', 'maxmemory-policy', 'noeviction');
    await redis.admin.config('SET', 'appendonly', 'yes');
    try {
      await checkRedisSettings(open(), safe.log);
    } finally {
      await redis.admin.config('SET', 'appendonly', 'no');
    }
    expect(safe.lines).toEqual([]);
  });

  it('says it could not check where CONFIG is refused (as on managed Redis)', async () => {
    await redis.admin.call('ACL', 'SETUSER', 'limited', 'on', 'nopass', '~*', '&*', '+@all', '-config');
    const url = new URL(redis.url);
    url.username = 'limited';
    const { lines, log } = capturingLog();
    const connection = connectRedis(url.toString());
    opened.push(connection);
    await checkRedisSettings(connection, log);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/^Could not check the Redis settings/);
  });
});
