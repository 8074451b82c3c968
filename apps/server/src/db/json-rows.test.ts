import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DatabaseHandle } from './client.ts';
import { jsonRowsInsert } from './json-rows.ts';
import { analyticsEvents } from './schema/analytics.ts';
import { ssoSessions } from './schema/sso.ts';

describe('JSON record set inserts', () => {
  let dir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pravesh-json-rows-'));
    database = createDb({ dataDir: dir });
    await database.migrate();
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

  it('refuses a column it cannot carry, and a name that is no column', () => {
    expect(() => jsonRowsInsert(analyticsEvents, ['eventId', 'data'])).toThrow(/data \(jsonb\) cannot travel/);
    expect(() => jsonRowsInsert(ssoSessions, ['sessionId', 'nope' as 'method'])).toThrow(/nope is not a column/);
  });
});
