import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresEventSink } from '../event-sink/postgres.ts';
import { createVisitStore } from '../modules/visits/store.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../test/instance.ts';
import { utcDay } from './daily-partitions.ts';
import { analyticsEvents, visits } from './schema/index.ts';

/**
 * The batched visit and event inserts (modules/visits/store.ts, event-sink/postgres.ts) with the
 * same ids in two batches on two connections at once, as retries of one call arrive: each id is
 * stored once and every caller is answered. Batches this large overlap in time; with the rows in
 * the callers' order the two inserts took the ids' key locks in opposite orders and PostgreSQL
 * failed one with deadlock_detected (db/daily-partitions.ts inIdOrder).
 */
const IDS_PER_BATCH = 3000;
const ROUNDS = 3;

describe.each(DATABASE_KINDS)('two batched inserts of the same ids at once on %s', (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database?.dispose());

  const freshIds = () => Array.from({ length: IDS_PER_BATCH }, () => randomUUID());
  const batching = { maxBatchSize: IDS_PER_BATCH, maxWaitMs: 5 };

  it('stores each visit once, answering one caller created and the other existing', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const ids = freshIds();
      const visit = (visitId: string) => ({
        visitId,
        visitorId: 'visitor-1',
        deviceId: 'device-1',
        siteId: 2,
        createdAt: new Date(),
        receivedOn: utcDay(Date.now()),
      });
      const [forward, backward] = [createVisitStore(database.db, batching), createVisitStore(database.db, batching)];
      const outcomes = await Promise.all([
        ...ids.map((id) => forward.insert(visit(id))),
        ...ids.toReversed().map((id) => backward.insert(visit(id))),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(ids.length);
      expect(outcomes.filter((outcome) => outcome === 'existing')).toHaveLength(ids.length);
      expect(await database.db.$count(visits, inArray(visits.visitId, ids))).toBe(ids.length);
    }
  });

  it('stores each event once, answering both callers with the first receipt', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const ids = freshIds();
      const event = (eventId: string) => ({ eventId, event: 'page_view', visitorId: 'visitor-1' });
      const [forward, backward] = [
        createPostgresEventSink(database.db, batching),
        createPostgresEventSink(database.db, batching),
      ];
      const receipts = await Promise.all([
        ...ids.map((id) => forward.produce(event(id), 2, null)),
        ...ids.toReversed().map((id) => backward.produce(event(id), 2, null)),
      ]);
      const firstReceipt = new Map<string, number>();
      for (const { eventId, receivedAt } of receipts) {
        const seen = firstReceipt.get(eventId);
        if (seen === undefined) firstReceipt.set(eventId, receivedAt.getTime());
        else expect(receivedAt.getTime()).toBe(seen);
      }
      expect(await database.db.$count(analyticsEvents, inArray(analyticsEvents.eventId, ids))).toBe(ids.length);
    }
  });
});
