import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratedPostgresTemplate } from './migrated.ts';

/**
 * A throw-away PostgreSQL database for tests that need its connection string (a second server
 * instance, the operator command, the app's restricted role), not only a migrated handle
 * (createTestDatabase in instance.ts): empty, for tests of the migrations themselves, or already
 * migrated. Only when DATABASE_URL is set; CI sets it.
 */
export interface EmptyPostgresDatabase {
  /** As the administrator of DATABASE_URL: the owner of whatever the migrations create. */
  readonly url: string;
  /**
   * The same database as the app's role of migration 0006 (pravesh_app): the connection takes that
   * role at start-up, as a login role granted pravesh_app would hold it.
   */
  readonly appUrl: string;
  dispose(): Promise<void>;
}

export const POSTGRES_URL = process.env.DATABASE_URL || undefined;
export const REDIS_URL = process.env.REDIS_URL || undefined;

export function createEmptyPostgresDatabase(): Promise<EmptyPostgresDatabase> {
  return createPostgresDatabase(undefined);
}

/** The same, with every migration already applied: a copy of the migrated template (test/migrated.ts). */
export async function createMigratedPostgresDatabase(): Promise<EmptyPostgresDatabase> {
  return createPostgresDatabase(await migratedPostgresTemplate());
}

async function createPostgresDatabase(template: string | undefined): Promise<EmptyPostgresDatabase> {
  if (!POSTGRES_URL) throw new Error('DATABASE_URL is not set');
  const name = `pravesh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const appUrl = new URL(url);
  appUrl.searchParams.set('options', '-c role=pravesh_app');
  return {
    url: url.toString(),
    appUrl: appUrl.toString(),
    async dispose() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
