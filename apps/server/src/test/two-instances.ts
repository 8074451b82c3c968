import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/index.ts';
import { createDb } from '../db/client.ts';
import { OPERATOR_DEVICE } from '../modules/shield/issue-token.ts';
import { issuePassToken } from '../modules/shield/issue-token.ts';
import { createKeyring } from '../modules/shield/keyring.ts';
import { createClock, type Clock, type SsoTestServer } from './customers.ts';
import { createMigratedPostgresDatabase, POSTGRES_URL, REDIS_URL } from './postgres.ts';

/**
 * Two server instances on one PostgreSQL database and one Redis (issue 12 §3), as two processes
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

export async function startTwoInstances(): Promise<TwoInstances> {
  if (!POSTGRES_URL || !REDIS_URL) throw new Error('two instances need DATABASE_URL and REDIS_URL');
  const shared = await createMigratedPostgresDatabase();
  const clock = createClock();
  const config = loadConfig({
    PRAVESH_ENV: 'local',
    PRAVESH_DATA_DIR: '/nonexistent',
    DATABASE_URL: shared.url,
    REDIS_URL,
    // A prefix of this test's own, shared by both instances: their limits must add up.
    PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
  });
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);

  async function start(): Promise<SsoTestServer> {
    const handle = createDb({ databaseUrl: shared.url, dataDir: '', poolSize: 5 });
    const logs: string[] = [];
    const app = await buildApp(config, {
      database: handle,
      now: clock.now,
      logger: true,
      logStream: { write: (line) => void logs.push(line) },
    });
    await app.ready();
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
