import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/index.ts';
import { main as migrateCommand } from '../cli/migrate.ts';
import { createEmptyPostgresDatabase, POSTGRES_URL } from '../test/postgres.ts';
import { createDb, resultRows } from './client.ts';
import { knownMigrations, schemaRefusal, schemaStatus } from './schema-version.ts';

const LOCAL = { PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent', PRAVESH_LOG_LEVEL: 'silent' };

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: (env: Record<string, string>) => ({
      out: (l: string) => void out.push(l),
      err: (l: string) => void err.push(l),
      env,
    }),
  };
}

describe.runIf(POSTGRES_URL)('migrations as a step (PostgreSQL)', () => {
  it('two migrate runs at once apply each migration once (advisory lock)', async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const first = createDb({ databaseUrl: empty.url, dataDir: '' });
      const second = createDb({ databaseUrl: empty.url, dataDir: '' });
      const results = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const rows = resultRows<{ n: string }>(
        await first.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
      );
      expect(Number(rows[0]!.n)).toBe(knownMigrations().length);
      expect(await schemaStatus(first.db)).toEqual({ state: 'current' });
      await Promise.all([first.close(), second.close()]);
    } finally {
      await empty.dispose();
    }
  }, 180_000);

  it('an instance that does not migrate refuses an older or a newer schema, naming the step to run', async () => {
    const empty = await createEmptyPostgresDatabase();
    const env = { ...LOCAL, DATABASE_URL: empty.url, PRAVESH_MIGRATE_ON_START: '0' };
    try {
      // Older: nothing applied yet.
      await expect(buildApp(loadConfig(env), { logger: false })).rejects.toThrow(
        /older than this server.*npm run migrate/,
      );
      const io = capture();
      expect(await migrateCommand([], io.io(env))).toBe(0);
      expect(io.out.join('\n')).toMatch(new RegExp(`applied ${knownMigrations().length} `));
      // Current: it starts, and a second migrate has nothing to do.
      const app = await buildApp(loadConfig(env), { logger: false });
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      await app.close();
      const again = capture();
      expect(await migrateCommand([], again.io(env))).toBe(0);
      expect(again.out.join('\n')).toContain('nothing to apply');
      // Newer: a later release recorded a migration this one does not know.
      const handle = createDb({ databaseUrl: empty.url, dataDir: '' });
      await handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('later-release', ${Date.UTC(2030, 0, 1)})`,
      );
      const status = await schemaStatus(handle.db);
      expect(status.state).toBe('ahead');
      expect(schemaRefusal(status)).toMatch(/newer than this server/);
      await handle.close();
      await expect(buildApp(loadConfig(env), { logger: false })).rejects.toThrow(/newer than this server/);
      const refused = capture();
      expect(await migrateCommand([], refused.io(env))).toBe(1);
      expect(refused.err.join('\n')).toMatch(/newer than this release/);
    } finally {
      await empty.dispose();
    }
  }, 180_000);

  it('an instance on the app role (pravesh_app, not the owner) reads the schema version and starts', async () => {
    // The deployed layout (README "Configuration"): migrate as the owner, serve as a login role
    // granted pravesh_app, with no migrations at start (production's default).
    const empty = await createEmptyPostgresDatabase();
    const env = {
      ...LOCAL,
      DATABASE_URL: empty.appUrl,
      PRAVESH_MIGRATION_DATABASE_URL: empty.url,
      PRAVESH_MIGRATE_ON_START: '0',
    };
    try {
      expect(await migrateCommand([], capture().io(env))).toBe(0);
      const asApp = createDb({ databaseUrl: empty.appUrl, dataDir: '' });
      try {
        expect(await schemaStatus(asApp.db)).toEqual({ state: 'current' });
      } finally {
        await asApp.close();
      }
      const app = await buildApp(loadConfig(env), { logger: false });
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      await app.close();
    } finally {
      await empty.dispose();
    }
  }, 180_000);
});

describe('schema status', () => {
  it('names the pending migrations, first and last', () => {
    expect(schemaRefusal({ state: 'behind', pending: ['0023_a', '0024_b'] })).toMatch(
      /2 migration\(s\) pending \(0023_a … 0024_b\)/,
    );
    expect(schemaRefusal({ state: 'current' })).toBeUndefined();
  });
});
