import fc from 'fast-check';
import { ACCOUNT_TYPES, type AccountType } from './account-types.ts';
import type { FactorInput } from './report-factors.ts';

type Account = FactorInput['accounts'][number];

/**
 * fast-check arbitraries of what the report factors read (accounts with their DPD grids, and
 * enquiries), for the factor properties and the score predictor's: both judge the same reports.
 * `maxMonth` caps the month of every year, so a caller whose "today" is late in 2026 can keep every
 * date in its past.
 */
export function reportArbitraries({ maxMonth = 12 }: { maxMonth?: number } = {}) {
  const monthArb = fc
    .tuple(fc.integer({ min: 2015, max: 2026 }), fc.integer({ min: 1, max: maxMonth }))
    .map(([year, month]) => `${year}-${String(month).padStart(2, '0')}`);
  const dayArb = monthArb.chain((month) =>
    fc.integer({ min: 1, max: 28 }).map((day) => `${month}-${String(day).padStart(2, '0')}`),
  );
  const accountArb: fc.Arbitrary<Account> = fc.record({
    type: fc.constantFrom<AccountType>(...ACCOUNT_TYPES),
    openedDate: dayArb,
    closedDate: fc.option(dayArb, { nil: null }),
    sanctionedAmount: fc.integer({ min: 0, max: 5_000_000 }),
    balance: fc.integer({ min: 0, max: 5_000_000 }),
    writtenOff: fc.boolean(),
    settled: fc.boolean(),
    dpdHistory: fc.array(
      fc.record({ month: monthArb, dpd: fc.option(fc.constantFrom(0, 0, 0, 15, 30, 60, 90), { nil: null }) }),
      { maxLength: 36 },
    ),
  });
  const inputArb: fc.Arbitrary<FactorInput> = fc.record({
    accounts: fc.array(accountArb, { maxLength: 8 }),
    enquiries: fc.array(fc.record({ date: dayArb }), { maxLength: 8 }),
  });
  return { monthArb, dayArb, accountArb, inputArb };
}
