import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SSO_SITE_ID } from '@pravesh/core';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { createDb, type DatabaseHandle } from '../db/client.ts';
import { customerProfiles } from '../db/schema/profile.ts';
import { ssoCallerIdRequests, ssoCustomers, ssoPiiBackfill } from '../db/schema/sso.ts';
import { openStoredPersonalDetails, sealPersonalDetails } from '../lib/personal-details.ts';
import { createCallerIdService } from '../modules/sso/caller-id/service.ts';
import { createPiiCipher } from '../auth/pii-cipher.ts';
import { createCustomerStore } from '../modules/sso/customers/store.ts';
import { DATABASE_KINDS } from '../test/instance.ts';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../test/postgres.ts';
import { main } from './pii.ts';

const KEY_A = Buffer.alloc(32, 0xa1).toString('base64');
const KEY_B = Buffer.alloc(32, 0xb2).toString('base64');
const ONLY_A = { PRAVESH_PII_KEYS: `a=${KEY_A}` };
const ROTATED = { PRAVESH_PII_KEYS: `a=${KEY_A},b=${KEY_B}`, PRAVESH_PII_ACTIVE_KID: 'b' };
const ONLY_B = { PRAVESH_PII_KEYS: `b=${KEY_B}` };
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const PERSONAL_DETAILS = {
  fullName: 'Kavya Menon',
  dateOfBirth: '1988-02-09',
  gender: 'FEMALE',
  pan: 'ABCPM1234Q',
  employmentType: 1,
  employerId: 2,
  monthlyIncome: 120_000,
  professionType: null,
  businessType: null,
  annualTurnoverId: null,
  cityId: 7,
  bankId: null,
  employerName: 'Infosys Limited',
  cityName: 'Kochi',
  state: 'Kerala',
  bankName: null,
  annualTurnoverLabel: null,
};
const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));
const MIGRATION_0012 = 1795300000012;

const cipherFor = (env: Record<string, string>) => {
  const config = loadConfig({ PRAVESH_ENV: 'local', ...env });
  return createPiiCipher(config.pii, config.piiHashKey);
};
const callerIdService = (handle: DatabaseHandle, env: Record<string, string>) =>
  createCallerIdService({
    db: handle.db,
    now: () => NOW,
    pii: cipherFor(env),
    provider: { name: 'simulator', appUrl: () => 'http://localhost/app' },
  });

