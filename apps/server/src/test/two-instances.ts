import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config/index.ts';
import { createDb, type DatabaseHandle } from '../db/client.ts';
import { OPERATOR_DEVICE } from '../modules/shield/issue-token.ts';
import { issuePassToken } from '../modules/shield/issue-token.ts';
import { createKeyring } from '../lib/keyring.ts';
import { createClock, type Clock, type SsoTestServer } from './customers.ts';
import { createMigratedPostgresDatabase, POSTGRES_URL, REDIS_URL } from './postgres.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis, as two processes
 * behind a load balancer would run: each has its own connection pool, caches and in-memory state,
 * and shares only the database, Redis and configuration (the same keys). Each instance answers
 * the SsoTestServer shape, so the sign-on helpers of modules/sso/test-support.ts drive either.
 */
export const TWO_INSTANCES_AVAILABLE = Boolean(POSTGRES_URL && REDIS_URL);

export interface TwoInstances {
  readonly a: SsoTestServer;
  readonly b: SsoTestServer;
  /** One clock for both, as two hosts kept in time by NTP. */
  readonly clock: Clock;
  close(): Promise<void>;
}

/**
 * `redisUrl`: a Redis of the test's own (test/private-redis.ts, test/private-redis-cluster.ts) instead of the shared REDIS_URL.
 * `env`: further settings both instances share (a background worker's interval, say).
 */
export async function startTwoInstances(
  options: { redisUrl?: string | undefined; env?: Record<string, string> } = {},
): Promise<TwoInstances> {
  const redisUrl = options.redisUrl ?? REDIS_URL;
  if (!POSTGRES_URL || !redisUrl) throw new Error('two instances need DATABASE_URL and REDIS_URL');
  // A copy of the database migrated once per migration set (test/migrated.ts).
  const shared = await createMigratedPostgresDatabase();
  const clock = createClock();
  const config = loadConfig({
    PRAVESH_ENV: 'local',
    PRAVESH_DATA_DIR: '/nonexistent',
    DATABASE_URL: shared.url,
    REDIS_URL: redisUrl,
    // A prefix of this test's own, shared by both instances: their limits must add up.
    PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    ...options.env,
  });
  const start = () => startInstance(config, createDb({ databaseUrl: shared.url, dataDir: '', poolSize: 5 }), clock);
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    clock,
    async close() {
      await Promise.allSettled([a.close(), b.close()]);
      await shared.dispose();
    },
  };
}

/**
 * One server instance on an open, migrated database with captured logs, in the SsoTestServer shape;
 * closing it closes the database too (a process that stops). Also for a restart on the same data.
 */
export async function startInstance(config: AppConfig, handle: DatabaseHandle, clock: Clock): Promise<SsoTestServer> {
  const logs: string[] = [];
  const app = await buildApp(config, {
    database: handle,
    now: clock.now,
    logger: true,
    logStream: { write: (line) => void logs.push(line) },
  });
  await app.ready();
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  const token = (siteId = 2, overrides = {}) =>
    issuePassToken({
      keyring,
      siteId,
      validitySeconds: config.sites.get(siteId)?.passTokenValidity ?? 900,
      nowSeconds: Math.floor(clock.now() / 1000),
      ...overrides,
    });
  return {
    app,
    config,
    database: { ...handle, dispose: () => handle.close() },
    keyring,
    token,
    clock,
    logs,
    pass: (siteId = 2, device) => token(siteId, device ? { device: { ...OPERATOR_DEVICE, ...device } } : {}),
    siteKey: (siteId = 2) => keyring.siteKey(keyring.activeKid, siteId),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
