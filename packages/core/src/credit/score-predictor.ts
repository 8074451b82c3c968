import type { Bureau } from '../constants.ts';
import {
  creditMixFactor,
  reportFactors,
  SECURED_TYPES,
  type FactorInput,
  type ReportFactor,
  type ReportFactorId,
} from './report-factors.ts';
import type { AccountType } from './schemas.ts';
import { SCORE_MAX, SCORE_MIN, isValidScore, scoreBand, type ScoreBand } from './score-rules.ts';

/**
 * The score predictor (spec 001 §9 redirect target "score predictor"): "what if I pay my cards down,
 * close an account, take a loan, miss a payment". It reuses the factors that explain the score today
 * (report-factors.ts): the file is changed as the scenario says, the factors are read again, and the
 * change in what they cost becomes points. Pure and zod-free, so the dashboard computes it in the
 * browser from the report it already holds, and tests can check every direction as a property.
 *
 * It is an estimate, not a bureau's model: the answer is a range, and the screen says so.
 */

export type ScoreScenario =
  /** Bring the open cards' and overdrafts' balances down to this share of their limits (0–100). */
  | { kind: 'PAY_DOWN_CARDS'; utilisation: number }
  /**
   * Close the open account at this index of the report's accounts. Only one with nothing owed: a
   * lender closes a card or loan once it is paid off, so paying off is PAY_DOWN_CARDS' question.
   */
  | { kind: 'CLOSE_ACCOUNT'; accountIndex: number }
  /** Apply for and take new credit of this type and amount (a card's amount is its limit). */
  | { kind: 'NEW_CREDIT'; type: AccountType; amount: number }
  /** Miss the next payment on the open account at this index, by this many days. */
  | { kind: 'MISS_PAYMENT'; accountIndex: number; daysLate: 30 | 60 | 90 };

export type ScenarioKind = ScoreScenario['kind'];

export interface ScorePrediction {
  current: number;
  /** The predicted score range, inclusive, within 300–900. */
  low: number;
  high: number;
  /** The bands of the range's ends at this bureau (spec 001 §5 bureau bands). */
  lowBand: ScoreBand;
  highBand: ScoreBand;
  direction: 'UP' | 'DOWN' | 'NONE';
  /** The factors the scenario moves, the one moving most first. */
  factors: ReportFactorId[];
}

/**
 * Points per unit of factor impact. A factor's impact is its weight × (1 − health), so the five
 * together span 0–1; 400 points over that span keeps a single late month (about 20 points) and a
 * card paid down from 90 % to 30 % (about 100) in the ranges consumer score guides quote.
 */
export const POINTS_PER_IMPACT = 400;
/** How far either side of the estimate the range reaches: 30 % of the change, at least 5 points. */
const SPREAD_SHARE = 0.3;
const MIN_SPREAD = 5;

const REVOLVING: readonly AccountType[] = ['CC', 'OD'];

