import {
  activeBureauRecord,
  bandDisplay,
  isBureau,
  isValidScore,
  scoreChange,
  scoreDelta,
  type BandLabel,
  type Bureau,
  type ScoreDelta,
} from '@pravesh/core';
import { HOME_OFFER_COUNT_CAP, MAX_OFFERS_SHOWN } from './constants.ts';

/**
 * The nudge's tile rules (spec 000 §3 "Nudge tile types", §4 "Score display", §5, §8, §9), pure
 * so the widget only renders what these decide. Server replies are read defensively (the widget
 * script carries no schema library): anything malformed is left out, never shown half-read.
 */

/** spec 000 §3: the tile types, in the order the nudge shows them (spec 000 §2). */
export const NUDGE_TILE_ORDER = ['bureauTile', 'gucpaOffers', 'recentActivity'] as const;
export type NudgeTileType = (typeof NUDGE_TILE_ORDER)[number];

/** spec 000 §3 "Bureau score record", as the nudge reads it (core's bureauScoreRecordSchema). */
export interface NudgeScoreRecord {
  creditBureau: Bureau;
  score: number | null;
  previousScore: number | null;
  scoreBand: string | null;
  dateApplied: string;
  scoreState?: 'SCORE' | 'NO_HIT' | 'NEW_TO_CREDIT' | undefined;
  isValidScore?: boolean | undefined;
}

export type ScoreTile =
  /** A score to show: spec 000 §4 band display and delta. */
  | {
      kind: 'score';
      bureau: Bureau;
      score: number;
      label: BandLabel;
      colour: string;
      delta: ScoreDelta;
      /** Points moved, positive up; 0 for NoChange. */
      change: number;
      dateApplied: string;
    }
  /** A file too young to score (new to credit): never a fake number. */
  | { kind: 'noScore'; bureau: Bureau; state: 'NEW_TO_CREDIT' }
  /**
   * spec 000 §8: no bureau data → "Get Credit Score for FREE". noHit: the bureaus were asked and
   * hold no file for this customer (NO_HIT), so the tile must not invite them to "see their
   * scores" as if never checked; absent when the customer was never checked.
   */
  | { kind: 'getScore'; noHit?: true };

/** One offer of spec 000 §3 "Offer response" (a subProductList item), flattened. */
export interface NudgeOffer {
  offerId: string;
  /** The response key it came under (PL, CC …). */
  product: string;
  productType: string;
  productName: string;
  bannerTitle: string;
  partnerImage: string | undefined;
  /** The lender's name (our offer.lender.name), written beside its mark: a logo is too small to carry it. */
  partnerName: string | undefined;
  productTypeImage: string | undefined;
  /** features.shortDescriptionApp, at most 6 (spec 000 §3). */
  bullets: string[];
  /** statement.statementText split at its "^^" segments. */
  statement: string[];
}

export interface OffersTile {
  /** At most MAX_OFFERS_SHOWN (spec 000 §9). */
  offers: NudgeOffer[];
  /** Every offer the reply held. */
  total: number;
}

export const MAX_OFFER_BULLETS = 6;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const scoreOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** Images are shown as <img src>: web addresses only. */
const imageUrl = (value: unknown): string | undefined => {
  const url = text(value);
  return url && /^https?:\/\//i.test(url) ? url : undefined;
};

/** The bureau records of a getCreditScores reply (spec 000 §7 "reply response list"); bad ones dropped. */
export function parseScoreRecords(response: unknown): NudgeScoreRecord[] {
  if (!Array.isArray(response)) return [];
  return response.flatMap((item): NudgeScoreRecord[] => {
    if (!isRecord(item) || !isBureau(item.creditBureau)) return [];
    const dateApplied = text(item.dateApplied);
    if (!dateApplied) return [];
    const state = item.scoreState;
    return [
      {
        creditBureau: item.creditBureau,
        score: scoreOrNull(item.score),
        previousScore: scoreOrNull(item.previousScore),
        scoreBand: text(item.scoreBand) ?? null,
        dateApplied,
        scoreState: state === 'SCORE' || state === 'NO_HIT' || state === 'NEW_TO_CREDIT' ? state : undefined,
        isValidScore: typeof item.isValidScore === 'boolean' ? item.isValidScore : undefined,
      },
    ];
  });
}

/**
 * The score tile: the active bureau (core's priority rule) with its band display and delta. No
 * records, or no file at any bureau (NO_HIT everywhere), is "no bureau data" → "Get Credit Score
 * for FREE" (spec 000 §8), the NO_HIT case marked so its copy can say the bureaus were checked; a
 * file too young to score shows the new-to-credit state, never a number.
 */
