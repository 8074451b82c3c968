import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@pravesh/core';
import { inArray, sql } from 'drizzle-orm';
import { executePrepared, resultRows, type Database } from '../../db/client.ts';
import { jsonRowsInsert } from '../../db/json-rows.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { createBatcher, type BatcherOptions, type BatcherStats } from '../../lib/batcher.ts';

export interface StoredEvent {
  eventId: string;
  receivedAt: Date;
}

export interface AnalyticsStoreOptions {
  /** Keyed hash for the tracking data's mobileNo; without it the number is not stored at all. */
  hashMobile?: (mobileNo: string) => string;
  /** Batching as the visits do (modules/visits/index.ts): PGlite one batch at a time, a pg pool two. */
  maxBatchSize?: number;
  maxWaitMs?: BatcherOptions<EventRow, StoredEvent>['maxWaitMs'];
  maxConcurrentFlushes?: number;
  /** The queue's bound, its wait limit and where a failed batch is logged (lib/batcher.ts). */
  queue?: Pick<BatcherOptions<EventRow, StoredEvent>, 'maxQueued' | 'maxQueueWaitMs' | 'log' | 'onBatch'>;
  /** Injectable clock in milliseconds: the receipt time is the batch's, set here, not by the database. */
  now?: () => number;
}

/** One row as it travels in the batch's JSON parameter (keys are the columns below). */
export interface EventRow {
  eventId: string;
  siteId: number;
  event: string;
  category: string | null;
  action: string | null;
  label: string | null;
  pageType: string | null;
  userType: string | null;
  clientId: string | null;
  lob: string | null;
  visitorId: string | null;
  visitId: string | null;
  pageUrl: string | null;
  occurredAt: string | null;
  data: Record<string, unknown> | null;
  deviceHash: string | null;
  receivedAt: string;
  deviceId: string | null;
  parentVisitId: string | null;
  absoluteParentVisitId: string | null;
  customerId: string | null;
  mobileHash: string | null;
  reportedSiteId: number | null;
  userState: string | null;
}

/**
 * The whole batch as one JSON parameter (db/json-rows.ts, as the visits go in), each row without its
 * null fields: most events leave most of the 24 columns empty. The statement's text is the same for
 * every batch, so it runs prepared. receivedAt has a database default, but the batch's own instant
 * is always sent (the receipt must equal what is stored).
 */
const insertEvents = jsonRowsInsert(analyticsEvents, undefined, { omitNulls: true });

/** PostgreSQL's unique_violation (PostgreSQL Appendix A): the batch holds an id already stored. */
const UNIQUE_VIOLATION = '23505';

const errorCode = (error: unknown): unknown =>
  (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

export function createAnalyticsStore(db: Database, options: AnalyticsStoreOptions = {}) {
  const now = options.now ?? Date.now;

  function toRow(event: AnalyticsEvent, siteId: number, deviceHash: string | null, receivedAt: string): EventRow {
    return {
      // spec 000's own body carries no eventId (issue 12 §2): the server makes one, lower case as
      // PostgreSQL answers uuids, so a receipt compares equal to what is stored.
      eventId: (event.eventId ?? randomUUID()).toLowerCase(),
      siteId,
      event: event.event,
      category: orNull(event.category),
      action: orNull(event.action),
      label: orNull(event.label),
      pageType: orNull(event.pageType),
      userType: orNull(event.userType),
      clientId: orNull(event.clientId),
      lob: orNull(event.lob),
      visitorId: orNull(event.visitorId),
      visitId: orNull(event.visitId),
      pageUrl: orNull(event.pageUrl),
      occurredAt: orNull(event.occurredAt),
      data: orNull(event.data),
      deviceHash,
      receivedAt,
      deviceId: orNull(event.deviceId),
      parentVisitId: orNull(event.parentVisitId),
      absoluteParentVisitId: orNull(event.absoluteParentVisitId),
      customerId: orNull(event.customerId),
      mobileHash: event.mobileNo && options.hashMobile ? options.hashMobile(event.mobileNo) : null,
      reportedSiteId: orNull(event.siteId),
      userState: orNull(event.userState),
    };
  }

  /** Nearly every batch holds only new ids: a plain INSERT, as the visits do (modules/visits/store.ts). */
  async function insertNew(rows: readonly EventRow[]): Promise<Set<string> | undefined> {
    try {
      await executePrepared(db, 'analytics_insert_new', insertEvents(rows));
      return new Set(rows.map((row) => row.eventId));
    } catch (error) {
      if (errorCode(error) === UNIQUE_VIOLATION) return undefined;
      throw error;
    }
  }

  /** A batch with a resent eventId: INSERT … ON CONFLICT DO NOTHING, answering the ids it stored. */
  async function insertOrSkip(rows: readonly EventRow[]): Promise<Set<string>> {
    const result = await executePrepared(
      db,
      'analytics_insert_or_skip',
      sql`${insertEvents(rows)} on conflict (event_id) do nothing returning event_id`,
    );
    return new Set(resultRows<{ event_id: string }>(result).map((row) => row.event_id));
  }

  /**
   * One multi-row INSERT per batch (each id once). A resent eventId (a retry) is answered with the
   * receipt of the copy stored first, so the caller gets the original storedAt either way, and every
   * receipt is for a committed row.
   */
  async function insertBatch(rows: EventRow[]): Promise<StoredEvent[]> {
    const firstById = new Map<string, EventRow>();
    for (const row of rows) if (!firstById.has(row.eventId)) firstById.set(row.eventId, row);
    const distinct = [...firstById.values()];
    const insertedIds = (await insertNew(distinct)) ?? (await insertOrSkip(distinct));
    const receipts = new Map<string, Date>();
    for (const id of insertedIds) receipts.set(id, new Date(firstById.get(id)!.receivedAt));
    const missing = [...firstById.keys()].filter((id) => !insertedIds.has(id));
    if (missing.length > 0) {
      const found = await db
        .select({ eventId: analyticsEvents.eventId, receivedAt: analyticsEvents.receivedAt })
        .from(analyticsEvents)
        .where(inArray(analyticsEvents.eventId, missing));
      for (const row of found) receipts.set(row.eventId, row.receivedAt);
    }
    return rows.map((row) => {
      const receivedAt = receipts.get(row.eventId);
      if (!receivedAt) throw new Error('event vanished between insert and read');
      return { eventId: row.eventId, receivedAt };
    });
  }

  const batcher = createBatcher<EventRow, StoredEvent>({
    flush: insertBatch,
    maxBatchSize: options.maxBatchSize ?? 500,
    maxWaitMs: options.maxWaitMs ?? 1,
    maxConcurrentFlushes: options.maxConcurrentFlushes ?? 1,
    ...options.queue,
    name: 'analytics events',
  });

  return {
    /**
     * Queues the event for the next batched insert and resolves once that batch has committed. A
     * retried send (same eventId) is stored once and answered with the original receipt. `isGone`
     * (the client hung up) drops it unsent when its batch is formed.
     */
    insert(
      event: AnalyticsEvent,
      siteId: number,
      deviceHash: string | null,
      isGone?: () => boolean,
    ): Promise<StoredEvent> {
      return batcher.add(toRow(event, siteId, deviceHash, new Date(now()).toISOString()), isGone);
    },
    async count(): Promise<number> {
      return await db.$count(analyticsEvents);
    },
    drain: () => batcher.drain(),
    waitingSince: () => batcher.waitingSince(),
    depth: () => batcher.depth(),
    get stats(): Readonly<BatcherStats> {
      return batcher.stats;
    },
  };
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>;
