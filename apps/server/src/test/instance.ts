import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../config/index.ts';
import { createDb, type ConnectionSettings, type DatabaseHandle } from '../db/client.ts';
import { createKeyring, type Keyring } from '../lib/keyring.ts';
import { migratedPgliteImage, sharedPgliteRuntime } from './migrated.ts';
import { PGBOUNCER_AVAILABLE, startPgBouncer } from './pgbouncer.ts';
import { createMigratedPostgresDatabase } from './postgres.ts';
import { testSecretsFor } from './secrets.ts';
import { issuePassToken, type IssueTokenOptions } from '../modules/shield/issue-token.ts';

/**
 * A real server on a real database for tests (better-auth's getTestInstance() idea): PGlite in
 * memory always, and a throw-away PostgreSQL database when DATABASE_URL is set (CI sets it).
 * `pgbouncer`: the same PostgreSQL database reached through a PgBouncer of the test's own in
 * transaction pooling mode (test/pgbouncer.ts, PRAVESH_DB_POOLER=transaction); every suite over
 * DATABASE_KINDS runs through it too when PRAVESH_TEST_PGBOUNCER=1 (pgbouncer.api.test.ts always
 * runs a representative set).
 */
export type DatabaseKind = 'pglite' | 'postgres' | 'pgbouncer';

export const DATABASE_KINDS: readonly DatabaseKind[] = [
  'pglite',
  ...(process.env.DATABASE_URL ? (['postgres'] as const) : []),
  ...(process.env.DATABASE_URL && PGBOUNCER_AVAILABLE && process.env.PRAVESH_TEST_PGBOUNCER === '1'
    ? (['pgbouncer'] as const)
    : []),
];

export interface TestDatabase extends DatabaseHandle {
  /** Closes and, for PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(
  kind: DatabaseKind,
  settings: Partial<ConnectionSettings> = {},
): Promise<TestDatabase> {
  // Each starts as a copy of a database migrated once per migration set (test/migrated.ts).
  if (kind === 'pglite') {
    const handle = createDb({
      dataDir: 'memory://',
      loadDataDir: await migratedPgliteImage(),
      pgliteRuntime: await sharedPgliteRuntime(),
    });
    return { ...handle, dispose: () => handle.close() };
  }
  const database = await createMigratedPostgresDatabase();
  const pgbouncer = kind === 'pgbouncer' ? await startPgBouncer() : undefined;
  const handle = createDb({
    databaseUrl: pgbouncer ? pgbouncer.through(database.url) : database.url,
    dataDir: '',
    poolSize: 5,
    ...settings,
    ...(pgbouncer ? { pooler: 'transaction' as const } : {}),
  });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await pgbouncer?.stop();
      await database.dispose();
    },
  };
}

export interface TestInstance {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  keyring: Keyring;
  /** Signs a pass token the way a browser would (see issuePassToken). */
  token(siteId?: number, options?: Partial<IssueTokenOptions>): Promise<string>;
  close(): Promise<void>;
}

export interface TestInstanceOptions extends Omit<BuildOptions, 'database'> {
  env?: Record<string, string>;
  /**
   * Settings no environment variable reaches, laid over the loaded config (e.g. `devRoutes: true`
   * for a test of another environment that reads the outbox: only tests may turn them on there).
   */
  config?: Partial<AppConfig>;
  /** Called before app.ready(), to add test-only routes. */
  beforeReady?: (app: FastifyInstance) => void;
}

export async function getTestInstance(kind: DatabaseKind, options: TestInstanceOptions = {}): Promise<TestInstance> {
  // Environments other than local refuse the built-in secrets, so tests of them get test-only ones.
  const loaded = loadConfig({
    PRAVESH_ENV: 'local',
    PRAVESH_DATA_DIR: '/nonexistent',
    ...testSecretsFor(options.env?.PRAVESH_ENV),
    ...options.env,
  });
  const config: AppConfig = {
    ...loaded,
    // Through PgBouncer the server runs as PRAVESH_DB_POOLER=transaction has it.
    ...(kind === 'pgbouncer' ? { database: { ...loaded.database, pooler: 'transaction' as const } } : {}),
    ...options.config,
  };
  // The pool stays small unless the test sets PRAVESH_DB_POOL_SIZE; its timeouts are the config's.
  const { poolSize, ...timeouts } = config.database;
  const database = await createTestDatabase(
    kind,
    options.env?.PRAVESH_DB_POOL_SIZE ? { poolSize, ...timeouts } : timeouts,
  );
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: false, ...options, database });
    options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A server that did not start leaves no database (nor a PgBouncer) behind.
    await database.dispose().catch(() => undefined);
    throw error;
  }
  const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
  return {
    app,
    config,
    database,
    keyring,
    token: (siteId = 2, overrides = {}) =>
      issuePassToken({
        keyring,
        siteId,
        validitySeconds: config.sites.get(siteId)?.passTokenValidity ?? 900,
        nowSeconds: options.now ? Math.floor(options.now() / 1000) : undefined,
        ...overrides,
      }),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
