import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { resultRows, type Database } from './client.ts';

/**
 * Visits and analytics events are partitioned by day (PostgreSQL §5.12, declarative partitioning;
 * migration 0029): `received_on`, the UTC day the server took the row by its own clock, is the
 * partition key, one partition per day named `<table>_pYYYYMMDD`. Retention drops whole
 * partitions (no long DELETE, no bloat); the function pravesh_maintain_daily_partitions (same
 * migration) creates today's and tomorrow's and drops the expired ones, under an advisory lock so
 * several instances running it at once do it once. It is SECURITY DEFINER: the app's role
 * (pravesh_app, migration 0006) may not create or drop tables itself.
 */
export const DAILY_PARTITIONED_TABLES = ['visits', 'analytics_events'] as const;
export type DailyPartitionedTable = (typeof DAILY_PARTITIONED_TABLES)[number];

/** The UTC day of an instant, as `received_on` holds it: `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day before `day` (YYYY-MM-DD): where a retry's first copy may have been stored. */
export function dayBefore(day: string): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - 86_400_000);
}

/**
 * A primary key on a partitioned table must include the partition key (PostgreSQL §5.12.2.3), so
 * `(id, received_on)` no longer stops a retry that lands on the next day from being stored twice.
 * This condition, added to a batched `insert … select … from json_to_recordset(…) as x(…)`, skips
 * a row whose id was stored the day before its own day; the same day is the key's. A retry is
 * therefore found on the day of the first send and the day after (the SDK retries within
 * seconds); two sends in flight at the same moment across midnight are the one race left.
 * `x."receivedOn" - 1` is one partition: pruned at run time for each row (PostgreSQL §5.12.4).
 *
 * `offset 0` keeps the sub-select a subplan run once per row, a probe of the day-before partition's
 * key, where the planner would otherwise turn NOT EXISTS into an anti-join (it does not pull up a
 * sub-select with OFFSET: simplify_EXISTS_query in PostgreSQL's optimizer/plan/subselect.c). The
 * inserts run prepared, and a prepared statement may keep one generic plan per connection
 * (PostgreSQL, PREPARE, Notes), made while today's partition is new and looks empty: the anti-join
 * was then a hash join over every partition, each batch reading them in full until the plan was
 * next invalidated — 96 ms for a 50-row batch with 100,000 rows stored that day, where the probe
 * takes 0.5 ms whatever the day holds (EXPLAIN ANALYZE on PostgreSQL 15).
 */
export function notStoredTheDayBefore(table: DailyPartitionedTable, idColumn: string, idKey: string): SQL {
  return sql.raw(
    `where not exists (select 1 from "${table}" earlier where earlier."${idColumn}" = x."${idKey}" ` +
      `and earlier."received_on" = x."receivedOn" - 1 offset 0)`,
  );
}

/**
 * The batch's rows sorted by their id: the order a batched insert takes the ids' key locks in
 * (json_to_recordset yields the rows in array order). A retried visit or event may sit in two
 * batches in flight at once, on two connections; an insert whose id another uncommitted batch
 * holds waits for it (PostgreSQL §64.5, unique checks), so two batches holding the same ids in
 * opposite orders waited for each other and one failed with deadlock_detected (40P01), a 500 for
 * each of its callers. Taking locks in one order avoids that (PostgreSQL §13.3.4 Deadlocks).
 */
export function inIdOrder<T, K extends keyof T>(rows: readonly T[], idKey: K): T[] {
  return [...rows].sort((a, b) => (a[idKey] < b[idKey] ? -1 : a[idKey] > b[idKey] ? 1 : 0));
}

export interface PartitionMaintenanceOptions {
  db: Database;
  /** Days each table keeps (config/events.ts): a partition goes once its every row is older. */
  retentionDays: Readonly<Record<DailyPartitionedTable, number>>;
  now: () => number;
  log: FastifyBaseLogger;
}

/** Creates today's and tomorrow's partitions of `table` and drops those older than `retentionDays`. */
export async function maintainDailyPartitions(
  db: Database,
  table: DailyPartitionedTable,
  today: string,
  retentionDays: number,
): Promise<string[]> {
  const result = await db.execute(
    sql`select pravesh_maintain_daily_partitions(${table}, ${today}::date, ${retentionDays}) as change`,
  );
  return resultRows<{ change: string }>(result).map((row) => row.change);
}

/** keep_days that drops nothing: for making a day's partition outside the job's schedule. */
const KEEP_EVERYTHING_DAYS = 36_500;

/** PostgreSQL's check_violation for a row no partition takes (PostgreSQL Appendix A, §5.12.2). */
function isMissingPartition(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23514' && /no partition of relation/.test(String(candidate.message))) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Runs a batched insert into `table`; when a row's day has no partition yet (the clock passed
 * midnight before the job's next run, a test clock moved days ahead, an image migrated on another
 * day), makes the partitions of the rows' days, dropping nothing, and runs it once more.
 */
export async function insertIntoDailyPartitions<T>(
  db: Database,
  table: DailyPartitionedTable,
  days: () => Iterable<string>,
  insert: () => Promise<T>,
): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    for (const day of new Set(days())) await maintainDailyPartitions(db, table, day, KEEP_EVERYTHING_DAYS);
    return await insert();
  }
}

/** Once an hour: tomorrow's partition exists a day ahead, so a missed run or two costs nothing. */
export const PARTITION_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The partition job: runs now and then every hour until stopped. A failed run (the database
 * away, a lock it would not wait for) is logged and tried again at the next tick.
 */
export function startPartitionMaintenance(options: PartitionMaintenanceOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function runOnce(): Promise<void> {
    const today = utcDay(options.now());
    for (const table of DAILY_PARTITIONED_TABLES) {
      try {
        const changes = await maintainDailyPartitions(options.db, table, today, options.retentionDays[table]);
        if (changes.length > 0) options.log.info({ table, changes }, 'daily partitions maintained');
      } catch (error) {
        options.log.warn(
          { table, reason: error instanceof Error ? error.message.slice(0, 200) : String(error) },
          'daily partition maintenance failed; retried at the next tick',
        );
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(schedule);
    }, PARTITION_MAINTENANCE_INTERVAL_MS);
    timer.unref();
  }

  running = runOnce().finally(schedule);
  return {
    /** The run in progress (or the first one): tests and start-up wait for it. */
    settled: () => running ?? Promise.resolve(),
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
