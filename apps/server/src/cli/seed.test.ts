import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDIT_CUSTOMERS, offerSchema } from '@pravesh/core';
import { loadConfig } from '../config/index.ts';
import { offerCatalogue, offerLenders } from '../db/schema/offers.ts';
import { DEMO_LENDERS, DEMO_OFFERS } from '../modules/offers/demo-catalogue.ts';
import { toOffer } from '../modules/offers/service.ts';
import { employerSeedList } from '../modules/profile/employers-seed.ts';
import { createOffersStore } from '../modules/offers/store.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../test/instance.ts';
import { SEEDERS, main, runSeeders, type Seeder } from './seed.ts';

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const EMPLOYERS = employerSeedList().length;
const DEMO_NUMBERS = Object.values(DEMO_CREDIT_CUSTOMERS)
  .map((customer) => customer.mobileNo)
  .join(', ');

describe.each(DATABASE_KINDS)('npm run seed on %s', (kind) => {
  let database: TestDatabase;
  const config = loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent' });
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  it('seeds the demo catalogue once: a second run adds nothing and changes nothing', async () => {
    const context = { db: database.db, config, now: () => NOW };
    const first = await runSeeders(context);
    // 4 bureaus for the scored customer, one NO_HIT and one NTC answer from each bureau for the
    // other two (12), and the scored customer's earlier CIBIL pull behind their credit alerts (13).
    expect(first).toEqual([
      `offer catalogue: ${DEMO_LENDERS.length} of ${DEMO_LENDERS.length} lenders and ${DEMO_OFFERS.length} of ${DEMO_OFFERS.length} offers added`,
      `demo credit customers: 3 customers (${DEMO_NUMBERS}), 3 consents recorded, 13 reports pulled`,
      'demo chat agents: 3 of 3 chat agents added (8 chat places in all); desk sign-in priya@desk.kosh.example.in (password in the README)',
      `employer list: ${EMPLOYERS} of ${EMPLOYERS} employers added`,
      'demo holdings: 5 fund folios, 2 wallet protection policies and 1 ONDC loan added',
    ]);
    const before = await database.db.select().from(offerCatalogue);
    const second = await runSeeders({ ...context, now: () => NOW + 86_400_000 });
    expect(second).toEqual([
      `offer catalogue: 0 of ${DEMO_LENDERS.length} lenders and 0 of ${DEMO_OFFERS.length} offers added`,
      `demo credit customers: 3 customers (${DEMO_NUMBERS}), 0 consents recorded, 0 reports pulled`,
      'demo chat agents: 0 of 3 chat agents added (8 chat places in all); desk sign-in priya@desk.kosh.example.in (password in the README)',
      `employer list: 0 of ${EMPLOYERS} employers added`,
      'demo holdings: 0 fund folios, 0 wallet protection policies and 0 ONDC loans added',
    ]);
    expect(await database.db.select().from(offerCatalogue)).toEqual(before);
    expect(await database.db.$count(offerLenders)).toBe(DEMO_LENDERS.length);
  });

  it('seeds a catalogue whose every offer is a valid spec 000 §3 offer with its disclosure', async () => {
    const entries = await createOffersStore(database.db).activeCatalogue('2026-11-21');
    expect(entries.map((entry) => entry.offerId).sort()).toEqual(DEMO_OFFERS.map((offer) => offer.offerId).sort());
    expect(new Set(entries.map((entry) => entry.product))).toEqual(new Set(['PL', 'CC', 'HL', 'BL', 'LAP', 'INS']));
    expect(new Set(entries.map((entry) => entry.lender.id)).size).toBeGreaterThanOrEqual(4);
    for (const entry of entries) {
      const offer = toOffer('http://localhost:4000', entry);
      expect(offerSchema.parse(offer)).toEqual(offer);
      expect(entry.applyUrl).toBe('http://localhost:4100/partner/apply');
    }
    // The lender gave no end date: spec 000 §9's placeholder, and only then.
    const undated = entries.filter((entry) => entry.validTill === null);
    expect(undated.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(toOffer('http://localhost:4000', entry).validTill).toBe(entry.validTill ?? '2030-12-12');
    }
  });

  it('refuses unknown arguments without touching a database', async () => {
    const errors: string[] = [];
    expect(
      await main(
        ['--wipe'],
        {},
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(1);
    expect(errors[0]).toMatch(/unknown argument: --wipe/);
  });

  it('runs seeders in order and stops at the first failure', async () => {
    const ran: string[] = [];
    const seeder = (name: string, fail = false): Seeder => ({
      name,
      run: () => {
        ran.push(name);
        return fail ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve('ok');
      },
    });
    const context = { db: database.db, config, now: () => NOW };
    await expect(runSeeders(context, [seeder('a'), seeder('b', true), seeder('c')])).rejects.toThrow('b failed');
    expect(ran).toEqual(['a', 'b']);
    expect(SEEDERS.map((entry) => entry.name)).toContain('offer catalogue');
  });

  it('seeds no demo lenders in production, without touching the database', async () => {
    const untouchable = new Proxy({} as never, {
      get() {
        throw new Error('the database was touched');
      },
    });
    const production = { ...config, environment: 'production' as const };
    expect(await runSeeders({ db: untouchable, config: production, now: () => NOW })).toEqual([
      'offer catalogue: skipped in production (demo data)',
      'demo credit customers: skipped in production (demo data)',
      'demo chat agents: skipped in production (demo data)',
      'employer list: skipped in production (load the company register)',
      'demo holdings: skipped in production (demo data)',
    ]);
  });
});
