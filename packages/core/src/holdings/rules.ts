/**
 * Pure rules behind the holdings banners: fund values from units and NAV, the next
 * SIP instalment, where a wallet protection policy stands, and where a loan stands on its repayment
 * schedule. Calendar dates are India's (YYYY-MM-DD, as `indianDate` gives them); money is whole paise.
 */

export const FUND_CATEGORIES = ['EQUITY', 'DEBT', 'HYBRID', 'INDEX', 'ELSS'] as const;
export type FundCategory = (typeof FUND_CATEGORIES)[number];
export const FUND_PLANS = ['DIRECT', 'REGULAR'] as const;
export type FundPlan = (typeof FUND_PLANS)[number];
export const SIP_STATUSES = ['ACTIVE', 'PAUSED', 'STOPPED'] as const;
export type SipStatus = (typeof SIP_STATUSES)[number];
export const POLICY_STATUSES = ['ACTIVE', 'RENEWAL_DUE', 'EXPIRED'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const ONDC_LOAN_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export type OndcLoanStatus = (typeof ONDC_LOAN_STATUSES)[number];

/** A policy ending within this many days asks to be renewed (insurers send renewal notices a month ahead). */
export const RENEWAL_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return day(utc(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** The same day of the month `months` later; days past the month's end land on its last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(dayOfMonth, last));
  return day(target.getTime());
}

/** The next date on or after `today` that falls on `dayOfMonth` (1–28, as SIP dates are). */
export function nextMonthlyDate(dayOfMonth: number, today: string): string {
  const thisMonth = `${today.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
  return thisMonth >= today ? thisMonth : addMonths(thisMonth, 1);
}

/** A decimal string ("1482.317") as an integer count of 10^-scale units; throws on anything else. */
function scaled(value: string, scale: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match || (match[2]?.length ?? 0) > scale) throw new RangeError(`"${value}" is not a decimal of ${scale} places`);
  return BigInt(match[1]! + (match[2] ?? '').padEnd(scale, '0'));
}

/**
 * What `units` of a fund are worth at `nav` (rupees per unit), in paise, rounded half up: units
 * have at most 3 decimals and NAVs 4, as AMCs publish them. Exact (no floating point).
 */
export function fundValuePaise(units: string, nav: string): number {
  const product = scaled(units, 3) * scaled(nav, 4); // rupees × 10^7
  return Number((product + 50_000n) / 100_000n);
}

export interface PolicyStanding {
  status: PolicyStatus;
  /** Days until the policy ends (0 on its last day); negative once it has ended. */
  daysToRenewal: number;
}

/** Where a policy ending on `endDate` (its last day of cover) stands on `today`. */
export function policyStanding(endDate: string, today: string): PolicyStanding {
  const daysToRenewal = daysBetween(today, endDate);
  const status = daysToRenewal < 0 ? 'EXPIRED' : daysToRenewal <= RENEWAL_WINDOW_DAYS ? 'RENEWAL_DUE' : 'ACTIVE';
  return { status, daysToRenewal };
}

/** A loan's repayment schedule (its EMI as the lender set it: core offers/kfs.ts emiPaise). */
export interface RepaymentSchedule {
  principalPaise: number;
  annualRateBasisPoints: number;
  tenureMonths: number;
  emiPaise: number;
  /** The first EMI's date; each later one falls on the same day of the month. */
  firstEmiDate: string;
}

export interface LoanStanding {
  status: OndcLoanStatus;
  emisPaid: number;
  nextEmiDate: string | null;
  /** Principal still owed after the EMIs paid, per the repayment schedule. */
  outstandingPaise: number;
}

/**
 * Where a loan stands on `today` by its repayment schedule: an EMI counts as paid once its date
 * has passed (on the day itself it is the next one due). Each month's interest is charged on the
 * balance and rounded to the paisa; the last EMI clears what is left.
 */
export function loanStanding(terms: RepaymentSchedule, today: string): LoanStanding {
  const { principalPaise, annualRateBasisPoints, tenureMonths, emiPaise: emi, firstEmiDate } = terms;
  let emisPaid = 0;
  while (emisPaid < tenureMonths && addMonths(firstEmiDate, emisPaid) < today) emisPaid += 1;
  const r = annualRateBasisPoints / 10_000 / 12;
  let balance = principalPaise;
  for (let month = 0; month < emisPaid; month++) balance = Math.max(0, balance + Math.round(balance * r) - emi);
  if (emisPaid === tenureMonths) balance = 0;
  return {
    status: emisPaid === tenureMonths ? 'CLOSED' : 'ACTIVE',
    emisPaid,
    nextEmiDate: emisPaid < tenureMonths ? addMonths(firstEmiDate, emisPaid) : null,
    outstandingPaise: balance,
  };
}
