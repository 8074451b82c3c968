import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteForDrizzle } from './pglite-queries.ts';
import * as schema from './schema/index.ts';
import { MIGRATIONS_DIR } from '../lib/locations.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { DEFAULT_DATABASE_SETTINGS, type DatabasePooler } from '../config/database.ts';

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
 * change, only its parameters: node-postgres refuses a name reused for another text. Behind a
 * transaction pooler (PRAVESH_DB_POOLER=transaction) it is sent unnamed (UnnamedStatementsClient).
 */
export function executePrepared(db: Database, name: string, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * executePrepared for a statement run over and over with new parameters only: `query` names them
 * with sql.placeholder, and its text (drizzle's SQL walked into a string) and the driver's query
 * object are made once here instead of on every call, as executePrepared does. On the batched
 * ingestion inserts that walk was about a tenth of the write's own server CPU (a profile of
 * event/produce under load). Same statement, same name, same pooler handling as executePrepared.
 */
export function preparedStatement(
  db: Database,
  name: string,
  query: SQL,
): (parameters: Record<string, unknown>) => Promise<unknown> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return (parameters) => prepared.execute(parameters);
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
  /**
   * LISTEN on `channel` (PostgreSQL §NOTIFY): `onNotify` gets each payload sent with pg_notify by
   * any connection, of this instance or another. Answers the unlisten. On PostgreSQL it holds one
   * connection of its own outside the pool (a pooled one would be handed to other queries, and a
   * PgBouncer in transaction mode keeps no LISTEN: point DATABASE_URL at PostgreSQL itself or a
   * session-mode pool); it reconnects after a failure.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Pool and timeouts of the PostgreSQL connections (config/database.ts has the settings and defaults). */
export interface ConnectionSettings {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleTimeoutMs: number;
  /** `transaction`: PgBouncer in transaction pooling mode between the server and PostgreSQL. */
  pooler: DatabasePooler;
}

export interface DatabaseOptions extends Partial<ConnectionSettings> {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * Where migrations connect when not as the app (PRAVESH_MIGRATION_DATABASE_URL): the tables'
   * owner, while the app's role may only append to the consent ledger.
   */
  migrationDatabaseUrl?: string | undefined;
  /**
   * Folder for PGlite files; `memory://` keeps it in memory (tests). A folder is locked for this
   * process until close() (db/data-dir-lock.ts): a second process refuses to open it.
   */
  dataDir: string;
  /** A PGlite data directory dumped by `dumpDataDir()` to start from (tests: an already migrated one). */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite's compiled WebAssembly module and its file bundle, made once for every PGlite of the
   * process (tests start hundreds; test/migrated.ts). Without them each PGlite reads both from disk
   * and compiles the module again.
   */
  pgliteRuntime?: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'> | undefined;
}

const migrationsFolder = MIGRATIONS_DIR;

/** The client gives up this long after the server should have cancelled a statement itself. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

export function createDb(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  const lock = options.dataDir.startsWith('memory://') ? undefined : lockEmbedded(options.dataDir);
  let client: PGlite;
  try {
    client = new PGlite(options.dataDir, {
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...options.pgliteRuntime,
    });
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
    listen: (channel, onNotify) => client.listen(channel, onNotify).then((unlisten) => () => unlisten()),
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

/**
 * A connection for a transaction pooler (PgBouncer in transaction mode, README "PgBouncer"): each
 * transaction may run on another server connection, so a statement prepared under a name on one is
 * unknown on the next (PgBouncer before 1.21 does not carry them; Debian bookworm ships 1.18). Every
 * statement goes as the unnamed one of the extended protocol instead: parsed and planned each time,
 * still with bound parameters.
 */
class UnnamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (typeof config === 'object' && config !== null && 'name' in config) {
      const { name: _name, ...unnamed } = config as { name?: string };
      args[0] = unnamed;
    }
    return (super.query as (...sent: unknown[]) => never)(...args);
  }
}

