import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../lib/locations.ts';
import { resultRows, type Database } from './client.ts';

/**
 * Where a database's schema stands against the migrations this server carries. drizzle's migrator
 * records each applied migration with its journal timestamp (`created_at` = the journal's `when`)
 * and applies those newer than the latest recorded, so the latest recorded timestamp is the
 * schema's version.
 */
export type SchemaStatus =
  | { state: 'current' }
  | { state: 'behind'; pending: readonly string[] }
  | { state: 'ahead'; appliedAt: number; knownAt: number };

interface JournalEntry {
  when: number;
  tag: string;
}

export function knownMigrations(folder = MIGRATIONS_DIR): readonly JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export async function schemaStatus(db: Database, known = knownMigrations()): Promise<SchemaStatus> {
  const [table] = resultRows<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  let latest: number | null = null;
  if (table?.present) {
    const [row] = resultRows<{ latest: string | number | null }>(
      await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
    );
    latest = row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
  }
  const knownAt = Math.max(...known.map((entry) => entry.when));
  if (latest !== null && latest > knownAt) return { state: 'ahead', appliedAt: latest, knownAt };
  const pending = known.filter((entry) => latest === null || entry.when > latest).map((entry) => entry.tag);
  return pending.length === 0 ? { state: 'current' } : { state: 'behind', pending };
}

/** Why this server will not start on the database, and which step to run; undefined when current. */
export function schemaRefusal(status: SchemaStatus): string | undefined {
  if (status.state === 'behind') {
    return (
      `the database schema is older than this server: ${status.pending.length} migration(s) pending ` +
      `(${status.pending[0]}${status.pending.length > 1 ? ` … ${status.pending.at(-1)}` : ''}); ` +
      'run "npm run migrate" (or node apps/server/dist/migrate.js) first'
    );
  }
  if (status.state === 'ahead') {
    return (
      'the database schema is newer than this server (a later release migrated it): ' +
      'deploy that release, or restore the database it was built for'
    );
  }
  return undefined;
}
