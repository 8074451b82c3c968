import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dpdStatus,
  lateMonthCount,
  monthsBetween,
  oldestAccountAgeMonths,
  recentEnquiries,
  REPORT_FACTOR_IDS,
  REPORT_FACTOR_WEIGHTS,
  reportFactors,
  utilisationOf,
  type FactorInput,
  type ReportFactorId,
} from './report-factors.ts';
import { reportArbitraries } from './test-arbitraries.ts';

type Account = FactorInput['accounts'][number];

const AS_OF = '2026-11-20';

function account(overrides: Partial<Account> = {}): Account {
  return {
    type: 'PL',
    openedDate: '2020-01-10',
    closedDate: null,
    sanctionedAmount: 100_000,
    balance: 40_000,
    writtenOff: false,
    settled: false,
    dpdHistory: [
      { month: '2026-11', dpd: 0 },
      { month: '2026-10', dpd: 0 },
    ],
    ...overrides,
  };
}

const byId = (input: FactorInput, id: ReportFactorId, asOf = AS_OF) =>
  reportFactors(input, asOf).find((factor) => factor.id === id)!;

describe('report factors', () => {
  it('weights add up to the whole score', () => {
    expect(Object.values(REPORT_FACTOR_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('a clean file: every factor helps and the heavier factors rank first on a tie', () => {
    const input: FactorInput = {
      accounts: [
        account({ type: 'HL', openedDate: '2015-03-01' }),
        account({ type: 'CC', sanctionedAmount: 200_000, balance: 20_000 }),
      ],
      enquiries: [],
    };
    const factors = reportFactors(input, AS_OF);
    expect(factors.map((factor) => factor.rating)).toEqual(['GOOD', 'GOOD', 'GOOD', 'GOOD', 'GOOD']);
    expect(factors.map((factor) => factor.id)).toEqual([
      'PAYMENT_HISTORY',
      'UTILISATION',
      'ACCOUNT_AGE',
      'ENQUIRIES',
      'CREDIT_MIX',
    ]);
    expect(factors.every((factor) => factor.impact === 0)).toBe(true);
  });

  it('a maxed-out card and late payments rank above a young file', () => {
    const input: FactorInput = {
      accounts: [
        account({
          type: 'CC',
          openedDate: '2024-06-01',
          sanctionedAmount: 50_000,
          balance: 48_000,
          dpdHistory: [
            { month: '2026-11', dpd: 30 },
            { month: '2026-10', dpd: 0 },
            { month: '2026-09', dpd: 90 },
            { month: '2026-08', dpd: null },
          ],
        }),
      ],
      enquiries: [{ date: '2026-10-02' }, { date: '2026-09-02' }, { date: '2026-08-02' }, { date: '2026-07-02' }],
    };
    const factors = reportFactors(input, AS_OF);
    expect(factors[0]).toMatchObject({ id: 'UTILISATION', rating: 'POOR', value: 96 });
    expect(factors[1]).toMatchObject({ id: 'PAYMENT_HISTORY', rating: 'POOR', value: 2 });
    expect(byId(input, 'ENQUIRIES')).toMatchObject({ rating: 'POOR', value: 4 });
    expect(byId(input, 'ACCOUNT_AGE')).toMatchObject({ rating: 'POOR', value: 29 });
    expect(byId(input, 'CREDIT_MIX')).toMatchObject({ rating: 'POOR', value: 1 });
  });

  it('one 30-day slip in many on-time months is fair; a write-off is poor', () => {
    const months = Array.from({ length: 12 }, (_, index) => ({
      month: `2025-${String(index + 1).padStart(2, '0')}`,
      dpd: index === 3 ? 30 : 0,
    }));
    expect(byId({ accounts: [account({ dpdHistory: months })], enquiries: [] }, 'PAYMENT_HISTORY').rating).toBe('FAIR');
    expect(byId({ accounts: [account({ writtenOff: true })], enquiries: [] }, 'PAYMENT_HISTORY').rating).toBe('POOR');
  });

  it('a file with no accounts has nothing to judge but enquiries', () => {
    const factors = reportFactors({ accounts: [], enquiries: [{ date: '2026-11-01' }] }, AS_OF);
    const ratings = Object.fromEntries(factors.map((factor) => [factor.id, factor.rating]));
    expect(ratings).toEqual({
      PAYMENT_HISTORY: 'NONE',
      UTILISATION: 'NONE',
      ACCOUNT_AGE: 'NONE',
      ENQUIRIES: 'GOOD',
      CREDIT_MIX: 'NONE',
    });
  });

  it('utilisation counts open cards and overdrafts only', () => {
    const input: FactorInput = {
      accounts: [
        account({ type: 'CC', sanctionedAmount: 100_000, balance: 25_000 }),
        account({ type: 'OD', sanctionedAmount: 100_000, balance: 75_000 }),
        account({ type: 'CC', sanctionedAmount: 100_000, balance: 0, closedDate: '2025-01-01' }),
        account({ type: 'PL', sanctionedAmount: 900_000, balance: 900_000 }),
      ],
      enquiries: [],
    };
    expect(utilisationOf(input)).toBe(50);
    expect(byId(input, 'UTILISATION').rating).toBe('FAIR');
    expect(utilisationOf({ accounts: [account()], enquiries: [] })).toBeNull();
  });

  it('ages and recent enquiries count calendar months', () => {
    expect(monthsBetween('2019-11-30', '2026-11-01')).toBe(84);
    expect(monthsBetween('2027-01-01', '2026-11-01')).toBe(0);
    expect(oldestAccountAgeMonths({ accounts: [account({ openedDate: '2019-11-30' })], enquiries: [] }, AS_OF)).toBe(
      84,
    );
    // Six months back from November: June is out, and an enquiry after asOf does not count.
    const enquiries = ['2026-11-01', '2026-06-30', '2026-05-31', '2026-12-01'].map((date) => ({ date }));
    expect(recentEnquiries({ accounts: [], enquiries }, AS_OF)).toBe(2);
  });

  it('DPD months read as on time, late, severely late or not reported', () => {
    expect([0, 1, 59, 60, 90, null].map(dpdStatus)).toEqual([
      'ON_TIME',
      'LATE',
      'LATE',
      'SEVERELY_LATE',
      'SEVERELY_LATE',
      'NOT_REPORTED',
    ]);
  });

  it('counts the months paid late, not the ones the lender did not report', () => {
    expect(lateMonthCount([{ dpd: 0 }, { dpd: null }, { dpd: 1 }, { dpd: 90 }])).toBe(2);
    expect(lateMonthCount([])).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const { dayArb, inputArb } = reportArbitraries();

describe('report factor properties', () => {
  it('always the five factors once each, ranked by impact, health in [0, 1]', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const factors = reportFactors(input, AS_OF);
        expect(factors.map((factor) => factor.id).sort()).toEqual([...REPORT_FACTOR_IDS].sort());
        for (let index = 1; index < factors.length; index++) {
          expect(factors[index - 1]!.impact).toBeGreaterThanOrEqual(factors[index]!.impact);
        }
        for (const factor of factors) {
          expect(factor.health).toBeGreaterThanOrEqual(0);
          expect(factor.health).toBeLessThanOrEqual(1);
          expect(factor.impact).toBeLessThanOrEqual(factor.weight);
        }
      }),
    );
  });

  it('does not depend on the order of accounts or enquiries', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const reversed = { accounts: [...input.accounts].reverse(), enquiries: [...input.enquiries].reverse() };
        expect(reportFactors(reversed, AS_OF)).toEqual(reportFactors(input, AS_OF));
      }),
    );
  });

  it('a late month never improves payment history; another enquiry never improves enquiries', () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom(15, 30, 60, 90), dayArb, (input, dpd, date) => {
        const late = { ...input, accounts: [...input.accounts, account({ dpdHistory: [{ month: '2026-10', dpd }] })] };
        const onTime = {
          ...input,
          accounts: [...input.accounts, account({ dpdHistory: [{ month: '2026-10', dpd: 0 }] })],
        };
        expect(byId(late, 'PAYMENT_HISTORY').health).toBeLessThanOrEqual(byId(onTime, 'PAYMENT_HISTORY').health);
        const more = { ...input, enquiries: [...input.enquiries, { date }] };
        expect(byId(more, 'ENQUIRIES').health).toBeLessThanOrEqual(byId(input, 'ENQUIRIES').health);
      }),
    );
  });
});