function createPostgres(databaseUrl: string, options: DatabaseOptions): DatabaseHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_DATABASE_SETTINGS.statementTimeoutMs;
  const transactionPooler = (options.pooler ?? DEFAULT_DATABASE_SETTINGS.pooler) === 'transaction';
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? DEFAULT_DATABASE_SETTINGS.poolSize,
    // Waiting for a pooled connection (or a new one) ends; an exhausted pool refuses instead of
    // queueing without end.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DATABASE_SETTINGS.connectTimeoutMs,
    idleTimeoutMillis: options.idleTimeoutMs ?? DEFAULT_DATABASE_SETTINGS.idleTimeoutMs,
    // The server cancels a statement stuck this long (behind a lock): nothing of it is stored, and
    // the caller answers 503 (lib/outage.ts, SQLSTATE 57014). A startup parameter is session state,
    // which a transaction pooler neither keeps nor accepts (PgBouncer refuses the connection): there
    // the role carries it (ALTER ROLE … SET statement_timeout, README "PgBouncer").
    ...(transactionPooler ? { Client: UnnamedStatementsClient } : { statement_timeout: statementTimeoutMs }),
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
    listen: (channel, onNotify) => listenPostgres(databaseUrl, channel, onNotify),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own, connected again (and listening again) after it fails. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  function reconnect(): void {
    retry = setTimeout(() => void connect().catch(() => !stopped && reconnect()), RELISTEN_DELAY_MS);
  }
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      reconnect();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Migrates on a connection of its own: as the tables' owner when one is configured, and always
 * without the app's statement timeout (building an index on a large table may take longer).
 *
 * Two instances (or two `npm run migrate`) starting at once: the second waits, then finds nothing
 * left to apply, instead of both creating the same tables. The lock is a transaction-scoped advisory
 * lock taken first in the one transaction that applies everything (drizzle's migrator, given that
 * transaction): it works through a transaction pooler too, where a session lock would be taken on
 * one server connection and its unlock sent on another, leaving it held for good.
 */
async function migratePostgres(url: string): Promise<void> {
  const owner = new pg.Pool({ connectionString: url, max: 1 });
  owner.on('error', () => undefined);
  try {
    await drizzlePg(owner).transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      // The migrator's own steps (create its table, read the last applied, apply the rest in a
      // transaction), all inside this one: it asks for a transaction and gets this one back.
      const inThisTransaction = {
        execute: (query: SQL) => tx.execute(query),
        all: async (query: SQL) => resultRows(await tx.execute(query)),
        transaction: <T>(work: (same: typeof tx) => Promise<T>) => work(tx),
      };
      await dialect.migrate(readMigrationFiles({ migrationsFolder }), inThisTransaction as unknown as PgSession, {
        migrationsFolder,
      });
    });
  } finally {
    await owner.end();
  }
}

/**
 * Behind a transaction pooler the server cannot give its connections a statement_timeout (README
 * "PgBouncer"): warns once when the database role does not carry one either, since a statement
 * stuck behind a lock is then never cancelled by PostgreSQL (only the client gives up, and the
 * statement may still commit after the caller was answered 503). Never throws.
 */
export async function warnWithoutPoolerStatementTimeout(
  db: Database,
  log: { warn(message: string): void },
): Promise<void> {
  let timeout: string | undefined;
  try {
    [{ timeout } = { timeout: undefined }] = resultRows<{ timeout: string }>(
      await db.execute(sql`select current_setting('statement_timeout') as timeout`),
    );
  } catch {
    return; // an unreachable database is /readyz's to report
  }
  if (timeout === '0') {
    log.warn(
      'PRAVESH_DB_POOLER=transaction and no statement_timeout on the database role: PostgreSQL never cancels a ' +
        'stuck statement; set one (ALTER ROLE … SET statement_timeout = \'5s\', README "PgBouncer")',
    );
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
