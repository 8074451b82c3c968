import fc from 'fast-check';

import { describe, expect, it } from 'vitest';
import { BUREAUS, type Bureau } from '../constants.ts';
import { utilisationOf, type FactorInput } from './report-factors.ts';
import { ACCOUNT_TYPES, type AccountType } from './schemas.ts';
import { applyScenario, predictScore, type ScoreScenario } from './score-predictor.ts';
import { scoreBand } from './score-rules.ts';
import { reportArbitraries } from './test-arbitraries.ts';

type Account = FactorInput['accounts'][number];
const AS_OF = '2026-11-20';
// Directions are the point of these properties: look harder than fast-check's default 100 files.
fc.configureGlobal({ numRuns: 1000 });

// Every date before AS_OF (months up to October): the same files the factor properties judge.
const { inputArb } = reportArbitraries({ maxMonth: 10 });
const bureauArb = fc.constantFrom<Bureau>(...BUREAUS);
const scoreArb = fc.integer({ min: 300, max: 900 });

const predict = (bureau: Bureau, score: number, input: FactorInput, scenario: ScoreScenario) =>
  predictScore(bureau, score, input, AS_OF, scenario)!;

/** A file of one personal loan, opened in 2015, nothing owed, no month reported: fast-check's finds below. */
const onePersonalLoan = ({ settled }: { settled: boolean }): FactorInput => ({
  accounts: [
    {
      type: 'PL',
      openedDate: '2015-01-01',
      closedDate: null,
      sanctionedAmount: 0,
      balance: 0,
      writtenOff: false,
      settled,
      dpdHistory: [],
    },
  ],
  enquiries: [],
});

