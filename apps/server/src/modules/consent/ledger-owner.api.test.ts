import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/index.ts';
import { createDb } from '../../db/client.ts';
import { TEST_DEPLOYMENT_SECRETS } from '../../test/secrets.ts';
import { createEmptyPostgresDatabase, POSTGRES_URL, type EmptyPostgresDatabase } from '../../test/postgres.ts';
import { DATABASE_KINDS, getTestInstance } from '../../test/instance.ts';
import { LEDGER_TABLES, ledgerOwnership } from './ledger-owner.ts';

const OWNS_LEDGER = /owns the consent ledger/;

/** Starts a server of `environment` on `kind` and answers the warnings it logged at start. */
async function startWarnings(kind: (typeof DATABASE_KINDS)[number], environment: string): Promise<string[]> {
  const lines: string[] = [];
  const server = await getTestInstance(kind, {
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
    env: { PRAVESH_ENV: environment },
  });
  await server.close();
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level === 40)
    .map((entry) => entry.msg);
}

/** README "Configuration": the server should not own the consent ledger outside `local`. */
describe.each(DATABASE_KINDS)('the consent ledger’s owner, at start, on %s', (kind) => {
  it('warns outside local when the server’s role owns the ledger (the test database’s administrator does)', async () => {
    const warnings = await startWarnings(kind, 'staging');
    const warning = warnings.find((message) => OWNS_LEDGER.test(message));
    expect(warning).toBeDefined();
    expect(warning).toMatch(/pravesh_app/);
    if (kind === 'postgres') expect(warning).toContain([...LEDGER_TABLES].sort().join(', '));
  }, 60_000);

  it('says nothing in local', async () => {
    expect((await startWarnings(kind, 'local')).filter((message) => OWNS_LEDGER.test(message))).toEqual([]);
  }, 60_000);
});

describe.skipIf(!POSTGRES_URL)('the consent ledger’s owner on PostgreSQL as deployed', () => {
  let database: EmptyPostgresDatabase;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
  });
  afterAll(() => database?.dispose());

  it('names every ledger table for the owner and none for a role granted pravesh_app, which starts without the warning', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      ...TEST_DEPLOYMENT_SECRETS,
      PRAVESH_ENV: 'staging',
      PRAVESH_DATA_DIR: '/nonexistent',
      DATABASE_URL: database.appUrl,
      PRAVESH_MIGRATION_DATABASE_URL: database.url,
      PRAVESH_RATE_LIMIT_PREFIX: `test:${Math.random().toString(36).slice(2)}:`,
    });
    const app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
    try {
      await app.ready();
      expect(lines.filter((line) => OWNS_LEDGER.test(line))).toEqual([]);
    } finally {
      await app.close();
    }
    const asApp = createDb({ databaseUrl: database.appUrl, dataDir: '' });
    const asOwner = createDb({ databaseUrl: database.url, dataDir: '' });
    try {
      expect(await ledgerOwnership(asApp.db)).toEqual({ role: 'pravesh_app', ownedTables: [] });
      expect((await ledgerOwnership(asOwner.db)).ownedTables).toEqual([...LEDGER_TABLES].sort());
    } finally {
      await asApp.close();
      await asOwner.close();
    }
  }, 120_000);
});
