import type { AccountType, CreditAccount, CreditEnquiry, DpdMonth } from './schemas.ts';

/**
 * What shapes a credit score, read off a pulled report ("credit report analysis",
 * spec 001 §4/§9 "credit report analysis" and "factors" redirect targets). Pure: the same report
 * and day always give the same factors, so the server, the dashboard and tests agree.
 *
 * The five factors and their weights are the ones Indian bureaus publish for their scores
 * (payment history about a third, then how much of the limits is used, the age of the file, recent
 * enquiries and the mix of credit). Each factor gets a health from 0 (hurting the score most) to 1
 * (as good as it gets); its impact on this customer is weight × (1 − health), and the factors are
 * ranked by that: the first one is where the customer has the most to gain.
 */

export const REPORT_FACTOR_IDS = ['PAYMENT_HISTORY', 'UTILISATION', 'ACCOUNT_AGE', 'ENQUIRIES', 'CREDIT_MIX'] as const;
export type ReportFactorId = (typeof REPORT_FACTOR_IDS)[number];

/** Share of the score each factor stands for; the shares add up to 1. */
export const REPORT_FACTOR_WEIGHTS: Readonly<Record<ReportFactorId, number>> = {
  PAYMENT_HISTORY: 0.35,
  UTILISATION: 0.3,
  ACCOUNT_AGE: 0.15,
  ENQUIRIES: 0.1,
  CREDIT_MIX: 0.1,
};

/** How much a factor counts in general: High for ≥ 30 %, Medium for ≥ 15 %, else Low. */
export type FactorWeightLevel = 'HIGH' | 'MEDIUM' | 'LOW';

/** GOOD: helping; FAIR: could be better; POOR: pulling the score down; NONE: nothing to judge yet. */
export type FactorRating = 'GOOD' | 'FAIR' | 'POOR' | 'NONE';

export interface ReportFactor {
  id: ReportFactorId;
  weight: number;
  weightLevel: FactorWeightLevel;
  rating: FactorRating;
  /** 0 (worst) to 1 (best). */
  health: number;
  /** weight × (1 − health): the share of the score this factor is costing now. */
  impact: number;
  /** The measured value: late months, utilisation %, age in months, enquiries, account types. */
  value: number | null;
}

/** What the factors read: the report's accounts and enquiries. */
export interface FactorInput {
  accounts: readonly Pick<
    CreditAccount,
    'type' | 'openedDate' | 'closedDate' | 'sanctionedAmount' | 'balance' | 'writtenOff' | 'settled' | 'dpdHistory'
  >[];
  enquiries: readonly Pick<CreditEnquiry, 'date'>[];
}

/** Utilisation (balance over limit) of cards and overdrafts: above 30 % starts to cost points. */
export const UTILISATION_GOOD_MAX = 30;
export const UTILISATION_FAIR_MAX = 50;
/** A file of 7 years or more counts as mature. */
export const MATURE_AGE_MONTHS = 84;
export const YOUNG_AGE_MONTHS = 36;
/** Enquiries within this many months count as recent (bureaus look at about six months). */
export const RECENT_ENQUIRY_MONTHS = 6;

/** Secured credit is backed by an asset; a healthy mix has both kinds. */
export const SECURED_TYPES: readonly AccountType[] = ['HL', 'AL', 'TW', 'GL', 'LAP'];
const REVOLVING_TYPES: readonly AccountType[] = ['CC', 'OD'];

/** A month of the DPD grid as a customer reads it. */
export type DpdStatus = 'ON_TIME' | 'LATE' | 'SEVERELY_LATE' | 'NOT_REPORTED';

/** 1–59 days past due is late; 60 or more (and every bureau's 90+ "substandard") is severely late. */
export function dpdStatus(dpd: number | null): DpdStatus {
  if (dpd === null) return 'NOT_REPORTED';
  if (dpd === 0) return 'ON_TIME';
  return dpd < 60 ? 'LATE' : 'SEVERELY_LATE';
}

/** A month paid late: any days past due (a month the lender did not report is not late). */
export const isLateMonth = (month: Pick<DpdMonth, 'dpd'>): boolean => (month.dpd ?? 0) > 0;

/** How many months of one account's history were paid late (the report screen's "N late months"). */
export const lateMonthCount = (history: readonly Pick<DpdMonth, 'dpd'>[]): number => history.filter(isLateMonth).length;

function monthIndex(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return year * 12 + (month - 1);
}