/** Key rotation of personal data (npm run pii) and migration 0012's hand-over. */
describe.each(DATABASE_KINDS)('npm run pii on %s', (kind) => {
  let dir: string;
  let postgres: EmptyPostgresDatabase | undefined;
  let n = 0;
  const nextMobile = () => `93${String(10_000_000 + n++).slice(-8)}`;
  const databaseEnv = () => (postgres ? { DATABASE_URL: postgres.url } : { PRAVESH_DATA_DIR: path.join(dir, 'data') });
  const open = () =>
    createDb(postgres ? { databaseUrl: postgres.url, dataDir: '' } : { dataDir: path.join(dir, 'data') });

  /** Runs the command as `npm run pii` would, on this database; PGlite is closed by the caller first. */
  async function run(args: string[], env: Record<string, string>) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, {
      out: (line) => void out.push(line),
      err: (line) => void err.push(line),
      // Nothing listens there: a developer's own server on :4000 must not make the command refuse.
      env: { PRAVESH_ENV: 'local', PRAVESH_PUBLIC_URL: 'http://127.0.0.1:9', ...databaseEnv(), ...env },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** Runs `use` on a handle that is closed afterwards (PGlite serves one process at a time). */
  async function withDatabase<T>(use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = open();
    try {
      return await use(handle);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pravesh-pii-cli-'));
    if (kind === 'postgres') postgres = await createEmptyPostgresDatabase();
  });
  afterAll(async () => {
    await postgres?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migration 0012 drops the clear columns only after setting their values aside, and they end encrypted', async () => {
    // The database as it was before 0012: migrations up to 0011 only, with customers still in clear.
    const before = path.join(dir, 'migrations-before-0012');
    mkdirSync(path.join(before, 'meta'), { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.when < MIGRATION_0012);
    writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
    for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
      copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    }
    const customerId = randomUUID();
    const mobileNo = nextMobile();
    const approvedNumber = nextMobile();
    const redeemedNumber = nextMobile();
    const at = new Date(NOW).toISOString();
    await withDatabase(async (handle) => {
      const drizzle = handle.db as never;
      if (handle.kind === 'postgres') await migratePg(drizzle, { migrationsFolder: before });
      else await migratePglite(drizzle, { migrationsFolder: before });
      await handle.db.execute(sql`insert into sso_customers (customer_id, mobile_no, email, created_at, updated_at)
        values (${customerId}, ${mobileNo}, ${'Legacy@Example.in'}, ${at}::timestamptz, ${at}::timestamptz)`);
      for (const [nonce, status, number] of [
        ['approved-nonce', 'success', approvedNumber],
        ['redeemed-nonce', 'login_initiated', redeemedNumber],
      ]) {
        await handle.db.execute(sql`insert into sso_caller_id_requests
          (request_nonce, site_id, status, provider, mobile_no, payload, created_at, updated_at, expires_at)
          values (${nonce}, 2, ${status}, 'simulator', ${number}, '{}'::jsonb, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)`);
      }
    });

    // The operator command applies 0012 and moves the set-aside values, as a server start would.
    const result = await run(['reencrypt'], ONLY_A);
    expect(result, result.err).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('encrypted 3 values set aside by migration 0012');

    await withDatabase(async (handle) => {
      const columns = await handle.db.execute(
        sql`select table_name, column_name from information_schema.columns
            where table_name in ('sso_customers', 'sso_caller_id_requests') and column_name in ('mobile_no', 'email')`,
      );
      expect((columns as { rows: unknown[] }).rows).toEqual([]);
      expect(await handle.db.$count(ssoPiiBackfill)).toBe(0);
      const dump = JSON.stringify([
        ...(await handle.db.select().from(ssoCustomers)),
        ...(await handle.db.select().from(ssoCallerIdRequests)),
      ]).toLowerCase();
      for (const clear of [mobileNo, 'legacy@example.in', approvedNumber, redeemedNumber])
        expect(dump).not.toContain(clear);

      const store = createCustomerStore(handle.db, () => NOW, { pii: cipherFor(ONLY_A) });
      expect(await store.byMobile(mobileNo)).toMatchObject({ customerId, mobileNo, email: 'legacy@example.in' });
      expect(await store.byEmail('legacy@example.in')).toMatchObject({ customerId });
      // The approved request still signs its number in; the redeemed one's number was not kept.
      expect(await callerIdService(handle, ONLY_A).redeem(SSO_SITE_ID, 'approved-nonce')).toBe(approvedNumber);
      const [redeemed] = await handle.db
        .select()
        .from(ssoCallerIdRequests)
        .where(eq(ssoCallerIdRequests.requestNonce, 'redeemed-nonce'));
      expect(redeemed?.mobileEnc).toBeNull();
    });
    // Every migration, twice, on a PGlite on disk: CPU-bound, and vitest runs a file per core.
  }, 120_000);

  it('re-encrypts every value under an old kid to the active one, in batches, resumably, naming no personal data', async () => {
    const people = Array.from({ length: 5 }, (_, index) => ({
      mobileNo: nextMobile(),
      email: `person${n}-${index}@example.in`,
    }));
    const approved = nextMobile();
    const ids = await withDatabase(async (handle) => {
      const store = createCustomerStore(handle.db, () => NOW, { pii: cipherFor(ONLY_A) });
      const created = [];
      for (const person of people) {
        const customer = await store.findOrCreate(person.mobileNo);
        await store.update(customer.customerId, { email: person.email });
        created.push(customer.customerId);
      }
      // A customer's personal details, one sealed record, rotate with the rest.
      await handle.db.insert(customerProfiles).values({
        customerId: created[0]!,
        detailsEnc: sealPersonalDetails(cipherFor(ONLY_A), PERSONAL_DETAILS),
        createdAt: new Date(NOW),
        updatedAt: new Date(NOW),
      });
      const callerId = callerIdService(handle, ONLY_A);
      const { requestNonce } = await callerId.start(2, { requestNonce: 'rotation-nonce' });
      expect(await callerId.approve(requestNonce, approved)).toBe(true);
      // The approved number is kept only encrypted (migration 0012), like a customer's.
      const requests = await handle.db.select().from(ssoCallerIdRequests);
      expect(JSON.stringify(requests)).not.toContain(approved);
      return created;
    });

    // Stopped after 3 rows (--limit), in batches of 2: progress after each batch.
    const first = await run(['reencrypt', '--batch-size', '2', '--limit', '3'], ROTATED);
    expect(first, first.err).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('sso_customers: 2 rows re-encrypted to kid b');
    expect(first.out).toContain('sso_customers: 3 rows re-encrypted to kid b');
    expect(first.out).toMatch(/done: 3 rows re-encrypted to kid b; \d+ values still under a \(run again\)/);

    // Running again goes on where it stopped: rows already under b are not read again.
    const second = await run(['reencrypt', '--batch-size', '2'], ROTATED);
    expect(second, second.err).toMatchObject({ code: 0, err: '' });
    const rewritten = Number(/done: (\d+) rows/.exec(second.out)?.[1]);
    // Earlier tests of this file left rows under a too; at least the rest of these and the request.
    expect(rewritten).toBeGreaterThanOrEqual(people.length - 3 + 1);
    expect(second.out).toContain('done: ');
    expect(second.out).toContain('no value is under another kid');
    const status = await run(['status'], ROTATED);
    expect(status.out).toContain('active kid: b');
    expect(status.out).toMatch(/sso_customers\.mobile_enc\tb\t\d+/);
    expect(status.out).not.toMatch(/\ta\t/);

    // The old key can go: every customer and the request are read with b alone.
    await withDatabase(async (handle) => {
      const store = createCustomerStore(handle.db, () => NOW, { pii: cipherFor(ONLY_B) });
      for (const [index, person] of people.entries()) {
        expect(await store.byMobile(person.mobileNo)).toMatchObject({ customerId: ids[index], email: person.email });
        expect(await store.byEmail(person.email)).toMatchObject({ customerId: ids[index] });
      }
      expect(await callerIdService(handle, ONLY_B).redeem(2, 'rotation-nonce')).toBe(approved);
      const [profile] = await handle.db.select().from(customerProfiles).where(eq(customerProfiles.customerId, ids[0]!));
      expect(openStoredPersonalDetails(cipherFor(ONLY_B), profile!.detailsEnc)).toEqual(PERSONAL_DETAILS);
    });

    // Progress names tables, counts and kids: never a number or an address.
    const printed = [first, second, status].map((result) => `${result.out}\n${result.err}`).join('\n');
    for (const person of people) {
      expect(printed).not.toContain(person.mobileNo);
      expect(printed).not.toContain(person.email);
    }
    expect(printed).not.toContain(approved);
    expect(printed).not.toContain(PERSONAL_DETAILS.fullName);
  }, 60_000);

  it('refuses bad options before touching the database', async () => {
    expect(await run(['reencrypt', '--batch-size', '0'], ROTATED)).toMatchObject({
      code: 1,
      err: 'error: --batch-size must be a whole number from 1',
    });
    expect((await run(['rotate'], ROTATED)).code).toBe(1);
  });
});
