import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_CATEGORIES,
  DEBIT_CATEGORIES,
  MERCHANT_KEYWORDS,
  TRANSACTION_CATEGORIES,
  TRANSACTION_CATEGORY_LABELS,
  categoriseTransaction,
  type CategorisableTransaction,
  type TransactionCategory,
} from './categories.ts';
import { TRANSACTION_MODES, TRANSACTION_TYPES } from './constants.ts';

const debit = (mode: CategorisableTransaction['mode'], narration: string) =>
  categoriseTransaction({ type: 'DEBIT', mode, narration });
const credit = (mode: CategorisableTransaction['mode'], narration: string) =>
  categoriseTransaction({ type: 'CREDIT', mode, narration });

const transaction = fc.record({
  type: fc.constantFrom(...TRANSACTION_TYPES),
  mode: fc.constantFrom(...TRANSACTION_MODES),
  narration: fc.string({ maxLength: 80 }),
});

describe('categoriseTransaction (View Insights: spend by category)', () => {
  it('reads real Indian bank narrations', () => {
    const cases: [CategorisableTransaction, TransactionCategory][] = [
      [{ type: 'CREDIT', mode: 'FT', narration: 'NEFT-SALARY-INFOSYS LTD' }, 'salary'],
      [{ type: 'CREDIT', mode: 'FT', narration: 'NEFT/SAL/ZOHO CORP/OCT' }, 'salary'],
      [{ type: 'CREDIT', mode: 'OTHERS', narration: 'INT.PD:SAVINGS INTEREST' }, 'interest'],
      [{ type: 'CREDIT', mode: 'UPI', narration: 'UPI/REFUND/SWIGGY' }, 'refunds'],
      [{ type: 'CREDIT', mode: 'CASH', narration: 'CASH DEPOSIT/BRANCH' }, 'cash'],
      [{ type: 'CREDIT', mode: 'FT', narration: 'IMPS/RECEIPT/SHAH TRADERS' }, 'transfers'],
      [{ type: 'CREDIT', mode: 'OTHERS', narration: 'DIVIDEND 2025' }, 'other'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/RENT/RAMESH K' }, 'rent'],
      [{ type: 'DEBIT', mode: 'OTHERS', narration: 'ACH/BAJAJ FINANCE LTD/EMI' }, 'emi'],
      [{ type: 'DEBIT', mode: 'ATM', narration: 'ATM/CASH WDL/MG ROAD' }, 'cash'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/BLINKIT/412345' }, 'groceries'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/SWIGGY INSTAMART/77' }, 'groceries'],
      [{ type: 'DEBIT', mode: 'CARD', narration: 'POS/DMART' }, 'groceries'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/ZOMATO/881122' }, 'food'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/CHAI POINT/123456' }, 'food'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/OLA CABS/998877' }, 'travel'],
      [{ type: 'DEBIT', mode: 'CARD', narration: 'POS/HPCL FUEL' }, 'travel'],
      [{ type: 'DEBIT', mode: 'CARD', narration: 'POS/AMAZON PAY INDIA' }, 'shopping'],
      [{ type: 'DEBIT', mode: 'CARD', narration: 'POS/RELIANCE TRENDS' }, 'shopping'],
      [{ type: 'DEBIT', mode: 'CARD', narration: 'POS/BOOKMYSHOW' }, 'shopping'],
      [{ type: 'DEBIT', mode: 'OTHERS', narration: 'BBPS/BESCOM/BILL' }, 'utilities'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/JIO RECHARGE/123' }, 'utilities'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/JIOMART/123' }, 'groceries'],
      [{ type: 'DEBIT', mode: 'FT', narration: 'NEFT/VENDOR/KRISHNA SUPPLIES' }, 'transfers'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/PRIYA S/OKAXIS' }, 'transfers'],
      [{ type: 'DEBIT', mode: 'UPI', narration: 'UPI/MEDPLUS PHARMACY/1' }, 'transfers'],
      [{ type: 'DEBIT', mode: 'OTHERS', narration: 'CHQ 000123' }, 'other'],
      // Whole words only: MOTOROLA is not OLA, SALARYMAN is not a salary.
      [{ type: 'DEBIT', mode: 'OTHERS', narration: 'MOTOROLA SERVICE' }, 'other'],
      [{ type: 'CREDIT', mode: 'OTHERS', narration: 'SALARYMAN BOOKS' }, 'other'],
    ];
    for (const [txn, expected] of cases) expect(categoriseTransaction(txn), txn.narration).toBe(expected);
  });

  it('answers one of the thirteen categories for any input, each with a label', () => {
    expect(TRANSACTION_CATEGORIES).toHaveLength(13);
    for (const category of TRANSACTION_CATEGORIES) expect(TRANSACTION_CATEGORY_LABELS[category]).toBeTruthy();
    fc.assert(
      fc.property(transaction, (txn) => {
        expect(TRANSACTION_CATEGORIES).toContain(categoriseTransaction(txn));
      }),
    );
  });

  it('puts money in only under income categories and money out only under spending ones', () => {
    fc.assert(
      fc.property(transaction, (txn) => {
        const category = categoriseTransaction(txn);
        expect(txn.type === 'CREDIT' ? CREDIT_CATEGORIES : DEBIT_CATEGORIES).toContain(category);
      }),
    );
  });

  it('ignores letter case, separators and reference numbers', () => {
    fc.assert(
      fc.property(
        transaction,
        fc.stringMatching(/^\d{1,12}$/),
        fc.constantFrom('/', '-', ' ', ':', '.'),
        (txn, reference, separator) => {
          const category = categoriseTransaction(txn);
          expect(categoriseTransaction({ ...txn, narration: txn.narration.toLowerCase() })).toBe(
            categoriseTransaction({ ...txn, narration: txn.narration.toUpperCase() }),
          );
          expect(categoriseTransaction({ ...txn, narration: `${txn.narration}${separator}${reference}` })).toBe(
            category,
          );
          expect(categoriseTransaction({ ...txn, narration: `${reference}${separator}${txn.narration}` })).toBe(
            category,
          );
        },
      ),
    );
  });

  it("finds every listed merchant in a UPI or card payment's narration, wherever the bank puts it", () => {
    const merchants = MERCHANT_KEYWORDS.flatMap(([category, keywords]) =>
      keywords.map((keyword) => [category, keyword] as const),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...merchants),
        fc.constantFrom('UPI', 'POS', 'ECOM', 'PG'),
        fc.stringMatching(/^\d{0,12}$/),
        fc.constantFrom<CategorisableTransaction['mode']>('UPI', 'CARD'),
        ([category, keyword], channel, reference, mode) => {
          expect(debit(mode, `${channel}/${keyword}/${reference}`)).toBe(category);
          expect(debit(mode, `${channel}-${keyword.toLowerCase()}-${reference}`)).toBe(category);
        },
      ),
    );
  });

  it('a cash withdrawal is cash, whatever else the narration says', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (narration) => {
        expect(debit('ATM', narration)).toBe('cash');
        expect(debit('OTHERS', `ATM/CASH WDL/${narration}`)).toBe('cash');
      }),
    );
    expect(credit('UPI', 'UPI/REFUND/ZOMATO')).toBe('refunds');
  });
});
