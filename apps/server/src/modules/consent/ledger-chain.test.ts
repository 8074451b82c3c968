import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES } from '@pravesh/core';
import { buildApp } from '../../app.ts';
import { main, type CliIo } from '../../cli/contract.ts';
import { loadConfig } from '../../config/index.ts';
import { createDb, type Database } from '../../db/client.ts';
import { consentLedger, consentLedgerChainHead } from '../../db/schema/consent.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test/instance.ts';
import { prepareMigratedDataDir } from '../../test/migrated.ts';
import { POSTGRES_URL, createEmptyPostgresDatabase } from '../../test/postgres.ts';
import { createKeyring } from '../../lib/keyring.ts';
import { issuePassToken } from '../shield/issue-token.ts';
import { GENESIS_HASH, verifyLedgerChain } from './chain.ts';
import { createConsentService } from './service.ts';
import { createConsentStore } from './store.ts';

/** The ledger's hash chain, its verification command, and the app's restricted role. */
const NOW = Date.UTC(2026, 10, 25, 9, 30, 0);
const CONTRACT = 'chain-terms';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Five decisions through the service: visitors and a customer, a withdrawal, text of every kind. */
async function appendDecisions(db: Database): Promise<void> {
  const store = createConsentStore(db);
  await store.seed(
    [{ contractId: CONTRACT, title: 'Chain terms', siteId: null, markup: '<p>v1</p>' }],
    new Date(NOW),
    'test',
  );
  let tick = 0;
  const service = createConsentService({ store, piiHashKey: 'k'.repeat(40), now: () => NOW + tick++ * 1000 });
  const base = { contractId: CONTRACT, contractVersionId: '1', visitId: 'visit-1', consentState: 1 as const };
  const ctx = { siteId: 2, ip: '198.51.100.7', userAgent: 'ChainTest/1.0' };
  await service.respond({ ...base, visitorId: 'visitor-a', userValue: 'Y' }, ctx);
  await service.respond(
    {
      ...base,
      visitorId: 'visitor-b',
      userValue: 'N',
      pageUrl: b64('https://www.example.in/ऋण?x=✓|1:2'),
      cookieId: 'c|~',
    },
    { ...ctx, ip: undefined },
  );
  const customerId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  await service.respond({ ...base, visitorId: 'visitor-c', customerId, userValue: 'Y', environment: 'local' }, ctx);
  await service.withdraw({ contractId: CONTRACT, customerId, visitorId: 'visitor-c', reason: 'changed my mind' }, ctx);
  await service.respond({ ...base, visitorId: 'visitor-d', userValue: 'Y' }, ctx);
}

