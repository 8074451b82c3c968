import type { Bureau } from '../constants.ts';
import type { CreditReport } from '../credit/schemas.ts';
import { activeBureauRecord, type ScoreBand, type ScoreStateKind } from '../credit/score-rules.ts';

/**
 * Who may buy which paid add-on (spec 001 §3 "Eligibility objects", §4 "Credit advisor", "Credit
 * health", "Rectification"; §6 "Paid-service eligibility is decided by server flags"). Pure
 * functions: the server feeds them the customer's stored bureau files and purchases, and answers
 * their result as the eligibility objects of bureauApplication/accountUserInformation.
 */

/** A purchase's payment as the eligibility objects show it (lastPaymentDetails.paymentStatus). */
export const PAYMENT_STATUSES = ['CREATED', 'PENDING', 'SUCCESS', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The latest purchase of one add-on, or null when there has been none. */
export interface LastPayment {
  readonly paymentStatus: PaymentStatus;
}

/** Why a card is or is not offered for sale; the dashboard words each one. */
export const ELIGIBILITY_REASONS = [
  'ELIGIBLE',
  'SUBSCRIBED',
  'PAYMENT_IN_PROGRESS',
  'REPORT_NOT_READY',
  'NO_CREDIT_FILE',
  'SCORE_IN_GOOD_SHAPE',
  'NOTHING_TO_RESOLVE',
  'NOTHING_TO_RECTIFY',
] as const;
export type EligibilityReason = (typeof ELIGIBILITY_REASONS)[number];

export interface Eligibility {
  readonly eligible: boolean;
  readonly subscribed: boolean;
  readonly reason: EligibilityReason;
}

/** One bureau's latest stored pull. */
export interface BureauFile {
  readonly bureau: Bureau;
  readonly scoreState: ScoreStateKind;
  readonly score: number | null;
  readonly scoreBand: ScoreBand | null;
  readonly dateApplied: string;
  /** null for NO_HIT. */
  readonly report: CreditReport | null;
}

// ---------------------------------------------------------------------------------------------
// Rank factors (spec 001 §3 creditAdvisor.rankFactors[0].criteria and SCORE_LEVEL)

/**
 * What holds a customer's score back, most important first. LOWSCORE with SCORE_LEVEL NTC is how
 * the server reports a new-to-credit file (spec 001 §4: "LOWSCORE combined with NTC gives criteria
 * NTC"); NO_HIT is no file at any bureau; GOODSCORE is nothing to fix.
 */
export const RANK_CRITERIA = ['NO_HIT', 'LOWSCORE', 'OVERDUE', 'HIGH_UTILISATION', 'ENQUIRIES', 'GOODSCORE'] as const;
export type RankCriteria = (typeof RANK_CRITERIA)[number];
/** The score level beside a criterion: the active bureau's band, or NTC / NO_HIT without a score. */
export type ScoreLevel = ScoreBand | 'NTC' | 'NO_HIT';

export interface RankFactor {
  readonly criteria: RankCriteria;
  readonly SCORE_LEVEL: ScoreLevel;
}

/** Bands a score is "low" in: the lowest two of the five display bands (Fair and below). */
const LOW_BANDS: readonly ScoreBand[] = ['FAIR', 'LOW', 'VERY_LOW'];
/** Card balances over 30% of their limits lower a score (the bureaus' own guidance). */
export const HIGH_UTILISATION_PERCENT = 30;
/** More than this many enquiries in six months reads as credit hunger to lenders. */
export const MANY_ENQUIRIES_6M = 3;

/**
 * The ranked factors of the customer's files. Empty before any pull (nothing to rank yet). The
 * active bureau (core activeBureauRecord: the one the score tile shows) decides the level.
 */
export function rankFactors(files: readonly BureauFile[]): RankFactor[] {
  if (files.length === 0) return [];
  const scored = files.filter((file) => file.scoreState === 'SCORE');
  if (scored.length === 0) {
    return files.some((file) => file.scoreState === 'NEW_TO_CREDIT')
      ? [{ criteria: 'LOWSCORE', SCORE_LEVEL: 'NTC' }]
      : [{ criteria: 'NO_HIT', SCORE_LEVEL: 'NO_HIT' }];
  }
  // Non-empty, so there is an active record.
  const active = activeBureauRecord(scored.map((file) => ({ ...file, creditBureau: file.bureau })))!;
  const level: ScoreLevel = active.scoreBand ?? 'FAIR';
  const summary = active.report?.summary;
  const factors: RankFactor[] = [];
  if (active.scoreBand !== null && LOW_BANDS.includes(active.scoreBand))
    factors.push({ criteria: 'LOWSCORE', SCORE_LEVEL: level });
  if (summary && summary.totalOverdue > 0) factors.push({ criteria: 'OVERDUE', SCORE_LEVEL: level });
  if (summary?.creditUtilisation != null && summary.creditUtilisation > HIGH_UTILISATION_PERCENT) {
    factors.push({ criteria: 'HIGH_UTILISATION', SCORE_LEVEL: level });
  }
  if (summary && summary.enquiriesLast6Months > MANY_ENQUIRIES_6M)
    factors.push({ criteria: 'ENQUIRIES', SCORE_LEVEL: level });
  return factors.length > 0 ? factors : [{ criteria: 'GOODSCORE', SCORE_LEVEL: level }];
}

// ---------------------------------------------------------------------------------------------
// The four rules

const subscribed: Eligibility = { eligible: false, subscribed: true, reason: 'SUBSCRIBED' };
const inProgress: Eligibility = { eligible: false, subscribed: false, reason: 'PAYMENT_IN_PROGRESS' };
const not = (reason: EligibilityReason): Eligibility => ({ eligible: false, subscribed: false, reason });
const yes: Eligibility = { eligible: true, subscribed: false, reason: 'ELIGIBLE' };

/**
 * A payment that is still open (an order made, or the gateway not yet sure) blocks a second
 * purchase of the same add-on: the customer would pay twice.
 */
const open = (payment: LastPayment | null) =>
  payment?.paymentStatus === 'CREATED' || payment?.paymentStatus === 'PENDING';

export interface CreditAdvisorInput {
  readonly rankFactors: readonly RankFactor[];
  readonly lastPaymentDetails: LastPayment | null;
  /** Whether the customer ever paid for the advisor. */
  readonly paidUser: boolean;
}

export interface CreditAdvisorEligibility extends Eligibility {
  /** rankFactors[0].criteria after spec 001 §4's rule (LOWSCORE + NTC → NTC); null before any pull. */
  readonly criteria: RankCriteria | 'NTC' | null;
  /** spec 001 §4: "marks a new-to-credit customer". */
  readonly isNewToCredit: boolean;
}

/**
 * spec 001 §4 "Credit advisor":
 * - "LOWSCORE combined with NTC gives criteria NTC and marks a new-to-credit customer."
 * - "NO_HIT, a successful last payment, or paidUser makes the customer ineligible and subscribed."
 *
 * One deliberate difference: a NO_HIT customer is made ineligible but not marked subscribed. Read
 * literally, the rule would show "Subscribed" to someone with no bureau file who never paid; the
 * card says instead that there is no file to work on (reason NO_CREDIT_FILE). A customer whose
 * score is already good (GOODSCORE) has nothing for an advisor to fix and is not sold one.
 */
export function creditAdvisorEligibility(input: CreditAdvisorInput): CreditAdvisorEligibility {
  const top = input.rankFactors[0];
  const isNewToCredit = top?.criteria === 'LOWSCORE' && top.SCORE_LEVEL === 'NTC';
  const criteria: CreditAdvisorEligibility['criteria'] = isNewToCredit ? 'NTC' : (top?.criteria ?? null);
  const base = { criteria, isNewToCredit };
  if (input.paidUser || input.lastPaymentDetails?.paymentStatus === 'SUCCESS') return { ...subscribed, ...base };
  if (criteria === 'NO_HIT') return { ...not('NO_CREDIT_FILE'), ...base };
  if (criteria === null) return { ...not('REPORT_NOT_READY'), ...base };
  if (open(input.lastPaymentDetails)) return { ...inProgress, ...base };
  if (criteria === 'GOODSCORE') return { ...not('SCORE_IN_GOOD_SHAPE'), ...base };
  return { ...yes, ...base };
}

/**
 * spec 001 §4 "Credit health: subscribed when the last payment status is success." Without a
 * report (no pull yet, or no file at any bureau) there is nothing to read, so nothing is sold.
 */
export function creditHealthEligibility(input: {
  readonly lastPaymentDetails: LastPayment | null;
  readonly files: readonly BureauFile[];
}): Eligibility {
  if (input.lastPaymentDetails?.paymentStatus === 'SUCCESS') return subscribed;
  if (input.files.length === 0) return not('REPORT_NOT_READY');
  if (!input.files.some((file) => file.report !== null)) return not('NO_CREDIT_FILE');
  if (open(input.lastPaymentDetails)) return inProgress;
  return yes;
}

/** An account in trouble or with a negative mark, as collection and rectification list it. */
export interface FlaggedAccount {
  /** Stable per account across bureaus: lender, type and masked number. */
  readonly accountKey: string;
  readonly accountNumber: string;
  readonly lender: string;
  readonly type: CreditReport['accounts'][number]['type'];
  readonly balance: number;
  readonly overdue: number;
  readonly writtenOff: boolean;
  readonly settled: boolean;
  readonly open: boolean;
  /** Which bureaus report it. */
  readonly bureaus: Bureau[];
}

/** What a rectification would dispute on one account. */
export const RECTIFICATION_ISSUES = ['SETTLED_MARK', 'WRITTEN_OFF_PAID', 'CLOSED_WITH_OVERDUE'] as const;
export type RectificationIssue = (typeof RECTIFICATION_ISSUES)[number];

function accountsOf(files: readonly BureauFile[]): FlaggedAccount[] {
  const byKey = new Map<string, FlaggedAccount>();
  for (const file of files) {
    for (const account of file.report?.accounts ?? []) {
      const accountKey = `${account.lender}|${account.type}|${account.accountNumber}`;
      const known = byKey.get(accountKey);
      if (known) {
        known.bureaus.push(file.bureau);
        continue;
      }
      byKey.set(accountKey, {
        accountKey,
        accountNumber: account.accountNumber,
        lender: account.lender,
        type: account.type,
        balance: account.balance,
        overdue: account.overdue,
        writtenOff: account.writtenOff,
        settled: account.settled,
        open: account.closedDate === null,
        bureaus: [file.bureau],
      });
    }
  }
  return [...byKey.values()];
}

/**
 * spec 001 §3 "Collection: accountList": the accounts a lender is still chasing — open with an
 * overdue amount, or written off with a balance left. Each account once, however many bureaus
 * report it.
 */
export function collectionAccounts(files: readonly BureauFile[]): FlaggedAccount[] {
  return accountsOf(files).filter(
    (account) => (account.open && account.overdue > 0) || (account.writtenOff && account.balance > 0),
  );
}

/**
 * spec 001 §3 "Rectification: crosssellable.products.product.COLLECTIONS with subProductList":
 * the entries a dispute may correct — a "settled" mark, a written-off account with nothing left
 * to pay, or a closed account still showing an overdue amount.
 */
export function rectificationItems(files: readonly BureauFile[]): (FlaggedAccount & { issue: RectificationIssue })[] {
  const items: (FlaggedAccount & { issue: RectificationIssue })[] = [];
  for (const account of accountsOf(files)) {
    if (account.settled) items.push({ ...account, issue: 'SETTLED_MARK' });
    else if (account.writtenOff && account.balance === 0) items.push({ ...account, issue: 'WRITTEN_OFF_PAID' });
    else if (!account.open && account.overdue > 0) items.push({ ...account, issue: 'CLOSED_WITH_OVERDUE' });
  }
  return items;
}

export function collectionEligibility(input: {
  readonly accountList: readonly FlaggedAccount[];
  readonly lastPaymentDetails: LastPayment | null;
  readonly files: readonly BureauFile[];
}): Eligibility {
  if (input.lastPaymentDetails?.paymentStatus === 'SUCCESS') return subscribed;
  if (input.files.length === 0) return not('REPORT_NOT_READY');
  if (open(input.lastPaymentDetails)) return inProgress;
  return input.accountList.length > 0 ? yes : not('NOTHING_TO_RESOLVE');
}

/**
 * spec 001 §4 "Rectification: when the order status is SUCCESS, the customer is subscribed and no
 * longer eligible." (quoteDetails.order.orderStatus).
 */
export function rectificationEligibility(input: {
  readonly subProductCount: number;
  readonly orderStatus: PaymentStatus | null;
  readonly files: readonly BureauFile[];
}): Eligibility {
  if (input.orderStatus === 'SUCCESS') return subscribed;
  if (input.files.length === 0) return not('REPORT_NOT_READY');
  if (input.orderStatus === 'CREATED' || input.orderStatus === 'PENDING') return inProgress;
  return input.subProductCount > 0 ? yes : not('NOTHING_TO_RECTIFY');
}
