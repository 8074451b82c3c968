import { mkdirSync } from 'node:fs';
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
import { MIGRATIONS_DIR } from '../lib/locations.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { DEFAULT_DATABASE_SETTINGS } from '../config/database.ts';

/** PGlite and pg share one type (ARCHITECTURE.md "Toolchain facts"). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw `db.execute` query: node-postgres and PGlite both answer `{ rows }`. */
export function resultRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('the database answered a query without rows');
  return rows as T[];
}

/** Rows a raw INSERT, UPDATE or DELETE touched: node-postgres answers `rowCount`, PGlite `affectedRows`. */
export function affectedRows(result: unknown): number {
  const { rowCount, affectedRows } = (result ?? {}) as { rowCount?: unknown; affectedRows?: unknown };
  const count = typeof rowCount === 'number' ? rowCount : affectedRows;
  if (typeof count !== 'number') throw new Error('the database did not say how many rows a statement touched');
  return count;
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

/** What /readyz learns from one ping (modules/health). */
export type DatabaseProbe = 'ok' | 'unreachable' | 'not answering' | 'pool exhausted';

export interface PoolStatus {
  /** Connections open (busy and idle) and the most the pool opens. */
  readonly total: number;
  readonly max: number;
  readonly idle: number;
  /** Queries waiting for a connection. */
  readonly waiting: number;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the checked-in SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /**
   * Runs a trivial query and says whether it answered within `timeoutMs`; when it did not and
   * every pooled connection is busy with queries waiting, says so (used by /readyz).
   */
  probe(timeoutMs: number): Promise<DatabaseProbe>;
  /** The PostgreSQL pool's connections; undefined for the embedded database (one connection, no pool). */
  poolStatus(): PoolStatus | undefined;
  close(): Promise<void>;
}

/** Pool and timeouts of the PostgreSQL connections (config/database.ts has the settings and defaults). */
export interface ConnectionSettings {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleTimeoutMs: number;
}

export interface DatabaseOptions extends Partial<ConnectionSettings> {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * Where migrations connect when not as the app (PRAVESH_MIGRATION_DATABASE_URL): the tables'
   * owner, while the app's role may only append to the consent ledger (issue 12 §1.9).
   */
  migrationDatabaseUrl?: string | undefined;
  /**
   * Folder for PGlite files; `memory://` keeps it in memory (tests). A folder is locked for this
   * process until close() (db/data-dir-lock.ts): a second process refuses to open it.
   */
  dataDir: string;
  /** A PGlite data directory dumped by `dumpDataDir()` to start from (tests: an already migrated one). */
  loadDataDir?: Blob | undefined;
}

const migrationsFolder = MIGRATIONS_DIR;

/** The client gives up this long after the server should have cancelled a statement itself. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

export function createDb(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  const lock = options.dataDir.startsWith('memory://') ? undefined : lockEmbedded(options.dataDir);
  let client: PGlite;
  try {
    client = new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(pgliteForDrizzle(client), { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    // One connection: a ping waits behind whatever holds it (a long transaction), so only its time tells.
    probe: (timeoutMs) => probe(db, timeoutMs, () => false),
    poolStatus: () => undefined,
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function lockEmbedded(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  return lockDataDir(dataDir);
}

function createPostgres(databaseUrl: string, options: DatabaseOptions): DatabaseHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_DATABASE_SETTINGS.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? DEFAULT_DATABASE_SETTINGS.poolSize,
    // Waiting for a pooled connection (or a new one) ends; an exhausted pool refuses instead of
    // queueing without end.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_SETTINGS.connectTimeoutMs,
    idleTimeoutMillis: options.idleTimeoutMs ?? DEFAULT_DATABASE_SETTINGS.idleTimeoutMs,
    // The server cancels a statement stuck this long (behind a lock): nothing of it is stored, and
    // the caller answers 503 (lib/outage.ts, SQLSTATE 57014).
    statement_timeout: statementTimeoutMs,
    // The client's own limit, for a server that stops answering at all; later than the server's, so
    // a statement the client gave up on was cancelled by the server, not committed after the answer.
    query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const exhausted = () => pool.waitingCount > 0 && pool.totalCount >= pool.options.max;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(options.migrationDatabaseUrl ?? databaseUrl),
    ping: () => ping(db),
    probe: (timeoutMs) => probe(db, timeoutMs, exhausted),
    poolStatus: () => ({
      total: pool.totalCount,
      max: pool.options.max,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/**
 * Migrates on a connection of its own: as the tables' owner when one is configured, and always
 * without the app's statement timeout (building an index on a large table may take longer).
 */
async function migratePostgres(url: string): Promise<void> {
  // One connection, so the session-level advisory lock below and every migration share it.
  const owner = new pg.Pool({ connectionString: url, max: 1 });
  owner.on('error', () => undefined);
  try {
    // Two instances (or two `npm run migrate`) starting at once: the second waits, then finds
    // nothing left to apply, instead of both creating the same tables.
    await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(owner), { migrationsFolder });
    } finally {
      await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await owner.end();
  }
}

/** The advisory lock key that serialises migrations (any fixed bigint our tables never use). */
export const MIGRATION_LOCK_KEY = 7_410_297_113;

async function probe(db: Database, timeoutMs: number, exhausted: () => boolean): Promise<DatabaseProbe> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const answer = await Promise.race([ping(db), late]);
    if (answer === 'late') return exhausted() ? 'pool exhausted' : 'not answering';
    return answer ? 'ok' : 'unreachable';
  } finally {
    clearTimeout(timer);
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