/** What an owner (or a superuser) can do and the app's role cannot: switch the guard off and rewrite. */
async function asOwner(db: Database, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table consent_ledger disable trigger consent_ledger_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table consent_ledger enable trigger consent_ledger_append_only`);
  });
}

describe.each(DATABASE_KINDS)('consent ledger hash chain on %s', (kind) => {
  let database: TestDatabase;
  const rows = () => database.db.select().from(consentLedger).orderBy(asc(consentLedger.chainPosition));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await appendDecisions(database.db);
  }, 120_000);
  afterAll(() => database?.dispose());

  it('links every entry to the one before it, and the head to the last', async () => {
    const entries = await rows();
    expect(entries.map((entry) => entry.chainPosition)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prevHash).toBe(entries[i - 1]!.entryHash);
    expect(new Set(entries.map((entry) => entry.entryHash)).size).toBe(5);
    const [head] = await database.db.select().from(consentLedgerChainHead);
    expect(head).toEqual({ id: true, lastPosition: 5, entryHash: entries[4]!.entryHash });
    // Recomputed here, apart from the database's functions, the chain holds.
    expect(await verifyLedgerChain(database.db)).toEqual({ ok: true, entries: 5, headHash: entries[4]!.entryHash });
  });

  it('ignores hashes an insert sends: the trigger sets them', async () => {
    const { seq: _seq, ...first } = (await rows())[0]!;
    await database.db.insert(consentLedger).values({
      ...first,
      entryId: '4a1d2c7e-8a1b-4c33-9b1e-1f2a3b4c5d6e',
      chainPosition: 1,
      prevHash: 'f'.repeat(64),
      entryHash: 'e'.repeat(64),
      visitorId: 'visitor-e',
    });
    const last = (await rows()).at(-1)!;
    expect(last).toMatchObject({ chainPosition: 6, prevHash: (await rows())[4]!.entryHash });
    expect(last.entryHash).not.toBe('e'.repeat(64));
    expect((await verifyLedgerChain(database.db)).ok).toBe(true);
  });

  it('names the first altered entry, and the first entry after a removed one', async () => {
    const entries = await rows();
    const second = entries[1]!;
    await asOwner(database.db, sql`update consent_ledger set user_value = 'Y' where entry_id = ${second.entryId}`);
    expect(await verifyLedgerChain(database.db)).toEqual({
      ok: false,
      entries: 1,
      entry: { entryId: second.entryId, seq: second.seq, chainPosition: 2 },
      reason: 'its fields do not match its hash (the entry was altered)',
    });
    // Back as it was, the chain holds again: the hash covers the content, nothing else.
    await asOwner(database.db, sql`update consent_ledger set user_value = 'N' where entry_id = ${second.entryId}`);
    expect((await verifyLedgerChain(database.db)).ok).toBe(true);

    // Rewriting an entry's hash too breaks the link of the next one.
    const fourth = entries[3]!.entryId;
    await asOwner(database.db, sql`update consent_ledger set reason = 'forged' where entry_id = ${fourth}`);
    await asOwner(
      database.db,
      sql`update consent_ledger set entry_hash = consent_ledger_hash(consent_ledger.*) where entry_id = ${fourth}`,
    );
    expect(await verifyLedgerChain(database.db)).toMatchObject({
      ok: false,
      entry: { entryId: entries[4]!.entryId, chainPosition: 5 },
      reason: 'its previous hash is not the hash of the entry before it',
    });
    await asOwner(
      database.db,
      sql`update consent_ledger set reason = 'changed my mind', entry_hash = ${entries[3]!.entryHash} where entry_id = ${entries[3]!.entryId}`,
    );
    expect((await verifyLedgerChain(database.db)).ok).toBe(true);

    const third = entries[2]!;
    await asOwner(database.db, sql`delete from consent_ledger where entry_id = ${third.entryId}`);
    expect(await verifyLedgerChain(database.db)).toMatchObject({
      ok: false,
      entries: 2,
      entry: { entryId: entries[3]!.entryId, chainPosition: 4 },
      reason: 'chain position 4 where 3 was expected (an entry is missing)',
    });
  });
});

describe('npm run contract -- verify-ledger', () => {
  async function run(env: Record<string, string>) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (line) => void out.push(line),
      err: (line) => void err.push(line),
      env: { PRAVESH_ENV: 'local', PRAVESH_PUBLIC_URL: 'http://127.0.0.1:9', ...env },
      now: () => NOW,
    };
    const code = await main(['verify-ledger'], io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function scenario(env: Record<string, string>, open: () => ReturnType<typeof createDb>) {
    let handle = open();
    await handle.migrate();
    await appendDecisions(handle.db);
    const entries = await handle.db.select().from(consentLedger).orderBy(asc(consentLedger.chainPosition));
    await handle.close();

    const intact = await run(env);
    expect(intact).toEqual({
      code: 0,
      out: `consent ledger chain intact: 5 entries, head ${entries[4]!.entryHash}`,
      err: '',
    });

    // The owner alters the third decision from "accepted" to "declined", with the guard off.
    handle = open();
    await asOwner(handle.db, sql`update consent_ledger set user_value = 'N' where entry_id = ${entries[2]!.entryId}`);
    await handle.close();
    const broken = await run(env);
    expect(broken).toEqual({
      code: 1,
      out: '',
      err:
        `consent ledger chain broken at entry ${entries[2]!.entryId} (seq ${entries[2]!.seq}, chain position 3): ` +
        'its fields do not match its hash (the entry was altered); 2 entries before it verified',
    });
  }

  it('reports an intact chain, then the altered entry, on the embedded database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pravesh-ledger-'));
    try {
      const dataDir = path.join(dir, 'data');
      await prepareMigratedDataDir(dataDir);
      await scenario({ PRAVESH_DATA_DIR: dataDir }, () => createDb({ dataDir }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it.skipIf(!POSTGRES_URL)(
    'does the same on PostgreSQL',
    async () => {
      const database = await createEmptyPostgresDatabase();
      try {
        await scenario({ DATABASE_URL: database.url }, () => createDb({ databaseUrl: database.url, dataDir: '' }));
      } finally {
        await database.dispose();
      }
    },
    120_000,
  );
});

describe.skipIf(!POSTGRES_URL)('the app on PostgreSQL as the pravesh_app role', () => {
  it('migrates as the owner, appends as the app, and cannot rewrite the ledger or switch its guard off', async () => {
    const database = await createEmptyPostgresDatabase();
    const config = loadConfig({
      PRAVESH_ENV: 'local',
      PRAVESH_DATA_DIR: '/nonexistent',
      DATABASE_URL: database.appUrl,
      PRAVESH_MIGRATION_DATABASE_URL: database.url,
      PRAVESH_RATE_LIMIT_PREFIX: `test:${Math.random().toString(36).slice(2)}:`,
    });
    const app = await buildApp(config, { logger: false });
    const client = new pg.Client({ connectionString: database.appUrl });
    try {
      await app.ready();
      const keyring = createKeyring(config.shieldKeys, config.activeShieldKid);
      const reply = await app.inject({
        method: 'POST',
        url: CONSENT_ROUTES.userConsent,
        headers: { 'pb-pass-token': await issuePassToken({ keyring, siteId: 2, validitySeconds: 900 }) },
        payload: {
          contractId: 'pb-tnc-homepage',
          contractVersionId: '1',
          visitorId: 'visitor-role',
          visitId: 'visit-role',
          userValue: 'Y',
          consentState: 1,
        },
      });
      expect(reply.statusCode).toBe(200);

      await client.connect();
      const { rows } = await client.query<{ current_user: string }>('select current_user');
      expect(rows[0]!.current_user).toBe('pravesh_app');
      const refused = async (statement: string) => {
        try {
          await client.query(statement);
        } catch (error) {
          return { code: (error as { code?: string }).code, message: (error as Error).message };
        }
        return { code: 'accepted', message: statement };
      };
      // Refused by the grants themselves (permission denied), not only by the append-only trigger.
      for (const statement of [
        "update consent_ledger set user_value = 'N'",
        'delete from consent_ledger',
        'truncate consent_ledger',
        "update consent_contract_versions set markup = '<p>rewritten</p>'",
        'delete from consent_contract_versions',
        'update consent_ledger_chain_head set last_position = 0',
      ]) {
        const { code, message } = await refused(statement);
        expect({ statement, code }).toEqual({ statement, code: '42501' });
        expect(message).toMatch(/^permission denied for table/);
      }
      for (const statement of [
        'alter table consent_ledger disable trigger consent_ledger_append_only',
        'alter table consent_ledger disable trigger all',
        'drop trigger consent_ledger_chain on consent_ledger',
        "create or replace function consent_append_only() returns trigger language plpgsql as 'begin return new; end'",
      ]) {
        const { code, message } = await refused(statement);
        expect({ statement, code }).toEqual({ statement, code: '42501' });
        expect(message).toMatch(/^(must be owner of|permission denied for schema public)/);
      }
      const count = await client.query<{ n: string }>('select count(*)::text as n from consent_ledger');
      expect(count.rows[0]!.n).toBe('1');
      const owner = createDb({ databaseUrl: database.url, dataDir: '' });
      try {
        expect(await verifyLedgerChain(owner.db)).toMatchObject({ ok: true, entries: 1 });
      } finally {
        await owner.close();
      }
    } finally {
      await client.end().catch(() => undefined);
      await app.close();
      await database.dispose();
    }
  }, 120_000);

  it('migrates as an owner without CREATEROLE, as on a managed service', async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    const owner = `pravesh_owner_${Math.random().toString(36).slice(2, 10)}`;
    const name = `pravesh_test_${owner}`;
    await admin.connect();
    try {
      await admin.query(`create role ${owner} nologin nocreaterole`);
      await admin.query(`create database ${name} owner ${owner}`);
      const url = new URL(POSTGRES_URL!);
      url.pathname = `/${name}`;
      url.searchParams.set('options', `-c role=${owner}`);
      const handle = createDb({ databaseUrl: url.toString(), dataDir: '' });
      try {
        await handle.migrate();
        await appendDecisions(handle.db);
        expect(await verifyLedgerChain(handle.db)).toMatchObject({ ok: true, entries: 5 });
      } finally {
        await handle.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop owned by ${owner}`).catch(() => undefined);
      await admin.query(`drop role if exists ${owner}`);
      await admin.end();
    }
  }, 120_000);
});
