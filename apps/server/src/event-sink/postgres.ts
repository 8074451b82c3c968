import type { AnalyticsEvent } from '@pravesh/core';
import { and, gte, inArray, sql } from 'drizzle-orm';
import { affectedRows, preparedStatement, resultRows, type Database } from '../db/client.ts';
import { dayBefore, inIdOrder, insertIntoDailyPartitions, notStoredTheDayBefore } from '../db/daily-partitions.ts';
import { jsonRowsInsert } from '../db/json-rows.ts';
import { analyticsEvents } from '../db/schema/analytics.ts';
import { createBatcher, type BatcherOptions, type BatcherStats } from '../lib/batcher.ts';
import { createEventRows, type EventRow, type EventRowOptions } from './event-row.ts';
import type { EventSink, StoredEvent } from './types.ts';

export type { StoredEvent } from './types.ts';

/** An event as it is inserted: its row and the UTC day of its receipt, the partition key. */
type TableRow = EventRow & { receivedOn: string };

export interface PostgresEventSinkOptions extends EventRowOptions {
  /** Batching as the visits do (lib/group-commit.ts ingestionBatchingFor): PGlite one batch at a time, a pg pool four. */
  maxBatchSize?: number;
  maxWaitMs?: BatcherOptions<TableRow, StoredEvent>['maxWaitMs'];
  maxConcurrentFlushes?: number;
  /** The queue's bound, its wait limit and where a failed batch is logged (lib/batcher.ts). */
  queue?: Pick<BatcherOptions<TableRow, StoredEvent>, 'maxQueued' | 'maxQueueWaitMs' | 'log' | 'onBatch'>;
}

/**
 * The whole batch as one JSON parameter (db/json-rows.ts, as the visits go in), each row without its
 * null fields: most events leave most of the 24 columns empty. The statement's text is the same for
 * every batch, so it runs prepared. receivedAt has a database default, but the batch's own instant
 * is always sent (the receipt must equal what is stored).
 */
const insertEvents = jsonRowsInsert(analyticsEvents, undefined, { omitNulls: true });
/** …skipping an id stored the day before (db/daily-partitions.ts: the key holds the day). */
const insertUnlessStoredTheDayBefore = sql`${insertEvents.statement(sql.placeholder('rows'))} ${notStoredTheDayBefore('analytics_events', 'event_id', 'eventId')}`;

/** The days (partitions) a batch's rows go to. */
const daysOf = (rows: readonly { receivedOn: string }[]) => () => rows.map((row) => row.receivedOn);

const ownReceipt = (row: TableRow): StoredEvent => ({ eventId: row.eventId, receivedAt: new Date(row.receivedAt) });

/** PostgreSQL's unique_violation (PostgreSQL Appendix A): the batch holds an id already stored. */
const UNIQUE_VIOLATION = '23505';

