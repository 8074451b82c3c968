import { categoriseTransaction, type TransactionCategory } from './categories.ts';
import type { TransactionMode, TransactionType } from './constants.ts';

/**
 * The sums behind "View Insights" and the statement's period (spec 001 §5: 1, 2 or 3
 * months), pure so server and tests share them. Time is India's (UTC+05:30, no daylight saving):
 * a bank's month and day are Indian ones. Amounts are summed in paise and answered in rupees.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The calendar date in India of an instant, YYYY-MM-DD. */
export function istDateOf(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of an Indian calendar date (YYYY-MM-DD). */
export function istDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The N months up to and including the date `to` (YYYY-MM-DD), as banks count them: from the day
 * after the same date N months earlier (the 31st counting as the month's last day). 2026-11-21 and
 * 3 months: 2026-08-22 to 2026-11-21; 2026-03-31 and 1 month: 2026-03-01 to 2026-03-31.
 */
export function monthsUpTo(to: string, months: number): { from: string; to: string } {
  const [year, month, day] = to.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  start.setUTCDate(Math.min(day, lastDay));
  return { from: addDays(start.toISOString().slice(0, 10), 1), to };
}

export interface InsightTransaction {
  readonly type: TransactionType;
  readonly mode: TransactionMode;
  readonly narration: string;
  readonly amountPaise: number;
  /** Epoch ms. */
  readonly at: number;
}

export interface Insights {
  months: { month: string; inflow: number; outflow: number }[];
  categories: { category: TransactionCategory; amount: number; share: number }[];
}

export const INSIGHT_MONTHS = 12;
export const CATEGORY_MONTHS = 3;

/** The 12 calendar months (YYYY-MM) that end with the month of `asOf`, oldest first. */
export function insightMonths(asOf: number): string[] {
  const [year, month] = istDateOf(asOf).split('-').map(Number) as [number, number];
  return Array.from({ length: INSIGHT_MONTHS }, (_, i) =>
    new Date(Date.UTC(year, month - INSIGHT_MONTHS + i, 1)).toISOString().slice(0, 7),
  );
}

/** The earliest instant buildInsights looks at for `asOf`: the first of the 12 months. */
export function insightsStart(asOf: number): number {
  return istDayStart(`${insightMonths(asOf)[0]!}-01`);
}

/**
 * Monthly money in and out over the 12 months up to asOf (every month listed, 0 when quiet), and
 * spending by category over the 3 months up to asOf's date (largest first; share of their total,
 * to 4 places). Transactions after asOf or before the first month are left out.
 */
export function buildInsights(transactions: readonly InsightTransaction[], asOf: number): Insights {
  const keys = insightMonths(asOf);
  const totals = new Map(keys.map((key) => [key, { inflow: 0, outflow: 0 }]));
  const period = monthsUpTo(istDateOf(asOf), CATEGORY_MONTHS);
  const spendFrom = istDayStart(period.from);
  const spend = new Map<TransactionCategory, number>();
  for (const txn of transactions) {
    if (txn.at > asOf) continue;
    const month = totals.get(istDateOf(txn.at).slice(0, 7));
    if (!month) continue;
    if (txn.type === 'CREDIT') month.inflow += txn.amountPaise;
    else month.outflow += txn.amountPaise;
    if (txn.type === 'DEBIT' && txn.at >= spendFrom) {
      const category = categoriseTransaction(txn);
      spend.set(category, (spend.get(category) ?? 0) + txn.amountPaise);
    }
  }
  const spent = [...spend.values()].reduce((sum, paise) => sum + paise, 0);
  return {
    months: keys.map((month) => {
      const { inflow, outflow } = totals.get(month)!;
      return { month, inflow: inflow / 100, outflow: outflow / 100 };
    }),
    categories: [...spend.entries()]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([category, paise]) => ({
        category,
        amount: paise / 100,
        share: Math.round((paise / spent) * 10_000) / 10_000,
      })),
  };
}