export function scoreTileOf(records: readonly NudgeScoreRecord[] | undefined): ScoreTile {
  const active = activeBureauRecord(records ?? []);
  if (!active) return { kind: 'getScore' };
  if (!isValidScore(active.score, active.isValidScore) || active.score === null) {
    const newToCredit = (records ?? []).find((record) => record.scoreState === 'NEW_TO_CREDIT');
    if (newToCredit) return { kind: 'noScore', bureau: newToCredit.creditBureau, state: 'NEW_TO_CREDIT' };
    return (records ?? []).some((record) => record.scoreState === 'NO_HIT')
      ? { kind: 'getScore', noHit: true }
      : { kind: 'getScore' };
  }
  const { label, colour } = bandDisplay(active.scoreBand);
  return {
    kind: 'score',
    bureau: active.creditBureau,
    score: active.score,
    label,
    colour,
    delta: scoreDelta(active.score, active.previousScore),
    change: scoreChange(active.score, active.previousScore),
    dateApplied: active.dateApplied,
  };
}

function parseOffer(product: string, item: unknown): NudgeOffer | undefined {
  if (!isRecord(item)) return undefined;
  const offerId = text(item.offerId) ?? (typeof item.offerId === 'number' ? String(item.offerId) : undefined);
  const productName = text(item.productName);
  if (!offerId || !productName) return undefined;
  const images = isRecord(item.imageUrl) ? item.imageUrl : {};
  const features = isRecord(item.features) ? item.features : {};
  const statement = isRecord(item.statement) ? text(item.statement.statementText) : undefined;
  const bullets = Array.isArray(features.shortDescriptionApp) ? features.shortDescriptionApp : [];
  return {
    offerId,
    product,
    productType: text(item.productType) ?? product,
    productName,
    bannerTitle: text(item.bannerTitle) ?? '',
    partnerImage: imageUrl(images.partnerImage),
    partnerName: isRecord(item.lender) ? text(item.lender.name) : undefined,
    productTypeImage: imageUrl(images.productTypeImage),
    bullets: bullets.flatMap((bullet) => text(bullet) ?? []).slice(0, MAX_OFFER_BULLETS),
    statement: statement ? statement.split('^^').flatMap((segment) => text(segment) ?? []) : [],
  };
}

/**
 * Every offer of a pre-approved offers reply (spec 000 §3: keyed by product, each with a
 * subProductList), in the reply's order; an offer id seen twice is shown once.
 */
export function parseOffers(response: unknown): NudgeOffer[] {
  if (!isRecord(response)) return [];
  const seen = new Set<string>();
  const offers: NudgeOffer[] = [];
  for (const [product, group] of Object.entries(response)) {
    const items = isRecord(group) && Array.isArray(group.subProductList) ? group.subProductList : [];
    for (const item of items) {
      const offer = parseOffer(product, item);
      if (!offer || seen.has(offer.offerId)) continue;
      seen.add(offer.offerId);
      offers.push(offer);
    }
  }
  return offers;
}

/**
 * The personalisation fetch's answer (core's personalizationResponseSchema: { totalOffers, offers
 * keyed by product, generatedAt }), or a plain offer response keyed by product: the offers and
 * how many there are in all (never fewer than those listed).
 */
export function parsePersonalization(response: unknown): { offers: NudgeOffer[]; total: number } {
  if (isRecord(response) && isRecord(response.offers)) {
    const offers = parseOffers(response.offers);
    const total =
      typeof response.totalOffers === 'number' && Number.isFinite(response.totalOffers) ? response.totalOffers : 0;
    return { offers, total: Math.max(Math.floor(total), offers.length) };
  }
  const offers = parseOffers(response);
  return { offers, total: offers.length };
}

/** spec 000 §5 "Offers with an empty response are not shown"; §9 at most 2 per tile. */
export function offersTileOf(offers: readonly NudgeOffer[] | undefined, total?: number): OffersTile | null {
  if (!offers || offers.length === 0) return null;
  return { offers: offers.slice(0, MAX_OFFERS_SHOWN), total: Math.max(total ?? 0, offers.length) };
}

/** spec 000 §9: the home summary's total-offer count is capped at 3. */
export function homeOfferCount(total: number): number {
  return Math.max(0, Math.min(Math.floor(total), HOME_OFFER_COUNT_CAP));
}

/**
 * The home summary's count as shown (panel summary, tab badge): the capped count, with "+" when
 * there are more ("3+"). Two rules meet on one screen: the offers modal's "You have {n} Exclusive
 * Offers" is the customer's real offer count (spec 000 §2), while the home summary is capped at 3
 * (spec 000 §9). A bare "3" beside a modal saying 6 would contradict it; "3+" keeps the cap and
 * stays true.
 */
/**
 * The offer count as every sentence names it (panel summary, offers tile, modal): the customer's
 * real count, one number for one fact (docs/decisions/0007-nudge-summary-names-the-offer-count.md).
 */
export function offerCountText(total: number): string {
  const count = Math.max(0, Math.floor(total));
  return `${count} pre-approved offer${count === 1 ? '' : 's'}`;
}

export function homeOfferLabel(total: number): string {
  const shown = homeOfferCount(total);
  return Math.floor(total) > HOME_OFFER_COUNT_CAP ? `${shown}+` : String(shown);
}
