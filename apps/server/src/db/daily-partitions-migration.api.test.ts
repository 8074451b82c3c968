import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, POSTGRES_URL } from '../test/postgres.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const PARTITIONING_MIGRATION = '0029_daily_partitions';

/** The migrations folder as it was before the partitioning one: a copy with the journal cut there. */
function migrationsBeforePartitioning(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pravesh-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === PARTITIONING_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const OLD_ROWS = `
  insert into visits (visit_id, visitor_id, site_id, created_at, received_at)
    values ('6a0f1c52-6f3e-4a55-9d7b-3f0c1d2e4b01', 'visitor-old', 2, '2026-01-05T09:00:00Z', '2026-01-05T10:00:00Z');
  insert into analytics_events (event_id, site_id, event, received_at)
    values ('6a0f1c52-6f3e-4a55-9d7b-3f0c1d2e4b02', 2, 'page_view', '2026-01-06T23:30:00Z')`;

async function expectRowsMovedIntoDays(query: Query): Promise<void> {
  expect(await query(`select visit_id, received_on::text as day from visits`)).toEqual([
    { visit_id: '6a0f1c52-6f3e-4a55-9d7b-3f0c1d2e4b01', day: '2026-01-05' },
  ]);
  expect(await query(`select event_id, received_on::text as day from analytics_events`)).toEqual([
    { event_id: '6a0f1c52-6f3e-4a55-9d7b-3f0c1d2e4b02', day: '2026-01-06' },
  ]);
  const partitions = (
    await query(`select child.relname as name from pg_inherits join pg_class child on child.oid = pg_inherits.inhrelid
      where pg_inherits.inhparent in ('visits'::regclass, 'analytics_events'::regclass)`)
  ).map((row) => row.name);
  expect(partitions).toEqual(expect.arrayContaining(['visits_p20260105', 'analytics_events_p20260106']));
  expect(await query(`select to_regclass('visits_unpartitioned') as old`)).toEqual([{ old: null }]);
}

describe('migration 0029 moves stored visits and events into daily partitions', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('on PGlite', async () => {
    const before = migrationsBeforePartitioning();
    folders.push(before);
    const client = new PGlite('memory://');
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: before });
      await client.exec(OLD_ROWS);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await expectRowsMovedIntoDays(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  }, 120_000);

  it.runIf(POSTGRES_URL)(
    'on PostgreSQL',
    async () => {
      const before = migrationsBeforePartitioning();
      folders.push(before);
      const database = await createEmptyPostgresDatabase();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: before });
        await client.query(OLD_ROWS);
        await migratePg(drizzlePg(client), { migrationsFolder });
        await expectRowsMovedIntoDays(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      } finally {
        await client.end();
        await database.dispose();
      }
    },
    180_000,
  );
});
