import { ConfigError } from './shared.ts';

/**
 * Database connections, write queues and readiness, for loadConfig() (README "Running more than one
 * instance" has the arithmetic):
 *
 * - PRAVESH_DB_POOL_SIZE             PostgreSQL connections per instance (10). Instances × pool
 *                                    must stay under the server's max_connections minus its
 *                                    reserved ones.
 * - PRAVESH_DB_CONNECT_TIMEOUT_MS    How long a query waits for a pooled connection, or for a new
 *                                    one to open (2000): an exhausted pool refuses instead of queueing
 *                                    without end.
 * - PRAVESH_DB_STATEMENT_TIMEOUT_MS  PostgreSQL statement_timeout of the app's connections (5000):
 *                                    a statement stuck behind a lock is cancelled (and answers 503).
 *                                    Migrations run without it. The client gives up 1 s after it
 *                                    (query_timeout), should the server stop answering at all.
 * - PRAVESH_DB_IDLE_TIMEOUT_MS       An idle pooled connection closes after this long (30000).
 * - PRAVESH_DB_POOLER                What sits between the server and PostgreSQL: `none` (default;
 *                                    PostgreSQL itself or a session-pooling PgBouncer) or
 *                                    `transaction` (PgBouncer in transaction pooling mode): no named
 *                                    prepared statements and no session parameters at connect, so
 *                                    statement_timeout goes on the role (README "PgBouncer").
 * - PRAVESH_WRITE_QUEUE_LIMIT        Writes one in-memory queue (visits, events) holds while the
 *                                    database is slow (5000); beyond it a write answers 503 at once.
 * - PRAVESH_WRITE_QUEUE_WAIT_MS      How long a write may wait in a queue before it is refused
 *                                    with 503 (5000); it was never sent, so nothing is stored.
 * - PRAVESH_READY_STALL_MS           /readyz fails while a queued or in-flight write is older than
 *                                    this (3000), or the database does not answer a ping within it.
 * - PRAVESH_SHUTDOWN_DELAY_MS        After SIGTERM, /readyz fails at once but the server keeps
 *                                    serving this long (0) so a load balancer stops sending first;
 *                                    then it drains, flushes its queues and exits.
 */
export interface DatabaseSettings {
  readonly poolSize: number;
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly pooler: DatabasePooler;
  readonly writeQueueLimit: number;
  readonly writeQueueWaitMs: number;
  readonly readyStallMs: number;
  readonly shutdownDelayMs: number;
}

/** `transaction`: a pooler that hands each transaction any server connection (db/client.ts). */
export type DatabasePooler = 'none' | 'transaction';

export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = {
  poolSize: 10,
  connectTimeoutMs: 2000,
  statementTimeoutMs: 5000,
  idleTimeoutMs: 30_000,
  pooler: 'none',
  writeQueueLimit: 5000,
  writeQueueWaitMs: 5000,
  readyStallMs: 3000,
  shutdownDelayMs: 0,
};

type Env = Record<string, string | undefined>;

function whole(env: Env, variable: string, fallback: number, minimum: number): number {
  const raw = env[variable];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new ConfigError(`${variable} must be a whole number of at least ${minimum}`);
  }
  return value;
}

export function loadDatabaseSettings(env: Env): DatabaseSettings {
  const defaults = DEFAULT_DATABASE_SETTINGS;
  return {
    poolSize: whole(env, 'PRAVESH_DB_POOL_SIZE', defaults.poolSize, 1),
    connectTimeoutMs: whole(env, 'PRAVESH_DB_CONNECT_TIMEOUT_MS', defaults.connectTimeoutMs, 1),
    statementTimeoutMs: whole(env, 'PRAVESH_DB_STATEMENT_TIMEOUT_MS', defaults.statementTimeoutMs, 1),
    idleTimeoutMs: whole(env, 'PRAVESH_DB_IDLE_TIMEOUT_MS', defaults.idleTimeoutMs, 1),
    pooler: pooler(env.PRAVESH_DB_POOLER),
    writeQueueLimit: whole(env, 'PRAVESH_WRITE_QUEUE_LIMIT', defaults.writeQueueLimit, 1),
    writeQueueWaitMs: whole(env, 'PRAVESH_WRITE_QUEUE_WAIT_MS', defaults.writeQueueWaitMs, 1),
    readyStallMs: whole(env, 'PRAVESH_READY_STALL_MS', defaults.readyStallMs, 1),
    shutdownDelayMs: whole(env, 'PRAVESH_SHUTDOWN_DELAY_MS', defaults.shutdownDelayMs, 0),
  };
}

function pooler(raw: string | undefined): DatabasePooler {
  const value = raw?.trim() || DEFAULT_DATABASE_SETTINGS.pooler;
  if (value !== 'none' && value !== 'transaction') {
    throw new ConfigError('PRAVESH_DB_POOLER must be none or transaction');
  }
  return value;
}
