import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareMigratedDataDir } from '../test/migrated.ts';
import { createDb, type DatabaseHandle } from './client.ts';
import { jsonRowsInsert } from './json-rows.ts';
import { aaTransactions } from './schema/aggregator.ts';
import { analyticsEvents } from './schema/analytics.ts';
import { ssoSessions } from './schema/sso.ts';

describe('JSON record set inserts', () => {
  let dir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pravesh-json-rows-'));
    await prepareMigratedDataDir(dir);
    database = createDb({ dataDir: dir });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores every value as drizzle would: uuids, integers, nulls, absent values and instants', async () => {
    // Every column of the table (the default), whatever its type.
    const insert = jsonRowsInsert(ssoSessions);
    const createdAt = new Date('2026-11-21T10:00:00.123Z');
    const rows = [
      {
        sessionId: '0b7c9b3e-3f7e-4a55-9c55-0a4c1f3c2d11',
        tokenHash: 'hash-"quoted"-\\-ü',
        customerId: '5f0d3c1e-9a8b-4c7d-8e6f-1a2b3c4d5e6f',
        siteId: 2,
        deviceHash: null,
        method: 'otp',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 60_000),
      },
    ];
    await database.db.execute(insert(rows));
    const [stored] = await database.db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, rows[0]!.sessionId));
    // Columns the rows leave out come back null (migration 0015's device description among them).
    expect(stored).toEqual({ ...rows[0], revokedAt: null, deviceKind: null, browser: null, place: null });
  });

  it('leaves out the null fields of each row when asked, and carries jsonb as it is, nested nulls kept', async () => {
    const insert = jsonRowsInsert(analyticsEvents, undefined, { omitNulls: true });
    // Today: analytics_events is partitioned by the day received (migration 0029), and today's
    // partition exists from the migration on.
    const receivedAt = new Date().toISOString();
    const row = {
      eventId: '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      siteId: 2,
      event: 'apply',
      category: null,
      label: undefined,
      data: { step: 2, note: null, list: [1, null, 'ü'] },
      receivedAt,
      receivedOn: receivedAt.slice(0, 10),
    };
    // The parameter holds only what is there: fewer bytes for the database to parse.
    const [parameter] = new PgDialect().sqlToQuery(insert([row])).params as string[];
    expect(JSON.parse(parameter!)).toEqual([
      {
        eventId: row.eventId,
        siteId: 2,
        event: 'apply',
        data: row.data,
        receivedAt: row.receivedAt,
        receivedOn: row.receivedOn,
      },
    ]);
    await database.db.execute(insert([row]));
    const [stored] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, row.eventId));
    expect(stored).toMatchObject({ event: 'apply', category: null, label: null, userType: null, data: row.data });
    expect(stored!.receivedAt.toISOString()).toBe(row.receivedAt);
  });

  it('refuses a column it cannot carry, and a name that is no column', () => {
    expect(() => jsonRowsInsert(aaTransactions, ['txnId', 'amountPaise'])).toThrow(
      /amountPaise \(bigint\) cannot travel/,
    );
    expect(() => jsonRowsInsert(ssoSessions, ['sessionId', 'nope' as 'method'])).toThrow(/nope is not a column/);
  });
});
