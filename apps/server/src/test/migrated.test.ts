import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../db/client.ts';
import { createTestDatabase, DATABASE_KINDS } from './instance.ts';

const journal = JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
};

/**
 * Test databases are copies of one migrated database (test/migrated.ts): each must hold every
 * migration, and each must be its own — a row written in one is in no other.
 */
describe.each(DATABASE_KINDS)('test databases on %s', (kind) => {
  it('are fully migrated copies, apart from each other', async () => {
    const [first, second] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
    try {
      for (const database of [first, second]) {
        const applied = resultRows<{ count: number | string }>(
          await database.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`),
        );
        expect(Number(applied[0]!.count)).toBe(journal.entries.length);
      }
      await first.db.execute(sql`create table copy_marker (id int)`);
      const seen = resultRows<{ name: string | null }>(
        await second.db.execute(sql`select to_regclass('copy_marker')::text as name`),
      );
      expect(seen[0]!.name).toBeNull();
    } finally {
      await Promise.all([first.dispose(), second.dispose()]);
    }
  });
});
