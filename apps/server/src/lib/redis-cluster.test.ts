import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER_AVAILABLE } from '../test/private-redis.ts';
import { startPrivateRedisCluster, type PrivateRedisCluster } from '../test/private-redis-cluster.ts';
import { createGenerations, type Generations } from './generations.ts';
import { createRedisRateLimiter } from './rate-limit/redis.ts';
import { checkRedisSettings, connectRedis, parseClusterUrl, type RedisConnection } from './redis.ts';

/**
 * The server on a Redis Cluster (README "Redis"): `redis+cluster://` seed nodes, commands that read
 * several keys find them in one hash slot, and the connection fails as fast as on one server. The
 * two-instance tests run the whole API on a cluster; these pin the parts.
 */
describe('redis+cluster:// URLs', () => {
  it('reads seed nodes and credentials, and leaves one-server URLs alone', () => {
    expect(parseClusterUrl('redis+cluster://10.0.0.1:7000,10.0.0.2:7001')).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
    expect(parseClusterUrl('rediss+cluster://app:s%40cret@redis.internal:6379')).toMatchObject({
      nodes: [{ host: 'redis.internal', port: 6379 }],
      username: 'app',
      password: 's@cret',
      tls: true,
    });
    expect(parseClusterUrl('redis://127.0.0.1:6379')).toBeUndefined();
    expect(() => parseClusterUrl('redis+cluster://10.0.0.1')).toThrow(/host:port seed nodes/);
  });
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)('a Redis Cluster of three masters', () => {
  let cluster: PrivateRedisCluster;
  const opened: { close(): Promise<void> }[] = [];
  const connection = (): RedisConnection => {
    const opening = connectRedis(cluster.url, { commandTimeoutMs: 500 });
    opened.push(opening);
    return opening;
  };

  beforeAll(async () => {
    cluster = await startPrivateRedisCluster();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((open) => open.close()));
  });
  afterAll(() => cluster?.dispose());

  it('keeps the change counters readable in one MGET and shared between instances', async () => {
    // Two counters read in one turn: one MGET of the epoch and both (CROSSSLOT without the hash tag).
    const one = createGenerations({ embedded: false, redis: connection(), prefix: 'cluster:' });
    const other = createGenerations({ embedded: false, redis: connection(), prefix: 'cluster:' });
    opened.push(one, other);
    const read = (generations: Generations) =>
      Promise.all([generations.counter('revocations').current(), generations.counter('ledger').current()]);
    let before: (string | null)[] = [null, null];
    for (let attempt = 0; attempt < 100 && !before.every(Boolean); attempt += 1) {
      before = await read(one);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(before.every(Boolean)).toBe(true);
    await other.counter('revocations').bump();
    const after = await read(one);
    expect(after[0]).not.toBeNull();
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });

  it('counts a rate limit across connections', async () => {
    const limiters = [connection(), connection()].map((redis) =>
      createRedisRateLimiter({ redis, prefix: 'cluster:rl:', now: Date.now }),
    );
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push((await limiters[i % 2]!.consume('otp:9000000001', 3, 60_000)).allowed);
    expect(results).toEqual([true, true, true, false]);
  });

  it('checks the settings of every master', async () => {
    const redis = connection();
    await redis.run((client) => client.ping());
    const warnings: string[] = [];
    await checkRedisSettings(redis, {
      warn: (message: unknown) => void warnings.push(String(message)),
      info: () => {},
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Unsafe Redis settings: no persistence/);
  });

  it('fails a command at once while the cluster is down, and works again once it is back', async () => {
    const redis = connection();
    expect(await redis.run((client) => client.set('cluster:k', 'v'))).toBe('OK');
    await cluster.stop();
    for (let attempt = 0; attempt < 100 && redis.available; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(redis.available).toBe(false);
    for (let i = 0; i < 10; i += 1) {
      const started = performance.now();
      await expect(redis.run((client) => client.get('cluster:k'))).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(600);
    }
    await cluster.start();
    let answer: string | null | undefined;
    for (let attempt = 0; attempt < 100 && answer === undefined; attempt += 1) {
      answer = await redis.run((client) => client.get('cluster:k')).catch(() => undefined);
      if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Back, and empty: the nodes keep nothing across a restart.
    expect(answer).toBeNull();
    expect(redis.available).toBe(true);
  }, 30_000);
});