function nextMonth(asOf: string): string {
  const [year, month] = asOf.split('-').map(Number) as [number, number];
  const index = year * 12 + month; // month is 1-based, so this is the following month's 0-based index
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The file after the scenario; the same object when the scenario changes nothing. */
export function applyScenario(input: FactorInput, scenario: ScoreScenario, asOf: string): FactorInput {
  const accounts = input.accounts.map((account) => ({ ...account }));
  switch (scenario.kind) {
    case 'PAY_DOWN_CARDS': {
      const open = accounts.filter((account) => account.closedDate === null && REVOLVING.includes(account.type));
      const limit = open.reduce((sum, account) => sum + account.sanctionedAmount, 0);
      const balance = open.reduce((sum, account) => sum + account.balance, 0);
      const target = Math.min(100, Math.max(0, scenario.utilisation));
      if (limit <= 0 || balance / limit <= target / 100) return input;
      // Every balance shrinks by the same share: the customer pays down across the cards.
      const keep = (target / 100) * (limit / balance);
      for (const account of open) account.balance = Math.floor(account.balance * keep);
      return { ...input, accounts };
    }
    case 'CLOSE_ACCOUNT': {
      const account = accounts[scenario.accountIndex];
      if (!account || account.closedDate !== null || account.balance > 0) return input;
      account.closedDate = asOf;
      return { ...input, accounts };
    }
    case 'NEW_CREDIT': {
      const revolving = REVOLVING.includes(scenario.type);
      accounts.push({
        type: scenario.type,
        openedDate: asOf,
        closedDate: null,
        sanctionedAmount: Math.max(0, scenario.amount),
        // A new loan is drawn in full; a new card starts with nothing spent.
        balance: revolving ? 0 : Math.max(0, scenario.amount),
        writtenOff: false,
        settled: false,
        dpdHistory: [],
      });
      // Every application is a lender's enquiry on the file.
      return { accounts, enquiries: [...input.enquiries, { date: asOf }] };
    }
    case 'MISS_PAYMENT': {
      const account = accounts[scenario.accountIndex];
      if (!account || account.closedDate !== null) return input;
      account.dpdHistory = [{ month: nextMonth(asOf), dpd: scenario.daysLate }, ...account.dpdHistory];
      return { ...input, accounts };
    }
  }
}

/**
 * The factors of the file after the scenario, as they stand the day it happens. New credit joins
 * the mix of credit only once it has a record of repayments: on the day it is taken it brings its
 * enquiry, its debt and its limit, which is why score guides say a new loan dips the score first
 * and the better mix helps later, with months paid on time. So taking a loan is never predicted to
 * raise the score at once, whatever kind it is (a new card can still lower utilisation).
 */
function factorsAfter(input: FactorInput, after: FactorInput, scenario: ScoreScenario, asOf: string): ReportFactor[] {
  const factors = reportFactors(after, asOf);
  if (scenario.kind !== 'NEW_CREDIT') return factors;
  const mixToday = creditMixFactor(input);
  return factors.map((factor) => (factor.id === 'CREDIT_MIX' ? mixToday : factor));
}

const totalImpact = (factors: readonly ReportFactor[]) => factors.reduce((sum, factor) => sum + factor.impact, 0);

const clampScore = (score: number) => Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(score)));

/**
 * The predicted range for `scenario` at `bureau`, from the customer's valid score there and the
 * report behind it; null without a valid score (no range from a made-up number).
 */
export function predictScore(
  bureau: Bureau,
  score: number | null | undefined,
  input: FactorInput,
  asOf: string,
  scenario: ScoreScenario,
): ScorePrediction | null {
  if (!isValidScore(score) || typeof score !== 'number') return null;
  const before = reportFactors(input, asOf);
  const after = factorsAfter(input, applyScenario(input, scenario, asOf), scenario, asOf);
  const moved = after
    .map((factor) => ({
      id: factor.id,
      gain: before.find((old) => old.id === factor.id)!.impact - factor.impact,
    }))
    .filter((factor) => Math.abs(factor.gain) > 1e-9)
    .sort((a, b) => Math.abs(b.gain) - Math.abs(a.gain));
  const change = (totalImpact(before) - totalImpact(after)) * POINTS_PER_IMPACT;
  const estimate = Math.round(change);
  let low = score;
  let high = score;
  if (estimate !== 0) {
    const spread = Math.max(MIN_SPREAD, Math.round(Math.abs(estimate) * SPREAD_SHARE));
    // The range never crosses to the other side of today's score: a change that costs points is
    // never shown as one that might gain some, and the other way round.
    low = estimate > 0 ? clampScore(score + Math.max(1, estimate - spread)) : clampScore(score + estimate - spread);
    high = estimate > 0 ? clampScore(score + estimate + spread) : clampScore(score + Math.min(-1, estimate + spread));
  }
  return {
    current: score,
    low,
    high,
    lowBand: scoreBand(bureau, low)!,
    highBand: scoreBand(bureau, high)!,
    direction: high > score ? 'UP' : low < score ? 'DOWN' : 'NONE',
    factors: moved.map((factor) => factor.id),
  };
}

/** Whether the file has what a scenario acts on (cards to pay down, open accounts to close or miss). */
export function scenarioApplies(input: FactorInput, kind: ScenarioKind): boolean {
  const open = input.accounts.filter((account) => account.closedDate === null);
  if (kind === 'PAY_DOWN_CARDS') return open.some((account) => REVOLVING.includes(account.type) && account.balance > 0);
  if (kind === 'NEW_CREDIT') return true;
  if (kind === 'CLOSE_ACCOUNT') return open.some((account) => account.balance === 0);
  return open.length > 0;
}

/** Secured credit kinds, for the screen's choice of new credit (a mix of both kinds helps). */
export const isSecuredType = (type: AccountType) => SECURED_TYPES.includes(type);