/** Whole calendar months from `from` (YYYY-MM-DD or YYYY-MM) to `to`; never negative. */
export function monthsBetween(from: string, to: string): number {
  return Math.max(0, monthIndex(to) - monthIndex(from));
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const levelOf = (weight: number): FactorWeightLevel => (weight >= 0.3 ? 'HIGH' : weight >= 0.15 ? 'MEDIUM' : 'LOW');
/** Nothing to judge: neither helping nor hurting, so it ranks in the middle of the field. */
const NEUTRAL = 0.5;

function factor(id: ReportFactorId, rating: FactorRating, health: number, value: number | null): ReportFactor {
  const weight = REPORT_FACTOR_WEIGHTS[id];
  const h = clamp01(health);
  // Rounded so that equal situations compare equal (no floating-point noise in the ranking).
  return {
    id,
    weight,
    weightLevel: levelOf(weight),
    rating,
    health: Math.round(h * 1000) / 1000,
    impact: Math.round(weight * (1 - h) * 10_000) / 10_000,
    value,
  };
}

/** What one late month costs payment history's health; a 60+ days late month costs more. */
export const LATE_MONTH_COST = 0.15;
export const SEVERE_MONTH_EXTRA_COST = 0.1;

/**
 * Payment history: lenders read every late month as a mark against the customer however many
 * on-time months surround it, so each late month costs a fixed share of the health (more when
 * 60+ days late) and a written-off or settled account halves what is left.
 */
export function paymentHistoryFactor(input: FactorInput): ReportFactor {
  const months = input.accounts.flatMap((account) => account.dpdHistory.filter((month) => month.dpd !== null));
  const derogatory = input.accounts.some((account) => account.writtenOff || account.settled);
  // No month to judge: NEUTRAL, halved by a written-off or settled account as below, so a first late
  // month on such a file still reads worse than none (it used to read better than a health of 0).
  if (months.length === 0) {
    return factor('PAYMENT_HISTORY', derogatory ? 'POOR' : 'NONE', NEUTRAL * (derogatory ? 0.5 : 1), 0);
  }
  const late = months.filter(isLateMonth);
  const severe = late.filter((month) => dpdStatus(month.dpd) === 'SEVERELY_LATE').length;
  // Late months cost from where the file stands without them: a clean record when some months
  // were paid on time, "nothing to judge" (NEUTRAL) when none were, so a late month never reads
  // better than no history at all (the score predictor's "miss a payment" relies on it).
  const start = late.length < months.length ? 1 : NEUTRAL;
  const health = (start - late.length * LATE_MONTH_COST - severe * SEVERE_MONTH_EXTRA_COST) * (derogatory ? 0.5 : 1);
  const rating: FactorRating =
    late.length === 0 && !derogatory ? 'GOOD' : late.length <= 2 && severe === 0 && !derogatory ? 'FAIR' : 'POOR';
  return factor('PAYMENT_HISTORY', rating, health, late.length);
}

/** Utilisation of the open cards' and overdrafts' limits, in whole percent. */
export function utilisationOf(input: FactorInput): number | null {
  const revolving = input.accounts.filter(
    (account) => account.closedDate === null && REVOLVING_TYPES.includes(account.type),
  );
  const limit = revolving.reduce((sum, account) => sum + account.sanctionedAmount, 0);
  if (limit <= 0) return null;
  return Math.round((revolving.reduce((sum, account) => sum + account.balance, 0) / limit) * 100);
}

export function utilisationFactor(input: FactorInput): ReportFactor {
  const used = utilisationOf(input);
  if (used === null) return factor('UTILISATION', 'NONE', NEUTRAL, null);
  const rating: FactorRating = used <= UTILISATION_GOOD_MAX ? 'GOOD' : used <= UTILISATION_FAIR_MAX ? 'FAIR' : 'POOR';
  const health = used <= UTILISATION_GOOD_MAX ? 1 : 1 - (used - UTILISATION_GOOD_MAX) / (100 - UTILISATION_GOOD_MAX);
  return factor('UTILISATION', rating, health, used);
}

/** Age in whole months of the oldest account, open or closed, on `asOf`. */
export function oldestAccountAgeMonths(input: FactorInput, asOf: string): number | null {
  if (input.accounts.length === 0) return null;
  return Math.max(...input.accounts.map((account) => monthsBetween(account.openedDate, asOf)));
}

export function accountAgeFactor(input: FactorInput, asOf: string): ReportFactor {
  const age = oldestAccountAgeMonths(input, asOf);
  if (age === null) return factor('ACCOUNT_AGE', 'NONE', NEUTRAL, null);
  const rating: FactorRating = age >= MATURE_AGE_MONTHS ? 'GOOD' : age >= YOUNG_AGE_MONTHS ? 'FAIR' : 'POOR';
  return factor('ACCOUNT_AGE', rating, age / MATURE_AGE_MONTHS, age);
}

/** Enquiries dated within the last six months of `asOf` (the current month counts as one). */
export function recentEnquiries(input: FactorInput, asOf: string): number {
  return input.enquiries.filter((enquiry) => {
    const ago = monthIndex(asOf) - monthIndex(enquiry.date);
    return ago >= 0 && ago < RECENT_ENQUIRY_MONTHS;
  }).length;
}

export function enquiriesFactor(input: FactorInput, asOf: string): ReportFactor {
  const count = recentEnquiries(input, asOf);
  const rating: FactorRating = count <= 1 ? 'GOOD' : count <= 3 ? 'FAIR' : 'POOR';
  return factor('ENQUIRIES', rating, 1 - count / 5, count);
}

/** Credit mix: both secured and unsecured credit is best; several kinds of one sort is fair. */
export function creditMixFactor(input: FactorInput): ReportFactor {
  if (input.accounts.length === 0) return factor('CREDIT_MIX', 'NONE', NEUTRAL, null);
  const types = new Set(input.accounts.map((account) => account.type));
  const secured = [...types].some((type) => SECURED_TYPES.includes(type));
  const unsecured = [...types].some((type) => !SECURED_TYPES.includes(type));
  if (secured && unsecured) return factor('CREDIT_MIX', 'GOOD', 1, types.size);
  return types.size >= 2
    ? factor('CREDIT_MIX', 'FAIR', 0.6, types.size)
    : factor('CREDIT_MIX', 'POOR', 0.3, types.size);
}

/**
 * The five factors of a report on `asOf` (its lastUpdated day), ranked by impact: the factor
 * costing the most first; equal impact keeps the heavier factor first, then the fixed order.
 */
export function reportFactors(input: FactorInput, asOf: string): ReportFactor[] {
  const factors = [
    paymentHistoryFactor(input),
    utilisationFactor(input),
    accountAgeFactor(input, asOf),
    enquiriesFactor(input, asOf),
    creditMixFactor(input),
  ];
  return factors.sort(
    (a, b) =>
      b.impact - a.impact || b.weight - a.weight || REPORT_FACTOR_IDS.indexOf(a.id) - REPORT_FACTOR_IDS.indexOf(b.id),
  );
}
