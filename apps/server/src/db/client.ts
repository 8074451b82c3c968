import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteForDrizzle } from './pglite-queries.ts';
import * as schema from './schema/index.ts';

/** PGlite and pg share one type (ARCHITECTURE.md "Toolchain facts"). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw `db.execute` query: node-postgres and PGlite both answer `{ rows }`. */
export function resultRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('the database answered a query without rows');
  return rows as T[];
}

const dialect = new PgDialect();

/**
 * Runs `query` as the named prepared statement `name`: on PostgreSQL each pooled connection parses
 * and plans it once, then only binds new parameters (PostgreSQL §55.2.3, extended query protocol);
 * PGlite runs it as any query. For the hottest statements (the batched visit insert: parsing and
 * planning were an eighth of the database's CPU per visit). The text under one name must never
 * change, only its parameters: node-postgres refuses a name reused for another text.
 */
export function executePrepared(db: Database, name: string, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the checked-in SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query succeeds; used by /readyz. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * Where migrations connect when not as the app (PRAVESH_MIGRATION_DATABASE_URL): the tables'
   * owner, while the app's role may only append to the consent ledger (issue 12 §1.9).
   */
  migrationDatabaseUrl?: string | undefined;
  /** Folder for PGlite files; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** A PGlite data directory dumped by `dumpDataDir()` to start from (tests: an already migrated one). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function createDb(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(options.migrationDatabaseUrl, pool),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(pgliteForDrizzle(client), { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** Migrates on the app's pool, or on a connection of its own as the owner when one is configured. */
async function migratePostgres(ownerUrl: string | undefined, pool: pg.Pool): Promise<void> {
  if (!ownerUrl) return migratePg(drizzlePg(pool), { migrationsFolder });
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  owner.on('error', () => undefined);
  try {
    await migratePg(drizzlePg(owner), { migrationsFolder });
  } finally {
    await owner.end();
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
