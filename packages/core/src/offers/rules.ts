import { SCORE_BANDS, type ScoreBand } from '../credit/score-rules.ts';
import { OFFER_PRODUCTS, type OfferProduct } from './routes.ts';

/**
 * Which offers a customer is pre-approved for, decided from the customer's best
 * stored bureau standing and what the report says about them. Pure and zod-free: the server
 * decides with it, and widgets or the dashboard may explain a decision with the same rules.
 *
 * The rules, in order:
 *
 * | standing                                   | pre-approved for                                      |
 * |--------------------------------------------|-------------------------------------------------------|
 * | no bureau data                             | nothing (spec 000 §8: no bureau data clears offers)   |
 * | NO_HIT or NEW_TO_CREDIT at every bureau    | a secured card only: the way into credit history      |
 * | a score, but overdue/written off/settled   | a secured card only: no lender pre-approves unsecured |
 * |                                            | or new secured credit to a customer in default        |
 * | LOW or VERY_LOW                            | a secured card only                                   |
 * | FAIR                                       | HL, LAP (lent against property) and cards whose own   |
 * |                                            | minimum band is FAIR                                  |
 * | GOOD, VERY_GOOD, EXCELLENT                 | PL, CC, HL, LAP; BL with business credit (below)      |
 * | any bureau answer (score, NO_HIT, NTC)     | insurance (INS) as well: cover is not credit, so      |
 * |                                            | neither band nor repayment record decides it          |
 *
 * and on top of the band:
 * - every offer has its own minimum band (a premium card may ask for EXCELLENT);
 * - more than MAX_RECENT_ENQUIRIES enquiries in six months is credit hunger, a reason lenders
 *   decline unsecured credit: no PL, BL or unsecured card, secured products stay;
 * - BL only with business credit in the report (an open BL or OD account): the profile holds no
 *   employment type, and a business loan needs a business;
 * - a secured card is offered exactly when no unsecured card is: a customer who qualifies for a
 *   regular card should not be asked to lock money in a deposit for one.
 *
 * "Best" standing: the best band over the latest pull of every bureau (lenders pick the bureau
 * they like; the customer is judged by their strongest file), else NEW_TO_CREDIT over NO_HIT.
 */

/** Lenders commonly decline unsecured credit past this many enquiries in six months. */
export const MAX_RECENT_ENQUIRIES = 6;

export type CreditStanding =
  | { readonly kind: 'NO_BUREAU_DATA' }
  | { readonly kind: 'NO_HIT' }
  | { readonly kind: 'NEW_TO_CREDIT' }
  | { readonly kind: 'SCORE'; readonly band: ScoreBand };

/** What the rules read from a stored pull. */
export interface StandingInput {
  /** A ScoreStateKind; typed as text because it comes from storage. */
  readonly scoreState: string;
  /** A ScoreBand or null; typed as text because it comes from storage. */
  readonly scoreBand: string | null;
}

/** Rank of a band: 0 for EXCELLENT up to 5 for VERY_LOW (SCORE_BANDS is best first). */
function bandRank(band: ScoreBand): number {
  return SCORE_BANDS.indexOf(band);
}

/** True when `band` is `floor` or better. */
export function bandAtLeast(band: ScoreBand, floor: ScoreBand): boolean {
  return bandRank(band) <= bandRank(floor);
}

function isBand(value: unknown): value is ScoreBand {
  return typeof value === 'string' && (SCORE_BANDS as readonly string[]).includes(value);
}

/** The customer's best standing over the latest pull of each bureau (see the rules above). */
export function bestStanding(pulls: readonly StandingInput[]): CreditStanding {
  let best: ScoreBand | null = null;
  for (const pull of pulls) {
    if (pull.scoreState !== 'SCORE' || !isBand(pull.scoreBand)) continue;
    if (best === null || bandRank(pull.scoreBand) < bandRank(best)) best = pull.scoreBand;
  }
  if (best !== null) return { kind: 'SCORE', band: best };
  if (pulls.some((pull) => pull.scoreState === 'NEW_TO_CREDIT')) return { kind: 'NEW_TO_CREDIT' };
  if (pulls.length > 0) return { kind: 'NO_HIT' };
  return { kind: 'NO_BUREAU_DATA' };
}

/** What the rules read from the customer's report (the report of the best standing's bureau). */
export interface CreditProfile {
  /** Any overdue amount today, or any account written off or settled. */
  readonly delinquent: boolean;
  readonly enquiriesLast6Months: number;
  /** An open business loan or overdraft: credit taken for a business. */
  readonly hasBusinessCredit: boolean;
}

