import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoriseTransaction } from './categories.ts';
import { TRANSACTION_MODES, TRANSACTION_TYPES } from './constants.ts';
import {
  buildInsights,
  insightMonths,
  insightsStart,
  istDateOf,
  istDayStart,
  monthsUpTo,
  type InsightTransaction,
} from './insights.ts';

/** An instant given as India time. */
const ist = (local: string) => Date.parse(`${local}+05:30`);

describe('monthsUpTo (spec 001 §5 statement of 1, 2 or 3 months)', () => {
  it('counts back whole months to the day after, as banks do', () => {
    expect(monthsUpTo('2026-11-21', 3)).toEqual({ from: '2026-08-22', to: '2026-11-21' });
    expect(monthsUpTo('2026-11-21', 1)).toEqual({ from: '2026-10-22', to: '2026-11-21' });
    expect(monthsUpTo('2026-03-31', 1)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(monthsUpTo('2026-05-31', 3)).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    expect(monthsUpTo('2026-02-15', 2)).toEqual({ from: '2025-12-16', to: '2026-02-15' });
    expect(monthsUpTo('2028-02-29', 2)).toEqual({ from: '2027-12-30', to: '2028-02-29' });
  });

  it('always spans 28 to 31 days a month and ends on the date asked', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom(1, 2, 3),
        (date, months) => {
          const to = date.toISOString().slice(0, 10);
          const period = monthsUpTo(to, months);
          expect(period.to).toBe(to);
          const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
          expect(days).toBeGreaterThanOrEqual(28 * months - (months > 1 ? 3 : 0));
          expect(days).toBeLessThanOrEqual(31 * months);
          expect(period.from < period.to).toBe(true);
        },
      ),
    );
  });

  it('India dates: 23:59 IST is still the same day, 00:00 IST the next', () => {
    expect(istDateOf(ist('2026-11-21T23:59:59'))).toBe('2026-11-21');
    expect(istDateOf(ist('2026-11-22T00:00:00'))).toBe('2026-11-22');
    expect(istDayStart('2026-11-22')).toBe(ist('2026-11-22T00:00:00'));
  });
});

describe('buildInsights (View Insights)', () => {
  const asOf = ist('2026-11-21T10:00:00');
  const txn = (local: string, type: 'CREDIT' | 'DEBIT', rupees: number, narration: string, mode = 'UPI') =>
    ({
      type,
      mode: mode as InsightTransaction['mode'],
      narration,
      amountPaise: Math.round(rupees * 100),
      at: ist(local),
    }) satisfies InsightTransaction;

  it('sums money in and out per Indian calendar month, the last 12 oldest first, quiet months as 0', () => {
    const result = buildInsights(
      [
        txn('2026-11-01T09:00:00', 'CREDIT', 85_000, 'NEFT-SALARY-INFOSYS LTD', 'FT'),
        txn('2026-11-05T12:00:00', 'DEBIT', 18_700, 'UPI/RENT/RAMESH K'),
        txn('2026-10-31T23:30:00', 'DEBIT', 250.5, 'UPI/SWIGGY/1'),
        // 1 Nov 00:10 IST is still 31 Oct in UTC: it counts in November.
        txn('2026-11-01T00:10:00', 'DEBIT', 99.5, 'UPI/ZOMATO/2'),
        txn('2025-12-03T10:00:00', 'DEBIT', 1_000, 'POS/DMART', 'CARD'),
        // Before the 12 months, and after asOf: left out.
        txn('2025-11-30T10:00:00', 'CREDIT', 5_000, 'NEFT-SALARY-INFOSYS LTD', 'FT'),
        txn('2026-11-21T10:00:01', 'DEBIT', 7_000, 'POS/AMAZON', 'CARD'),
      ],
      asOf,
    );
    expect(result.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(result.months.at(-1)).toEqual({ month: '2026-11', inflow: 85_000, outflow: 18_799.5 });
    expect(result.months.at(-2)).toEqual({ month: '2026-10', inflow: 0, outflow: 250.5 });
    expect(result.months[0]).toEqual({ month: '2025-12', inflow: 0, outflow: 1_000 });
    expect(result.months.slice(1, 10).every((m) => m.inflow === 0 && m.outflow === 0)).toBe(true);
    // Spending of the 3 months up to 21 Nov (from 22 Aug): December's DMART is too old.
    expect(result.categories).toEqual([
      { category: 'rent', amount: 18_700, share: 0.9816 },
      { category: 'food', amount: 350, share: 0.0184 },
    ]);
  });

  it('with nothing fetched: 12 zero months and no categories', () => {
    const empty = buildInsights([], asOf);
    expect(empty.months).toHaveLength(12);
    expect(empty.months.every((m) => m.inflow === 0 && m.outflow === 0)).toBe(true);
    expect(empty.categories).toEqual([]);
    expect(insightsStart(asOf)).toBe(ist('2025-12-01T00:00:00'));
    expect(insightMonths(ist('2026-01-01T00:00:00'))[0]).toBe('2025-02');
  });

  it('keeps every paisa: months add up to the transactions inside them; categories to the recent debits', () => {
    const transactions = fc.array(
      fc.record({
        type: fc.constantFrom(...TRANSACTION_TYPES),
        mode: fc.constantFrom(...TRANSACTION_MODES),
        narration: fc.constantFrom('UPI/SWIGGY/1', 'POS/DMART', 'NEFT-SALARY-X', 'ATM/CASH WDL', 'UPI/RENT/A', 'X'),
        amountPaise: fc.integer({ min: 1, max: 50_000_000 }),
        at: fc.integer({ min: asOf - 500 * 86_400_000, max: asOf + 5 * 86_400_000 }),
      }),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(transactions, (txns) => {
        const result = buildInsights(txns, asOf);
        const inside = txns.filter((t) => t.at >= insightsStart(asOf) && t.at <= asOf);
        const paise = (rupees: number) => Math.round(rupees * 100);
        const sum = (list: readonly { amountPaise: number }[]) => list.reduce((s, t) => s + t.amountPaise, 0);
        expect(result.months.reduce((s, m) => s + paise(m.inflow), 0)).toBe(
          sum(inside.filter((t) => t.type === 'CREDIT')),
        );
        expect(result.months.reduce((s, m) => s + paise(m.outflow), 0)).toBe(
          sum(inside.filter((t) => t.type === 'DEBIT')),
        );
        const recent = inside.filter((t) => t.type === 'DEBIT' && t.at >= istDayStart('2026-08-22'));
        expect(result.categories.reduce((s, c) => s + paise(c.amount), 0)).toBe(sum(recent));
        for (const { category, amount } of result.categories) {
          expect(paise(amount)).toBe(sum(recent.filter((t) => categoriseTransaction(t) === category)));
        }
        const amounts = result.categories.map((c) => c.amount);
        expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
        if (result.categories.length > 0) {
          expect(Math.abs(result.categories.reduce((s, c) => s + c.share, 0) - 1)).toBeLessThan(0.001);
        }
      }),
    );
  });
});
