import { createHash } from 'node:crypto';
import type { DepositAccountType, TransactionMode, TransactionType } from '@pravesh/core';
import type { DepositTransaction } from './types.ts';

/**
 * Deterministic deposit-account history for the simulated banks: the same account
 * always has the same transactions, month by month from a fixed first month, so a fetch a week
 * later only adds the new days and never rewrites the old ones. Each month looks like a salaried
 * customer's: salary credit, rent, an EMI by ACH, UPI and card spends, ATM cash, bills, a refund
 * now and then, quarterly savings interest. Amounts are kept in paise and never take the balance
 * below zero.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;
/** The first month any simulated account has history for (24 months before the first demo date). */
const FIRST_MONTH = { year: 2024, month: 0 };

function digest(parts: readonly (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** mulberry32 seeded from the parts' SHA-256. */
export function seeded(...parts: (string | number)[]): () => number {
  let state = digest(parts).readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function hashNumber(...parts: (string | number)[]): number {
  return digest(parts).readUInt32LE(4);
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const EMPLOYERS = [
  'INFOSYS LTD',
  'TATA CONSULTANCY SERV',
  'WIPRO LIMITED',
  'HCL TECHNOLOGIES',
  'ZOHO CORP',
  'FLIPKART INTERNET',
];
const UPI_MERCHANTS = [
  ['SWIGGY', 'food'],
  ['ZOMATO', 'food'],
  ['BLINKIT', 'groceries'],
  ['BIGBASKET', 'groceries'],
  ['ZEPTO', 'groceries'],
  ['UBER INDIA', 'travel'],
  ['OLA CABS', 'travel'],
  ['RAPIDO', 'travel'],
  ['AIRTEL PREPAID', 'bills'],
  ['JIO RECHARGE', 'bills'],
  ['MEDPLUS PHARMACY', 'health'],
  ['CHAI POINT', 'food'],
] as const;
const CARD_MERCHANTS = [
  'AMAZON PAY INDIA',
  'FLIPKART',
  'DMART',
  'HPCL FUEL',
  'RELIANCE TRENDS',
  'BOOKMYSHOW',
  'MYNTRA',
];
const LENDERS = ['HDFC BANK LTD', 'BAJAJ FINANCE LTD', 'ICICI BANK LTD', 'TATA CAPITAL'];
const BILLERS = ['BESCOM', 'TATA POWER', 'MSEDCL', 'ACT FIBERNET', 'MAHANAGAR GAS'];

interface Draft {
  at: number;
  type: TransactionType;
  mode: TransactionMode;
  paise: number;
  narration: string;
}

/** Midnight IST of a calendar day, as epoch ms. */
function istDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month, day) - IST_OFFSET_MS;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function monthDrafts(seed: string, year: number, month: number, salary: number, accType: DepositAccountType): Draft[] {
  const random = seeded(seed, year, month);
  const days = daysIn(year, month);
  const at = (day: number, hour = between(random, 8, 22)) =>
    istDay(year, month, Math.min(day, days)) + hour * 3_600_000 + between(random, 0, 3599) * 1000;
  const drafts: Draft[] = [];
  const employer = EMPLOYERS[hashNumber(seed, 'employer') % EMPLOYERS.length] as string;
  if (accType === 'SAVINGS') {
    // Salary on the 1st, rent on the 5th, the EMI on the 7th.
    drafts.push({ at: at(1, 9), type: 'CREDIT', mode: 'FT', paise: salary, narration: `NEFT-SALARY-${employer}` });
    drafts.push({
      at: at(5),
      type: 'DEBIT',
      mode: 'UPI',
      paise: Math.round((salary * 0.22) / 100) * 100,
      narration: `UPI/RENT/${pick(random, ['RAMESH K', 'S LAKSHMI', 'ANIL SHARMA', 'P NAIR'])}`,
    });
    const lender = LENDERS[hashNumber(seed, 'lender') % LENDERS.length] as string;
    drafts.push({
      at: at(7, 6),
      type: 'DEBIT',
      mode: 'OTHERS',
      paise: Math.round((salary * 0.12) / 100) * 100,
      narration: `ACH/${lender}/EMI`,
    });
  } else {
    // A current account: business receipts and vendor payments instead of salary.
    for (let i = between(random, 4, 8); i > 0; i--) {
      drafts.push({
        at: at(between(random, 1, days)),
        type: 'CREDIT',
        mode: 'FT',
        paise: between(random, 15_000, 120_000) * 100,
        narration: `IMPS/RECEIPT/${pick(random, ['SHAH TRADERS', 'GUPTA & SONS', 'MEHTA ENTERPRISES'])}`,
      });
    }
    for (let i = between(random, 3, 6); i > 0; i--) {
      drafts.push({
        at: at(between(random, 1, days)),
        type: 'DEBIT',
        mode: 'FT',
        paise: between(random, 10_000, 60_000) * 100,
        narration: `NEFT/VENDOR/${pick(random, ['KRISHNA SUPPLIES', 'SRI BALAJI LOGISTICS', 'OM PACKAGING'])}`,
      });
    }
  }
  for (let i = between(random, 14, 26); i > 0; i--) {
    const [merchant] = pick(random, UPI_MERCHANTS);
    drafts.push({
      at: at(between(random, 1, days)),
      type: 'DEBIT',
      mode: 'UPI',
      paise: between(random, 60, 1_800) * 100 + between(random, 0, 99),
      narration: `UPI/${merchant}/${between(random, 100000, 999999)}`,
    });
  }
  for (let i = between(random, 2, 6); i > 0; i--) {
    drafts.push({
      at: at(between(random, 1, days)),
      type: 'DEBIT',
      mode: 'CARD',
      paise: between(random, 400, 9_000) * 100,
      narration: `POS/${pick(random, CARD_MERCHANTS)}`,
    });
  }
  if (random() < 0.7) {
    drafts.push({
      at: at(between(random, 8, 25)),
      type: 'DEBIT',
      mode: 'ATM',
      paise: pick(random, [2_000, 3_000, 5_000, 10_000]) * 100,
      narration: `ATM/CASH WDL/${pick(random, ['MG ROAD', 'KORAMANGALA', 'ANDHERI W', 'SECTOR 18'])}`,
    });
  }
  drafts.push({
    at: at(between(random, 10, 20)),
    type: 'DEBIT',
    mode: 'OTHERS',
    paise: between(random, 800, 4_500) * 100,
    narration: `BBPS/${pick(random, BILLERS)}/BILL`,
  });
  if (random() < 0.35) {
    drafts.push({
      at: at(between(random, 3, days)),
      type: 'CREDIT',
      mode: 'UPI',
      paise: between(random, 150, 2_500) * 100,
      narration: `UPI/REFUND/${pick(random, ['AMAZON PAY INDIA', 'FLIPKART', 'SWIGGY'])}`,
    });
  }
  if (random() < 0.25) {
    drafts.push({
      at: at(between(random, 1, days)),
      type: 'CREDIT',
      mode: 'CASH',
      paise: between(random, 20, 150) * 10_000,
      narration: 'CASH DEPOSIT/BRANCH',
    });
  }
  return drafts;
}

export interface AccountSeed {
  /** Stable per account: the FIP id and the FIP's account reference. */
  readonly seed: string;
  readonly accType: DepositAccountType;
  readonly openingPaise: number;
  readonly salaryPaise: number;
}

export function accountSeed(fipId: string, accRefNumber: string, accType: DepositAccountType): AccountSeed {
  const random = seeded(fipId, accRefNumber, 'account');
  return {
    seed: `${fipId}:${accRefNumber}`,
    accType,
    openingPaise: between(random, 20_000, 250_000) * 100,
    salaryPaise: between(random, 45, 220) * 100_000,
  };
}

function isoIst(at: number): string {
  return `${new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

function istDate(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Every transaction of the account from the first month up to `until` (epoch ms), oldest first,
 * with the running balance. Quarterly interest (3.5% a year on the month-end balance) is credited
 * at the end of March, June, September and December, as Indian savings accounts are.
 */
export function accountHistory(
  account: AccountSeed,
  until: number,
): { transactions: DepositTransaction[]; balancePaise: number } {
  let balance = account.openingPaise;
  const transactions: DepositTransaction[] = [];
  let { year, month } = FIRST_MONTH;
  let sequence = 0;
  while (istDay(year, month, 1) <= until) {
    const drafts = monthDrafts(account.seed, year, month, account.salaryPaise, account.accType).sort(
      (a, b) => a.at - b.at,
    );
    if (account.accType === 'SAVINGS' && month % 3 === 2) {
      const end = istDay(year, month, daysIn(year, month)) + 23 * 3_600_000;
      drafts.push({ at: end, type: 'CREDIT', mode: 'OTHERS', paise: 0, narration: 'INT.PD:SAVINGS INTEREST' });
    }
    for (const draft of drafts) {
      if (draft.at > until) continue;
      let paise = draft.paise;
      if (draft.narration.startsWith('INT.PD')) paise = Math.max(100, Math.round((balance * 0.035) / 4));
      // A spend the balance cannot carry is declined by the bank: it never appears.
      if (draft.type === 'DEBIT' && paise > balance) continue;
      balance += draft.type === 'CREDIT' ? paise : -paise;
      sequence += 1;
      const txnId = `S${hashNumber(account.seed, 'txn').toString(36).toUpperCase()}${String(sequence).padStart(6, '0')}`;
      transactions.push({
        txnId,
        type: draft.type,
        mode: draft.mode,
        amount: paise / 100,
        currentBalance: balance / 100,
        transactionTimestamp: isoIst(draft.at),
        valueDate: istDate(draft.at),
        narration: draft.narration,
        reference: `${draft.mode}${String(hashNumber(account.seed, sequence) % 1_000_000_000_000).padStart(12, '0')}`,
      });
    }
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return { transactions, balancePaise: balance };
}

export { DAY_MS, IST_OFFSET_MS, isoIst, istDate };

const BUSY_NARRATIONS: readonly (readonly [TransactionType, TransactionMode, string])[] = [
  ['DEBIT', 'UPI', 'UPI/SWIGGY'],
  ['DEBIT', 'UPI', 'UPI/BLINKIT'],
  ['DEBIT', 'CARD', 'POS/AMAZON PAY INDIA'],
  ['DEBIT', 'UPI', 'UPI/UBER INDIA'],
  ['CREDIT', 'FT', 'IMPS/RECEIPT/SHAH TRADERS'],
  ['DEBIT', 'FT', 'NEFT/VENDOR/KRISHNA SUPPLIES'],
  ['DEBIT', 'OTHERS', 'BBPS/TATA POWER/BILL'],
  ['DEBIT', 'ATM', 'ATM/CASH WDL/MG ROAD'],
  ['CREDIT', 'UPI', 'UPI/REFUND/FLIPKART'],
  ['DEBIT', 'UPI', 'UPI/ZOMATO'],
];

/**
 * A very busy account (a shop's current account): `count` transactions spread evenly over the 730
 * days before `until`, oldest first, with a running balance. For measuring the transactions page
 * and the statement at volume (bench/aggregator.ts, transactions-page.test.ts), not for the demo.
 */
export function busyAccountHistory(count: number, until: number, seed = 'busy'): DepositTransaction[] {
  const random = seeded(seed, count);
  const step = Math.floor((730 * DAY_MS) / count);
  let balance = 50_000_000;
  const transactions: DepositTransaction[] = [];
  for (let i = 0; i < count; i++) {
    const at = until - (count - i) * step;
    const [type, mode, narration] = BUSY_NARRATIONS[Math.floor(random() * BUSY_NARRATIONS.length)]!;
    const asked = between(random, 50, type === 'CREDIT' ? 90_000 : 9_000) * 100 + between(random, 0, 99);
    // A debit never takes the balance below zero (the bank would decline it).
    const amount = type === 'CREDIT' ? asked : Math.min(asked, balance);
    balance += type === 'CREDIT' ? amount : -amount;
    transactions.push({
      txnId: `B${String(i + 1).padStart(8, '0')}`,
      type,
      mode,
      amount: amount / 100,
      currentBalance: balance / 100,
      transactionTimestamp: isoIst(at),
      valueDate: istDate(at),
      narration: `${narration}/${between(random, 100_000, 999_999)}`,
      reference: `${mode}${String(hashNumber(seed, i) % 1_000_000_000_000).padStart(12, '0')}`,
    });
  }
  return transactions;
}