const errorCode = (error: unknown): unknown =>
  (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;

/**
 * The embedded default sink: the server's own database (PGlite or PostgreSQL), table
 * `analytics_events`, partitioned by day (migration 0029). One insert per event gave ≈ 0.09 of the
 * shielded no-op route's throughput; events go in as the visits do, one multi-row insert per batch.
 */
export function createPostgresEventSink(db: Database, options: PostgresEventSinkOptions = {}) {
  const toRow = createEventRows(options);
  const runInsertNew = preparedStatement(db, 'analytics_insert_new', insertUnlessStoredTheDayBefore);
  const runInsertOrSkip = preparedStatement(
    db,
    'analytics_insert_or_skip',
    sql`${insertUnlessStoredTheDayBefore} on conflict (event_id, received_on) do nothing returning event_id`,
  );

  /**
   * Nearly every batch holds only new ids: a plain INSERT, as the visits do (modules/visits/store.ts).
   * undefined: the batch held an id stored today (the key refused it; nothing was stored).
   */
  async function insertNew(rows: readonly TableRow[]): Promise<Set<string> | undefined> {
    let stored: number;
    try {
      stored = affectedRows(
        await insertIntoDailyPartitions(db, 'analytics_events', daysOf(rows), () =>
          runInsertNew({ rows: insertEvents.json(rows) }),
        ),
      );
    } catch (error) {
      if (errorCode(error) === UNIQUE_VIOLATION) return undefined;
      throw error;
    }
    const ids = new Set(rows.map((row) => row.eventId));
    if (stored === rows.length) return ids;
    // Some were stored the day before their own (a retry across midnight): those were skipped.
    const dayOf = new Map(rows.map((row) => [row.eventId, row.receivedOn]));
    for (const copy of await storedCopies(rows, [...ids])) {
      if (copy.receivedOn < dayOf.get(copy.eventId)!) ids.delete(copy.eventId);
    }
    return ids;
  }

  /** A batch with a resent eventId: INSERT … ON CONFLICT DO NOTHING, answering the ids it stored. */
  async function insertOrSkip(rows: readonly TableRow[]): Promise<Set<string>> {
    const result = await insertIntoDailyPartitions(db, 'analytics_events', daysOf(rows), () =>
      runInsertOrSkip({ rows: insertEvents.json(rows) }),
    );
    return new Set(resultRows<{ event_id: string }>(result).map((row) => row.event_id));
  }

  /** The copies of `ids` stored on the batch's days or the day before (only those partitions are read). */
  function storedCopies(rows: readonly TableRow[], ids: string[]) {
    const earliest = rows.reduce((min, row) => (row.receivedOn < min ? row.receivedOn : min), rows[0]!.receivedOn);
    return db
      .select({
        eventId: analyticsEvents.eventId,
        receivedAt: analyticsEvents.receivedAt,
        receivedOn: analyticsEvents.receivedOn,
      })
      .from(analyticsEvents)
      .where(and(inArray(analyticsEvents.eventId, ids), gte(analyticsEvents.receivedOn, dayBefore(earliest))));
  }

  /**
   * One multi-row INSERT per batch (each id once). A resent eventId (a retry) is answered with the
   * receipt of the copy stored first, so the caller gets the original storedAt either way, and every
   * receipt is for a committed row.
   */
  async function insertBatch(rows: TableRow[]): Promise<StoredEvent[]> {
    const firstById = new Map<string, TableRow>();
    for (const row of rows) if (!firstById.has(row.eventId)) firstById.set(row.eventId, row);
    const distinct = inIdOrder([...firstById.values()], 'eventId');
    const insertedIds = (await insertNew(distinct)) ?? (await insertOrSkip(distinct));
    // The usual batch: every event new, each answered with its own receipt.
    if (insertedIds.size === rows.length) return rows.map(ownReceipt);
    const receipts = new Map<string, Date>();
    for (const id of insertedIds) receipts.set(id, new Date(firstById.get(id)!.receivedAt));
    const missing = [...firstById.keys()].filter((id) => !insertedIds.has(id));
    if (missing.length > 0) {
      for (const row of await storedCopies(distinct, missing)) receipts.set(row.eventId, row.receivedAt);
    }
    return rows.map((row) => {
      const receivedAt = receipts.get(row.eventId);
      if (!receivedAt) throw new Error('event vanished between insert and read');
      return { eventId: row.eventId, receivedAt };
    });
  }

  const batcher = createBatcher<TableRow, StoredEvent>({
    flush: insertBatch,
    maxBatchSize: options.maxBatchSize ?? 500,
    maxWaitMs: options.maxWaitMs ?? 1,
    maxConcurrentFlushes: options.maxConcurrentFlushes ?? 1,
    ...options.queue,
    name: 'analytics events',
  });

  const sink: EventSink & { readonly stats: Readonly<BatcherStats> } = {
    kind: 'postgres',
    /**
     * Queues the event for the next batched insert and resolves once that batch has committed. A
     * retried send (same eventId) is stored once and answered with the original receipt. `isGone`
     * (the client hung up) drops it unsent when its batch is formed.
     */
    produce(event: AnalyticsEvent, siteId: number, deviceHash: string | null, isGone?: () => boolean) {
      // The row made here is this sink's own: its partition key is added to it, not to a copy (a
      // spread of its 24 fields cost more than the rest of queueing it).
      const row = toRow(event, siteId, deviceHash) as TableRow;
      row.receivedOn = row.receivedAt.slice(0, 10);
      return batcher.add(row, isGone);
    },
    // The database's outages are /readyz's own probe and the write queue's stall watch.
    problem: () => undefined,
    waitingSince: () => batcher.waitingSince(),
    depth: () => batcher.depth(),
    close: () => batcher.drain(),
    get stats(): Readonly<BatcherStats> {
      return batcher.stats;
    },
  };
  return sink;
}
