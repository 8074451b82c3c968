import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logOut, nextMobile, signInCustomer, type SsoTestServer } from './test/customers.ts';
import { POSTGRES_URL } from './test/postgres.ts';
import { REDIS_SERVER_AVAILABLE, startPrivateRedis, type TestRedis } from './test/private-redis.ts';
import { startPrivateRedisCluster } from './test/private-redis-cluster.ts';
import { startTwoInstances, type TwoInstances } from './test/two-instances.ts';

/**
 * Two instances on one PostgreSQL database and a Redis of this test's own, which loses or rolls
 * back its data between a token's use on one instance and its session's logout on the other. The
 * token must stop working on both (OWASP ASVS 4.0.3 V3.3.1): no reset, eviction or rollback of the
 * change counters may make the other instance's kept "live" answer current again
 * (lib/generations.ts). On one redis-server and on a 3-node Redis Cluster (redis+cluster://, the
 * change counters' keys in one hash slot).
 */
describe.skipIf(!POSTGRES_URL || !REDIS_SERVER_AVAILABLE).each([
  { redisKind: 'one Redis', startRedis: startPrivateRedis },
  { redisKind: 'a Redis Cluster', startRedis: startPrivateRedisCluster },
])('two instances whose Redis loses its data, on $redisKind', ({ startRedis }) => {
  let redis: TestRedis;
  let servers: TwoInstances;

  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(() => redis?.dispose());
  // Fresh instances per case: each starts with what the fault left behind only in Redis.
  beforeEach(async () => {
    await redis.flushAll();
    servers = await startTwoInstances({ redisUrl: redis.url });
  }, 180_000);
  afterEach(() => servers?.close());

  const userinfo = (server: SsoTestServer, accessToken: string) =>
    server.app.inject({ url: '/SSOSP/oauth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });

  /** The revocation counter's key, whatever its name (found in the private Redis, which holds nothing else of it). */
  async function revocationKey(): Promise<string> {
    const [key] = await redis.keys('*token-revocations');
    if (!key) throw new Error('no revocation counter in Redis');
    return key;
  }

  /** Both instances connected to the private Redis again (each keeps at least one connection). */
  async function reconnected(): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      // One or more of each instance.
      if ((await redis.otherClients().catch(() => 0)) >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the instances did not reconnect to Redis');
  }

  /**
   * A revocation (the counter is past its first value), a token T used on B (B keeps "live"), the
   * fault, T's session logged out on A: T must answer 401 on B and on A.
   */
  async function logoutAfter(fault: () => Promise<void>): Promise<void> {
    const { a, b } = servers;
    const other = await signInCustomer(a, nextMobile('93'));
    expect((await logOut(a, other.cookie)).statusCode).toBe(200);

    const customer = await signInCustomer(a, nextMobile('93'));
    for (let i = 0; i < 2; i += 1) expect((await userinfo(b, customer.accessToken)).statusCode).toBe(200);

    await fault();

    expect((await logOut(a, customer.cookie)).statusCode).toBe(200);
    expect((await userinfo(b, customer.accessToken)).statusCode).toBe(401);
    expect((await userinfo(b, customer.accessToken)).statusCode).toBe(401);
    expect((await userinfo(a, customer.accessToken)).statusCode).toBe(401);
  }

  it('refuses a logged-out token after Redis restarted without persistence', async () => {
    await logoutAfter(async () => {
      await redis.restart();
      await reconnected();
    });
  }, 60_000);

  it('refuses a logged-out token after FLUSHALL', async () => {
    await logoutAfter(async () => {
      await redis.flushAll();
    });
  }, 60_000);

  it('refuses a logged-out token after the revocation counter was evicted', async () => {
    await logoutAfter(async () => {
      await redis.admin.del(await revocationKey());
    });
  }, 60_000);

  it('refuses a logged-out token after the revocation counter went back (a lagging replica promoted)', async () => {
    await logoutAfter(async () => {
      const key = await revocationKey();
      const value = BigInt((await redis.admin.get(key))!);
      await redis.admin.set(key, String(value - 1n));
    });
  }, 60_000);
});
