import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { VISIT_BASE64_FIELDS, VISIT_PLAIN_UTM_FIELDS } from '@pravesh/core';
import { affectedRows, preparedStatement, resultRows, type Database } from '../../db/client.ts';
import { dayBefore, inIdOrder, insertIntoDailyPartitions, notStoredTheDayBefore } from '../../db/daily-partitions.ts';
import { visits } from '../../db/schema/visits.ts';
import { jsonRowsInsert } from '../../db/json-rows.ts';
import { createBatcher, type BatcherOptions, type BatcherStats } from '../../lib/batcher.ts';

export type VisitRow = typeof visits.$inferInsert & { visitId: string; visitorId: string; receivedOn: string };

/**
 * created: this call stored the visit. existing: a retry of a stored visit by the same visitor
 * (and device), answered with the same id. conflict: the id belongs to another visitor or device.
 */
export type InsertOutcome = 'created' | 'existing' | 'conflict';

export interface VisitStoreOptions {
  maxBatchSize?: number;
  maxWaitMs?: BatcherOptions<VisitRow, InsertOutcome>['maxWaitMs'];
  /** Batches in flight at once; PGlite runs one statement at a time, a pg pool several. */
  maxConcurrentFlushes?: number;
  /** The queue's bound, its wait limit and where a failed batch is logged (lib/batcher.ts). */
  queue?: Pick<BatcherOptions<VisitRow, InsertOutcome>, 'maxQueued' | 'maxQueueWaitMs' | 'log' | 'onBatch'>;
}

interface Owner {
  visitorId: string;
  deviceId?: string | null | undefined;
}

/** The same browser: same visitor, and the same device when both name one. */
function sameOwner(owner: Owner, row: VisitRow): boolean {
  if (owner.visitorId !== row.visitorId) return false;
  return owner.deviceId == null || row.deviceId == null || owner.deviceId === row.deviceId;
}

/** Columns written on insert; received_at keeps its default, now(); received_on is the service's day. */
const insertVisits = jsonRowsInsert(visits, [
  'visitId',
  'visitorId',
  'deviceId',
  'parentVisitId',
  'absoluteParentVisitId',
  'siteId',
  'siteName',
  'createdAt',
  'completeUrl',
  ...VISIT_BASE64_FIELDS,
  ...VISIT_PLAIN_UTM_FIELDS,
  'deviceHash',
  'receivedOn',
]);
/** …skipping an id stored the day before (db/daily-partitions.ts: the key holds the day). */
const insertUnlessStoredTheDayBefore = sql`${insertVisits.statement(sql.placeholder('rows'))} ${notStoredTheDayBefore('visits', 'visit_id', 'visitId')}`;

/** The days (partitions) a batch's rows go to. */
const daysOf = (rows: readonly { receivedOn: string }[]) => () => rows.map((row) => row.receivedOn);

/** PostgreSQL's unique_violation (PostgreSQL Appendix A): the batch holds an id already stored. */
const UNIQUE_VIOLATION = '23505';