/** A profile that blocks nothing: a customer whose file says nothing against them. */
export const CLEAN_PROFILE: CreditProfile = { delinquent: false, enquiriesLast6Months: 0, hasBusinessCredit: false };

/** The report fields profileFromReport reads (a subset of core CreditReport). */
export interface ProfileReportInput {
  readonly summary: { readonly totalOverdue: number; readonly enquiriesLast6Months: number };
  readonly accounts: readonly {
    readonly type: string;
    readonly closedDate: string | null;
    readonly overdue: number;
    readonly writtenOff: boolean;
    readonly settled: boolean;
  }[];
}

export function profileFromReport(report: ProfileReportInput | null | undefined): CreditProfile {
  if (!report) return CLEAN_PROFILE;
  const accounts = report.accounts;
  return {
    delinquent:
      report.summary.totalOverdue > 0 ||
      accounts.some((account) => account.overdue > 0 || account.writtenOff || account.settled),
    enquiriesLast6Months: report.summary.enquiriesLast6Months,
    hasBusinessCredit: accounts.some(
      (account) => account.closedDate === null && (account.type === 'BL' || account.type === 'OD'),
    ),
  };
}

/** What the rules need of a catalogue offer. */
export interface OfferRuleInput {
  readonly offerId: string;
  readonly product: OfferProduct;
  /** For cards: SECURED (against a fixed deposit) or UNSECURED; null for loans. */
  readonly cardKind: 'SECURED' | 'UNSECURED' | null;
  /** The lowest band the lender pre-approves this offer for. */
  readonly minBand: ScoreBand;
}

/** Lowest band at which each product is considered at all (before the offer's own minimum). */
export const PRODUCT_MIN_BAND: Readonly<Record<OfferProduct, ScoreBand>> = {
  PL: 'GOOD',
  CC: 'FAIR',
  HL: 'FAIR',
  BL: 'GOOD',
  LAP: 'FAIR',
  // Never read: insurance is not decided by a band (offerRules).
  INS: 'VERY_LOW',
};

/** Products lent without collateral: closed to credit-hungry customers. */
const UNSECURED_LOANS: ReadonlySet<OfferProduct> = new Set(['PL', 'BL']);

function qualifiesUnsecuredOrLoan(offer: OfferRuleInput, band: ScoreBand, profile: CreditProfile): boolean {
  if (profile.delinquent) return false;
  if (!bandAtLeast(band, PRODUCT_MIN_BAND[offer.product]) || !bandAtLeast(band, offer.minBand)) return false;
  const creditHungry = profile.enquiriesLast6Months > MAX_RECENT_ENQUIRIES;
  if (creditHungry && (UNSECURED_LOANS.has(offer.product) || offer.cardKind === 'UNSECURED')) return false;
  if (offer.product === 'BL' && !profile.hasBusinessCredit) return false;
  return true;
}

/**
 * The offers of `catalogue` the customer is pre-approved for, in catalogue order (the service
 * orders the catalogue best first within each product). Never throws; an empty list is an answer.
 */
export function offerRules<T extends OfferRuleInput>(
  standing: CreditStanding,
  profile: CreditProfile,
  catalogue: readonly T[],
): T[] {
  if (standing.kind === 'NO_BUREAU_DATA') return [];
  const cover = catalogue.filter((offer) => offer.product === 'INS');
  const securedCards = catalogue.filter((offer) => offer.product === 'CC' && offer.cardKind === 'SECURED');
  if (standing.kind !== 'SCORE') {
    const chosen = new Set<T>([...securedCards, ...cover]);
    return catalogue.filter((offer) => chosen.has(offer));
  }
  const band = standing.band;
  const eligible = catalogue.filter(
    (offer) =>
      offer.product !== 'INS' && offer.cardKind !== 'SECURED' && qualifiesUnsecuredOrLoan(offer, band, profile),
  );
  const hasUnsecuredCard = eligible.some((offer) => offer.cardKind === 'UNSECURED');
  const chosen = new Set<T>([...(hasUnsecuredCard ? eligible : [...eligible, ...securedCards]), ...cover]);
  return catalogue.filter((offer) => chosen.has(offer));
}

/** Sorts offers by product (OFFER_PRODUCTS order), keeping each product's own order. */
export function byProductOrder<T extends { readonly product: OfferProduct }>(offers: readonly T[]): T[] {
  return OFFER_PRODUCTS.flatMap((product) => offers.filter((offer) => offer.product === product));
}
