import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BUREAUS, bureauScoreRecordSchema, nextRefreshDate, type Bureau } from '@pravesh/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBureauSimulator, simulatedProfile, type BureauProvider } from '../../providers/bureau/index.ts';
import { createGenerations, type Generations } from '../../lib/generations.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/instance.ts';
import { REDIS_URL } from '../../test/postgres.ts';
import { createCreditStore, type CreditStore, type NewCreditPull } from './store.ts';
import { scoreRecordOf } from './views.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-11-25T12:00:00+05:30');

function customerOf(profile: string): string {
  for (let index = 0; index < 1000; index++) {
    const id = `10000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
    if (simulatedProfile(id) === profile) return id;
  }
  throw new Error(`no ${profile} customer`);
}

/** A pull the way the credit service will make one: the simulator's answer at `at`. */
async function pullAt(
  bureau: BureauProvider,
  customerId: string,
  creditBureau: Bureau,
  at: number,
): Promise<NewCreditPull> {
  const answer = await bureau.pullReport({
    customerId,
    bureau: creditBureau,
    consent: { reference: 'consent-test', givenAt: at - 1000 },
  });
  return {
    customerId,
    bureau: creditBureau,
    provider: bureau.name,
    providerReference: answer.providerReference,
    state: answer.state,
    dateApplied: new Date(answer.report ? Date.parse(answer.report.lastUpdated) : at),
    pulledAt: new Date(at),
    nextRefreshAt: new Date(nextRefreshDate(at)),
    consentReference: 'consent-test',
    report: answer.report,
    scoreHistory: answer.history,
  };
}

describe.each(DATABASE_KINDS)('credit store (%s)', (kind) => {
  let database: TestDatabase;
  let store: CreditStore;
  const clock = { at: START };
  const bureau = createBureauSimulator({ now: () => clock.at });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = createCreditStore(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('stores a first pull as version 1 with its report, band and the previous month as previousScore', async () => {
    const customerId = customerOf('SCORED');
    const pull = await pullAt(bureau, customerId, 'CIBIL', START);
    const result = await store.append(pull, new Date(START));
    if (!('stored' in result)) throw new Error('not stored');
    const row = result.stored;
    expect(row.version).toBe(1);
    expect(row.scoreState).toBe('SCORE');
    expect(row.score).toBe(pull.report!.score);
    expect(row.previousScore).toBe(pull.scoreHistory.at(-2)!.score);
    expect(row.scoreBand).not.toBeNull();
    expect((await store.latest(customerId, 'CIBIL'))!.report).toEqual(pull.report);
    const record = bureauScoreRecordSchema.parse(scoreRecordOf(row));
    expect(record.nextRefreshDate).toBe(nextRefreshDate(START));
  });

  it('refuses a pull before nextRefreshDate and keeps every version after it', async () => {
    const customerId = customerOf('SCORED');
    const early = await pullAt(bureau, customerId, 'EXPERIAN', START);
    expect('stored' in (await store.append(early, new Date(START)))).toBe(true);
    const again = await store.append(early, new Date(START + 29 * DAY));
    expect('tooEarly' in again && again.tooEarly.version).toBe(1);
    expect(await store.versions(customerId, 'EXPERIAN')).toHaveLength(1);

    clock.at = START + 30 * DAY;
    const later = await pullAt(bureau, customerId, 'EXPERIAN', clock.at);
    const result = await store.append(later, new Date(clock.at));
    if (!('stored' in result)) throw new Error('not stored');
    expect(result.stored.version).toBe(2);
    expect(result.stored.previousScore).toBe(early.report!.score);
    // The first version is still there, unchanged.
    expect((await store.version(customerId, 'EXPERIAN', 1))!.report).toEqual(early.report);
    expect((await store.versions(customerId, 'EXPERIAN')).map((row) => row.version)).toEqual([2, 1]);
    expect((await store.latest(customerId, 'EXPERIAN'))!.version).toBe(2);
    clock.at = START;
  });

  it('keeps NO_HIT and NEW_TO_CREDIT as states with the raw code, never a number', async () => {
    const noHit = customerOf('NO_HIT');
    const stored = await store.append(await pullAt(bureau, noHit, 'CIBIL', START), new Date(START));
    if (!('stored' in stored)) throw new Error('not stored');
    expect(stored.stored).toMatchObject({
      scoreState: 'NO_HIT',
      score: null,
      rawScore: '-1',
      scoreBand: null,
      report: null,
    });
    expect(scoreRecordOf(stored.stored).isValidScore).toBe(false);

    const thin = customerOf('NEW_TO_CREDIT');
    const ntc = await store.append(await pullAt(bureau, thin, 'EXPERIAN', START), new Date(START));
    if (!('stored' in ntc)) throw new Error('not stored');
    expect(ntc.stored).toMatchObject({
      scoreState: 'NEW_TO_CREDIT',
      score: null,
      previousScore: null,
      scoreBand: null,
    });
    expect(ntc.stored.riskIndex).toBeGreaterThanOrEqual(1);
  });

  it('lets the database refuse an update and a made-up score for a no-score state', async () => {
    const customerId = customerOf('SCORED');
    await store.append(await pullAt(bureau, customerId, 'HIGHMARK', START), new Date(START));
    await expect(
      database.db.execute(sql`update credit_pulls set score = 900 where customer_id = ${customerId}`),
    ).rejects.toThrow();
    const row = (await store.latest(customerId, 'HIGHMARK'))!;
    await expect(
      database.db
        .execute(sql`insert into credit_pulls (pull_id, customer_id, bureau, version, provider, provider_reference,
        score_state, score, date_applied, pulled_at, next_refresh_at, consent_reference, score_history)
        values (${randomUUID()}, ${customerId}, 'HIGHMARK', 2, 'x', 'x', 'NO_HIT', 300, now(), now(), now(), 'c', '[]')`),
    ).rejects.toThrow();
    expect(await store.versions(customerId, 'HIGHMARK')).toHaveLength(1);
    expect((await store.latest(customerId, 'HIGHMARK'))!.score).toBe(row.score);
    // Erasure stays possible.
    await database.db.execute(sql`delete from credit_pulls where customer_id = ${customerId} and bureau = 'HIGHMARK'`);
    expect(await store.latest(customerId, 'HIGHMARK')).toBeUndefined();
  });

  it('stores one version when two pulls race', async () => {
    const customerId = customerOf('PARTIAL');
    const pull = await pullAt(bureau, customerId, 'CIBIL', START);
    const results = await Promise.all([store.append(pull, new Date(START)), store.append(pull, new Date(START))]);
    expect(results.filter((result) => 'stored' in result)).toHaveLength(1);
    expect(await store.versions(customerId, 'CIBIL')).toHaveLength(1);
  });

  it('reads the latest version per bureau of one customer only, without reports', async () => {
    const customerId = randomUUID();
    const other = randomUUID();
    for (const creditBureau of BUREAUS) {
      await store.append(await pullAt(bureau, customerId, creditBureau, START), new Date(START));
      await store.append(await pullAt(bureau, other, creditBureau, START), new Date(START));
    }
    clock.at = START + 31 * DAY;
    await store.append(await pullAt(bureau, customerId, 'EQUIFAX', clock.at), new Date(clock.at));
    clock.at = START;
    const latest = await store.latestPerBureau(customerId);
    expect(latest.map((row) => row.bureau).sort()).toEqual([...BUREAUS].sort());
    expect(latest.every((row) => row.customerId === customerId)).toBe(true);
    expect(latest.find((row) => row.bureau === 'EQUIFAX')!.version).toBe(2);
    expect(latest[0]).not.toHaveProperty('report');
    for (const row of latest) expect(bureauScoreRecordSchema.safeParse(scoreRecordOf(row)).success).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('credit store, latest pulls kept in memory (%s)', (kind) => {
  let database: TestDatabase;
  const bureau = createBureauSimulator({ now: () => START });
  const opened: Generations[] = [];
  const generationsOf = (options: Parameters<typeof createGenerations>[0]) => {
    const generations = createGenerations(options);
    opened.push(generations);
    return generations;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(opened.map((generations) => generations.close()));
    await database?.dispose();
  });

  /** A write that no counter hears of: what only a kept (cached) read can miss. */
  const unannounced = () => createCreditStore(database.db);
  const versions = async (store: CreditStore, customerId: string) =>
    Object.fromEntries((await store.latestPerBureau(customerId)).map((row) => [row.bureau, row.version]));

  it('answers from memory until a pull of the customer is stored through a counted store', async () => {
    const store = createCreditStore(database.db, { generations: generationsOf({ embedded: true }) });
    const customerId = randomUUID();
    await store.append(await pullAt(bureau, customerId, 'CIBIL', START), new Date(START));
    expect(await versions(store, customerId)).toEqual({ CIBIL: 1 });
    // Kept: a write nobody counted is not seen (the proof that the read came from memory)…
    await unannounced().append(await pullAt(bureau, customerId, 'EXPERIAN', START), new Date(START));
    expect(await versions(store, customerId)).toEqual({ CIBIL: 1 });
    // …until a counted pull of the customer's: then the database answers again, with both.
    await store.append(await pullAt(bureau, customerId, 'EQUIFAX', START), new Date(START));
    expect(await versions(store, customerId)).toEqual({ CIBIL: 1, EXPERIAN: 1, EQUIFAX: 1 });
  });

  it('keeps nothing when no generation can be known (PostgreSQL without Redis)', async () => {
    const store = createCreditStore(database.db, { generations: generationsOf({ embedded: false }) });
    const customerId = randomUUID();
    await store.append(await pullAt(bureau, customerId, 'CIBIL', START), new Date(START));
    expect(await versions(store, customerId)).toEqual({ CIBIL: 1 });
    await unannounced().append(await pullAt(bureau, customerId, 'HIGHMARK', START), new Date(START));
    expect(await versions(store, customerId)).toEqual({ CIBIL: 1, HIGHMARK: 1 });
  });

  it.skipIf(!REDIS_URL)(
    'drops a kept read when another instance stores a pull (shared counters in Redis)',
    async () => {
      const prefix = `test:${randomUUID()}:`;
      const instanceA = createCreditStore(database.db, {
        generations: generationsOf({ embedded: false, redisUrl: REDIS_URL, prefix }),
      });
      const instanceB = createCreditStore(database.db, {
        generations: generationsOf({ embedded: false, redisUrl: REDIS_URL, prefix }),
      });
      const customerId = randomUUID();
      await instanceB.append(await pullAt(bureau, customerId, 'CIBIL', START), new Date(START));
      expect(await versions(instanceA, customerId)).toEqual({ CIBIL: 1 });
      await instanceB.append(await pullAt(bureau, customerId, 'EXPERIAN', START), new Date(START));
      expect(await versions(instanceA, customerId)).toEqual({ CIBIL: 1, EXPERIAN: 1 });
    },
  );
});