const errorCode = (error: unknown): unknown =>
  (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;

export function createVisitStore(db: Database, options: VisitStoreOptions = {}) {
  // The whole batch travels as one JSON parameter (db/json-rows.ts), so each statement's text is
  // the same for every batch and runs prepared. Every text field was checked for what PostgreSQL
  // cannot store (NUL, unpaired surrogates) before it got here, so one caller's row cannot fail
  // the batch of the others.
  const runInsertNew = preparedStatement(db, 'visits_insert_new', insertUnlessStoredTheDayBefore);
  const runInsertOrSkip = preparedStatement(
    db,
    'visits_insert_or_skip',
    sql`${insertUnlessStoredTheDayBefore} on conflict (visit_id, received_on) do nothing returning visit_id`,
  );

  /**
   * Nearly every batch holds only new ids: a plain INSERT skips ON CONFLICT's speculative insertion
   * and sending the ids back (+9 % visits/s in interleaved rounds). A batch with a stored id (a
   * retried visit) fails whole, stores nothing, and answers undefined.
   */
  async function insertNew(rows: readonly VisitRow[]): Promise<Set<string> | undefined> {
    let stored: number;
    try {
      stored = affectedRows(
        await insertIntoDailyPartitions(db, 'visits', daysOf(rows), () =>
          runInsertNew({ rows: insertVisits.json(rows) }),
        ),
      );
    } catch (error) {
      if (errorCode(error) === UNIQUE_VIOLATION) return undefined;
      throw error;
    }
    const ids = new Set(rows.map((row) => row.visitId));
    if (stored === rows.length) return ids;
    // Some were stored the day before their own (a retry across midnight): those were skipped.
    const dayOf = new Map(rows.map((row) => [row.visitId, row.receivedOn]));
    for (const copy of await storedCopies(rows, [...ids])) {
      if (copy.receivedOn < dayOf.get(copy.visitId)!) ids.delete(copy.visitId);
    }
    return ids;
  }

  /** The copies of `ids` stored on the batch's days or the day before (only those partitions are read). */
  function storedCopies(rows: readonly VisitRow[], ids: string[]) {
    const earliest = rows.reduce((min, row) => (row.receivedOn < min ? row.receivedOn : min), rows[0]!.receivedOn);
    return db
      .select({
        visitId: visits.visitId,
        visitorId: visits.visitorId,
        deviceId: visits.deviceId,
        receivedOn: visits.receivedOn,
      })
      .from(visits)
      .where(and(inArray(visits.visitId, ids), gte(visits.receivedOn, dayBefore(earliest))));
  }

  /** INSERT … ON CONFLICT DO NOTHING: answers the ids this statement stored. */
  async function insertOrSkip(rows: readonly VisitRow[]): Promise<Set<string>> {
    const result = await insertIntoDailyPartitions(db, 'visits', daysOf(rows), () =>
      runInsertOrSkip({ rows: insertVisits.json(rows) }),
    );
    return new Set(resultRows<{ visit_id: string }>(result).map((row) => row.visit_id));
  }

  /**
   * One multi-row INSERT for the whole batch (each id once). Rows whose id was not stored by it
   * already existed (a retry, or an id sent twice in the batch): their owner decides whether the
   * caller is answered the same id or refused.
   */
  async function insertBatch(rows: readonly VisitRow[]): Promise<InsertOutcome[]> {
    const firstById = new Map<string, VisitRow>();
    for (const row of rows) if (!firstById.has(row.visitId)) firstById.set(row.visitId, row);
    const distinct = inIdOrder([...firstById.values()], 'visitId');
    const insertedIds = (await insertNew(distinct)) ?? (await insertOrSkip(distinct));
    const owners = new Map<string, Owner>();
    for (const id of insertedIds) owners.set(id, firstById.get(id)!);
    const missing = [...firstById.keys()].filter((id) => !insertedIds.has(id));
    if (missing.length > 0) {
      for (const row of await storedCopies(distinct, missing)) owners.set(row.visitId, row);
    }

    return rows.map((row) => {
      const owner = owners.get(row.visitId);
      if (!owner || !sameOwner(owner, row)) return 'conflict';
      return insertedIds.has(row.visitId) && firstById.get(row.visitId) === row ? 'created' : 'existing';
    });
  }

  const batcher = createBatcher<VisitRow, InsertOutcome>({
    flush: insertBatch,
    maxBatchSize: options.maxBatchSize ?? 500,
    maxWaitMs: options.maxWaitMs ?? 2,
    maxConcurrentFlushes: options.maxConcurrentFlushes ?? 1,
    ...options.queue,
    name: 'visits',
  });

  return {
    /**
     * Queues the row for the next batch; resolves once that batch has committed. `isGone` (the
     * client hung up) drops it unsent when its batch is formed.
     */
    insert: (row: VisitRow, isGone?: () => boolean): Promise<InsertOutcome> => batcher.add(row, isGone),
    /** The unbatched path, one INSERT per call (benchmarks compare against it). */
    insertOne: async (row: VisitRow): Promise<InsertOutcome> => (await insertBatch([row]))[0]!,
    /**
     * The stored visit (a retry's answer): the copy from `day` or the day before, as the insert
     * looks (only those two partitions are read).
     */
    async find(visitId: string, day: string): Promise<VisitRow | undefined> {
      const [row] = await db
        .select()
        .from(visits)
        .where(and(eq(visits.visitId, visitId), gte(visits.receivedOn, dayBefore(day))))
        .orderBy(visits.receivedOn)
        .limit(1);
      return row;
    },
    drain: () => batcher.drain(),
    waitingSince: () => batcher.waitingSince(),
    depth: () => batcher.depth(),
    get stats(): Readonly<BatcherStats> {
      return batcher.stats;
    },
  };
}

export type VisitStore = ReturnType<typeof createVisitStore>;
