import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_PATH } from '@pravesh/core';
import { createClock, type Clock } from '../test/customers.ts';
import { DATABASE_KINDS, getTestInstance, type TestInstance } from '../test/instance.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { maintainDailyPartitions, notStoredTheDayBefore, DAILY_PARTITIONED_TABLES } from './daily-partitions.ts';
import { resultRows } from './client.ts';
import { jsonRowsInsert } from './json-rows.ts';
import { analyticsEvents } from './schema/analytics.ts';
import { visits } from './schema/visits.ts';

const PRODUCE = '/MSP/api/v1/pbguc/event/produce';
/** Half a second before midnight UTC: the next call lands on the next day. */
const BEFORE_MIDNIGHT = Date.UTC(2026, 10, 28, 23, 59, 59, 500);

describe.each(DATABASE_KINDS)('daily partitions and retention on %s', (kind) => {
  let server: TestInstance;
  let clock: Clock;

  beforeAll(async () => {
    clock = createClock(BEFORE_MIDNIGHT);
    server = await getTestInstance(kind, { now: clock.now });
  });
  afterAll(() => server?.close());

  const partitionsOf = async (table: string): Promise<string[]> =>
    resultRows<{ name: string }>(
      await server.database.db.execute(
        sql`select child.relname as name from pg_inherits join pg_class child on child.oid = pg_inherits.inhrelid
            where pg_inherits.inhparent = ${table}::regclass order by 1`,
      ),
    ).map((row) => row.name);

  it('has the day of the server clock and the next one when the server starts, for both tables', async () => {
    for (const table of DAILY_PARTITIONED_TABLES) {
      expect(await partitionsOf(table)).toEqual(expect.arrayContaining([`${table}_p20261128`, `${table}_p20261129`]));
    }
  });

  it('drops the partitions whose every row is older than the retention, and no others', async () => {
    // A year and a bit earlier: partitions of 2025-11-20 and 2025-11-21.
    await maintainDailyPartitions(server.database.db, 'visits', '2025-11-20', 10_000);
    // Retention 366 days on 2026-11-28: rows of 2025-11-26 and before may go (2025-11-27 is the first kept).
    await maintainDailyPartitions(server.database.db, 'visits', '2025-11-26', 10_000);
    const changes = await maintainDailyPartitions(server.database.db, 'visits', '2026-11-28', 366);
    expect(changes.sort()).toEqual([
      'dropped visits_p20251120',
      'dropped visits_p20251121',
      'dropped visits_p20251126',
    ]);
    const left = await partitionsOf('visits');
    expect(left).toContain('visits_p20251127');
    expect(left).toContain('visits_p20261128');
  });

  it('does the work once when several instances run the job at the same moment', async () => {
    const runs = await Promise.all(
      Array.from({ length: 4 }, () =>
        maintainDailyPartitions(server.database.db, 'analytics_events', '2027-03-01', 366),
      ),
    );
    expect(runs.flat().sort()).toEqual(['created analytics_events_p20270301', 'created analytics_events_p20270302']);
  });

  it('refuses a table that is not partitioned by day', async () => {
    await expect(
      server.database.db.execute(sql`select pravesh_maintain_daily_partitions('customers', current_date, 366)`),
    ).rejects.toThrow();
  });

  it('finds a visit retried after midnight and answers it as the first, stored once', async () => {
    const token = await server.token(2);
    const body = { visitId: randomUUID(), visitorId: randomUUID(), deviceId: 'device-midnight' };
    const post = () =>
      server.app.inject({ method: 'POST', url: VISIT_PATH, headers: { 'pb-pass-token': token }, payload: body });
    const first = await post();
    expect(first.statusCode).toBe(200);
    clock.advance(1000);
    const retry = await post();
    clock.advance(-1000);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ response: { visitId: body.visitId } });
    const rows = await server.database.db.select().from(visits).where(eq(visits.visitId, body.visitId));
    expect(rows.map((row) => row.receivedOn)).toEqual(['2026-11-28']);
    // Another visitor reusing the id on the next day is still refused.
    clock.advance(1000);
    const stolen = await server.app.inject({
      method: 'POST',
      url: VISIT_PATH,
      headers: { 'pb-pass-token': token },
      payload: { ...body, visitorId: randomUUID() },
    });
    clock.advance(-1000);
    expect(stolen.json()).toMatchObject({ status: false, statusMessage: 'Failed to create visitId' });
  });

  it('finds an event resent after midnight and answers the first receipt, stored once', async () => {
    const token = await server.token(2);
    const eventId = randomUUID();
    const produce = () =>
      server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': token },
        payload: [{ eventId, event: 'page_view' }],
      });
    const first = await produce();
    expect(first.statusCode).toBe(200);
    clock.advance(1000);
    const resent = await produce();
    clock.advance(-1000);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual(first.json());
    const rows = await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, eventId));
    expect(rows.map((row) => row.receivedOn)).toEqual(['2026-11-28']);
  });

  it('stores into a day the job has not made yet (the clock moved days ahead)', async () => {
    clock.advance(10 * 86_400_000);
    try {
      const token = await server.token(2);
      const reply = await server.app.inject({
        method: 'POST',
        url: VISIT_PATH,
        headers: { 'pb-pass-token': token },
        payload: { visitId: randomUUID(), visitorId: randomUUID() },
      });
      expect(reply.statusCode).toBe(200);
      expect(await partitionsOf('visits')).toContain('visits_p20261208');
    } finally {
      clock.advance(-10 * 86_400_000);
    }
  });

  it("checks the day before by key, not by reading today's partition, even in a plan made while it was empty", async () => {
    // The batched inserts run prepared (db/client.ts executePrepared): PostgreSQL may keep one generic
    // plan per connection, made while the day's partition is new and looks empty (PostgreSQL, PREPARE,
    // Notes; plan_cache_mode, §20.7.4). Forced here, the plan of each table's insert must probe the key
    // of the day-before partition per row, never hash or scan a partition whole.
    const statements = {
      visits: sql`${jsonRowsInsert(visits, ['visitId', 'visitorId', 'siteId', 'createdAt', 'receivedOn'])([])} ${notStoredTheDayBefore('visits', 'visit_id', 'visitId')}`,
      analytics_events: sql`${jsonRowsInsert(analyticsEvents, undefined, { omitNulls: true })([])} ${notStoredTheDayBefore('analytics_events', 'event_id', 'eventId')}`,
    };
    const dialect = new PgDialect();
    for (const table of DAILY_PARTITIONED_TABLES) {
      const text = dialect.sqlToQuery(statements[table]).sql;
      // One connection for the session's setting and its prepared statement.
      const plan = await server.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare day_before_probe(json) as ${text}`));
        try {
          const explained = await tx.execute(sql.raw(`explain execute day_before_probe('[]')`));
          return resultRows<{ 'QUERY PLAN': string }>(explained)
            .map((row) => row['QUERY PLAN'])
            .join('\n');
        } finally {
          await tx.execute(sql`deallocate day_before_probe`);
        }
      });
      expect(plan).toMatch(/Index (Only )?Scan using \w+_p\d{8}_pkey/);
      expect(plan).not.toMatch(/Hash|Seq Scan on \w+_p\d{8}|Merge/);
    }
  });
});