describe('the score predictor (spec 001 §9 "score predictor")', () => {
  it('stays within 300–900, keeps low ≤ high, and names the bands of both ends', () => {
    const scenarioArb = fc.oneof(
      fc.record({ kind: fc.constant('PAY_DOWN_CARDS' as const), utilisation: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ kind: fc.constant('CLOSE_ACCOUNT' as const), accountIndex: fc.nat(8) }),
      fc.record({
        kind: fc.constant('NEW_CREDIT' as const),
        type: fc.constantFrom<AccountType>(...ACCOUNT_TYPES),
        amount: fc.integer({ min: 0, max: 5_000_000 }),
      }),
      fc.record({
        kind: fc.constant('MISS_PAYMENT' as const),
        accountIndex: fc.nat(8),
        daysLate: fc.constantFrom(30 as const, 60 as const, 90 as const),
      }),
    );
    fc.assert(
      fc.property(bureauArb, scoreArb, inputArb, scenarioArb, (bureau, score, input, scenario) => {
        const prediction = predict(bureau, score, input, scenario);
        expect(prediction.low).toBeGreaterThanOrEqual(300);
        expect(prediction.high).toBeLessThanOrEqual(900);
        expect(prediction.low).toBeLessThanOrEqual(prediction.high);
        expect(prediction.lowBand).toBe(scoreBand(bureau, prediction.low));
        expect(prediction.highBand).toBe(scoreBand(bureau, prediction.high));
        if (prediction.direction === 'NONE') expect([prediction.low, prediction.high]).toEqual([score, score]);
      }),
    );
  });

  it('paying cards down never predicts a lower score, and paying down further never predicts less', () => {
    fc.assert(
      fc.property(
        bureauArb,
        scoreArb,
        inputArb,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (bureau, score, input, a, b) => {
          const [deeper, lighter] = a <= b ? [a, b] : [b, a];
          const more = predict(bureau, score, input, { kind: 'PAY_DOWN_CARDS', utilisation: deeper });
          const less = predict(bureau, score, input, { kind: 'PAY_DOWN_CARDS', utilisation: lighter });
          expect(more.low).toBeGreaterThanOrEqual(score);
          expect(more.high).toBeGreaterThanOrEqual(less.high);
          const paid = applyScenario(input, { kind: 'PAY_DOWN_CARDS', utilisation: deeper }, AS_OF);
          const before = utilisationOf(input);
          if (before !== null) expect(utilisationOf(paid)).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it('missing a payment never predicts a higher score, and 90 days late costs at least what 30 does', () => {
    fc.assert(
      fc.property(bureauArb, scoreArb, inputArb, fc.nat(8), (bureau, score, input, accountIndex) => {
        const miss = (daysLate: 30 | 60 | 90) =>
          predict(bureau, score, input, { kind: 'MISS_PAYMENT', accountIndex, daysLate });
        expect(miss(30).high).toBeLessThanOrEqual(score);
        expect(miss(90).low).toBeLessThanOrEqual(miss(30).low);
        expect(miss(90).high).toBeLessThanOrEqual(miss(30).high);
      }),
    );
    // The file fast-check found: a settled loan with no month reported. Its first late month used to
    // read better than no history at all (health 0 against a halved NEUTRAL less a late month).
    const settledWithoutHistory = onePersonalLoan({ settled: true });
    expect(
      predict('CIBIL', 300, settledWithoutHistory, { kind: 'MISS_PAYMENT', accountIndex: 0, daysLate: 30 }).high,
    ).toBe(300);
  });

  it('closing a paid-off account never raises the score (its limit goes, its history stays)', () => {
    fc.assert(
      fc.property(bureauArb, scoreArb, inputArb, fc.nat(8), (bureau, score, input, accountIndex) => {
        expect(predict(bureau, score, input, { kind: 'CLOSE_ACCOUNT', accountIndex }).high).toBeLessThanOrEqual(score);
      }),
    );
  });

  it('a new loan of a kind the file already has never raises the score (its enquiry counts)', () => {
    fc.assert(
      fc.property(
        bureauArb,
        scoreArb,
        inputArb,
        fc.integer({ min: 0, max: 5_000_000 }),
        (bureau, score, input, amount) => {
          const loans = input.accounts.filter((account) => account.type !== 'CC' && account.type !== 'OD');
          fc.pre(loans.length > 0);
          const prediction = predict(bureau, score, input, { kind: 'NEW_CREDIT', type: loans[0]!.type, amount });
          expect(prediction.high).toBeLessThanOrEqual(score);
        },
      ),
    );
  });

  it('a new loan of a kind the file does not have never raises the score at once either (its mix helps later)', () => {
    const loanTypes = ACCOUNT_TYPES.filter((type) => type !== 'CC' && type !== 'OD');
    fc.assert(
      fc.property(
        bureauArb,
        scoreArb,
        inputArb,
        fc.constantFrom(...loanTypes),
        fc.integer({ min: 0, max: 5_000_000 }),
        (bureau, score, input, type, amount) => {
          fc.pre(input.accounts.every((account) => account.type !== type));
          const prediction = predict(bureau, score, input, { kind: 'NEW_CREDIT', type, amount });
          expect(prediction.high).toBeLessThanOrEqual(score);
          expect(prediction.factors).not.toContain('CREDIT_MIX');
        },
      ),
    );
    // The file fast-check found: a personal loan alone, and a home loan beside it read 20 points up
    // (the mix of secured and unsecured credit counted the day the loan was taken; found from 300,
    // asked here from 700 so the dip is not hidden by the floor).
    const personalLoanOnly = onePersonalLoan({ settled: false });
    expect(predict('CIBIL', 700, personalLoanOnly, { kind: 'NEW_CREDIT', type: 'HL', amount: 0 })).toMatchObject({
      direction: 'DOWN',
      factors: ['ENQUIRIES'],
    });
  });

  it('reads a worked example in the ranges score guides quote', () => {
    const card = (balance: number): Account => ({
      type: 'CC',
      openedDate: '2018-03-01',
      closedDate: null,
      sanctionedAmount: 100_000,
      balance,
      writtenOff: false,
      settled: false,
      dpdHistory: [{ month: '2026-10', dpd: 0 }],
    });
    const input: FactorInput = { accounts: [card(90_000)], enquiries: [] };
    const paid = predict('CIBIL', 700, input, { kind: 'PAY_DOWN_CARDS', utilisation: 30 });
    expect(paid).toMatchObject({ direction: 'UP', factors: ['UTILISATION'] });
    expect(paid.low).toBeGreaterThan(750);
    expect(paid.highBand).toBe('EXCELLENT');
    const missed = predict('CIBIL', 700, input, { kind: 'MISS_PAYMENT', accountIndex: 0, daysLate: 30 });
    expect(missed).toMatchObject({ direction: 'DOWN', factors: ['PAYMENT_HISTORY'] });
    expect(missed.high).toBeLessThan(700);
    // Nothing to pay down: no change, and no range invented around it.
    expect(
      predict('CIBIL', 700, { accounts: [card(0)], enquiries: [] }, { kind: 'PAY_DOWN_CARDS', utilisation: 0 }),
    ).toMatchObject({
      low: 700,
      high: 700,
      direction: 'NONE',
      factors: [],
    });
    expect(predictScore('CIBIL', null, input, AS_OF, { kind: 'PAY_DOWN_CARDS', utilisation: 10 })).toBeNull();
  });
});
