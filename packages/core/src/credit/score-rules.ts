import { BUREAUS, type Bureau } from '../constants.ts';

/**
 * The score rules of spec 000 §4/§9 and spec 001 §5/§9, in one pure module that the server, the
 * nudge widget and the dashboard all import. Zod-free and DOM/Node-free, so the
 * widget bundle carries it without the schema library.
 */

/** spec 001 §5/§9: every Indian bureau scores 300–900 (Equifax India too; 0–999 is Experian UK). */
export const SCORE_MIN = 300;
export const SCORE_MAX = 900;

export function isBureau(value: unknown): value is Bureau {
  return typeof value === 'string' && (BUREAUS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Validity and buckets (spec 001 §5)

/**
 * spec 001 §5 "Score validity": an explicit isValidScore wins; otherwise the score must be from
 * 300 to 900 inclusive. Bureau scores are whole numbers, so 750.5 (or NaN) is not a score.
 */
export function isValidScore(score: number | null | undefined, explicit?: boolean | null): boolean {
  if (typeof explicit === 'boolean') return explicit;
  return typeof score === 'number' && Number.isInteger(score) && score >= SCORE_MIN && score <= SCORE_MAX;
}

/** spec 001 §5 "Score bucket" values. */
export type ScoreBucket = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * spec 001 §5 table: under 300 → 1, 300–399 → 2, … 800–899 → 7, 900 → 0. The table stops at 900,
 * so anything above it (and NaN) has no bucket rather than a guessed one.
 */
export function scoreBucket(score: number): ScoreBucket | null {
  if (!Number.isFinite(score) || score > SCORE_MAX) return null;
  if (score === SCORE_MAX) return 0;
  if (score < SCORE_MIN) return 1;
  return (Math.floor(score / 100) - 1) as ScoreBucket;
}

// ---------------------------------------------------------------------------------------------
// Bands (spec 001 §5 per-bureau table; spec 000 §4 band names, display and colours)

/** spec 000 §4: the six band names a bureau record's scoreBand carries. */
export const SCORE_BANDS = ['EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIR', 'LOW', 'VERY_LOW'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];

/**
 * Lowest score of each band, per bureau (inclusive; a band runs up to the next band's floor − 1,
 * EXCELLENT up to 900). Bands are each consumer product's choice, not the bureau's, so they live
 * in this one table (reference "india-credit-and-invoices.md": published bands conflict).
 *
 * From spec 001 §5 "Bureau score bands": Excellent → EXCELLENT, Very Good → VERY_GOOD,
 * Good → GOOD, Average → FAIR, Needs Help → LOW + VERY_LOW. Decisions where the table is silent
 * or inconsistent:
 *
 * - EQUIFAX "Needs Help: 301 to 25 (stated upper bound inconsistent)": read as 301–525. Average
 *   starts at 526, so the only upper bound that leaves neither a gap nor an overlap is 525; "25"
 *   is its last two digits with the leading 5 lost. Every other row is contiguous the same way.
 * - HIGHMARK and EQUIFAX start Needs Help at 301 while validity (spec 001 §5, §9) accepts 300: a
 *   valid score must never lack a band, so the lowest band starts at 300 for every bureau.
 * - spec 000 §4 names six bands but the table has five columns: Needs Help is split at 500 into
 *   LOW (500 up to the bureau's Average floor − 1) and VERY_LOW (300–499). 500 is the boundary of
 *   the spec's own bucket table (buckets 1–3 end at 499), the same for every bureau, and below
 *   the Average floor of each one (lowest is EQUIFAX's 526), so every bureau keeps all six bands.
 */
export const BAND_FLOORS: Readonly<Record<Bureau, Readonly<Record<ScoreBand, number>>>> = {
  CIBIL: { EXCELLENT: 801, VERY_GOOD: 761, GOOD: 701, FAIR: 601, LOW: 500, VERY_LOW: 300 },
  EXPERIAN: { EXCELLENT: 826, VERY_GOOD: 776, GOOD: 701, FAIR: 601, LOW: 500, VERY_LOW: 300 },
  HIGHMARK: { EXCELLENT: 751, VERY_GOOD: 676, GOOD: 601, FAIR: 586, LOW: 500, VERY_LOW: 300 },
  EQUIFAX: { EXCELLENT: 751, VERY_GOOD: 701, GOOD: 601, FAIR: 526, LOW: 500, VERY_LOW: 300 },
};

export interface BandRange {
  readonly band: ScoreBand;
  readonly min: number;
  readonly max: number;
}

/** The bureau's bands as inclusive ranges, best first (for score meters and band explanations). */
export function bandRanges(bureau: Bureau): BandRange[] {
  const floors = BAND_FLOORS[bureau];
  return SCORE_BANDS.map((band, index) => {
    const better = SCORE_BANDS[index - 1];
    return { band, min: floors[band], max: better === undefined ? SCORE_MAX : floors[better] - 1 };
  });
}

/** The band of a score at a bureau; null when the score is not a valid score (no fake band). */
export function scoreBand(bureau: Bureau, score: number | null | undefined): ScoreBand | null {
  if (!isValidScore(score) || typeof score !== 'number') return null;
  const floors = BAND_FLOORS[bureau];
  return SCORE_BANDS.find((band) => score >= floors[band]) ?? null;
}

/** spec 000 §4 display names. */
export type BandLabel = 'Excellent' | 'Good' | 'Fair' | 'Low';

/**
 * spec 000 §9 bureau colours #08a42a, #79e056, #fd4501, #e5121b, one per display name, best to
 * worst: Excellent green, Good light green, Fair orange, Low red (spec 000 §4 "VERY_LOW as Low
 * (red)"; LOW shares its label, so it shares its colour too).
 */
export const BAND_COLOURS: Readonly<Record<BandLabel, string>> = {
  Excellent: '#08a42a',
  Good: '#79e056',
  Fair: '#fd4501',
  Low: '#e5121b',
};

const BAND_LABELS: Readonly<Record<ScoreBand, BandLabel>> = {
  EXCELLENT: 'Excellent',
  VERY_GOOD: 'Good',
  GOOD: 'Good',
  FAIR: 'Fair',
  LOW: 'Low',
  VERY_LOW: 'Low',
};

export interface BandDisplay {
  /** The band shown: an empty or unknown scoreBand shows as FAIR (spec 000 §4). */
  readonly band: ScoreBand;
  readonly label: BandLabel;
  readonly colour: string;
}

/**
 * spec 000 §4: EXCELLENT → Excellent (green); VERY_GOOD and GOOD → Good; FAIR → Fair; LOW → Low;
 * VERY_LOW → Low (red); empty defaults to FAIR. Takes any string: the record may come from storage.
 * A record without a score (scoreState NO_HIT / NEW_TO_CREDIT) shows its no-score state instead:
 * ask for a band display only for a valid score, or FAIR would stand in for "no score".
 */
export function bandDisplay(scoreBandValue: string | null | undefined): BandDisplay {
  const band: ScoreBand = (SCORE_BANDS as readonly string[]).includes(scoreBandValue ?? '')
    ? (scoreBandValue as ScoreBand)
    : 'FAIR';
  const label = BAND_LABELS[band];
  return { band, label, colour: BAND_COLOURS[label] };
}

// ---------------------------------------------------------------------------------------------
// Delta (spec 000 §4)

export const SCORE_DELTAS = ['up', 'down', 'NoChange'] as const;
export type ScoreDelta = (typeof SCORE_DELTAS)[number];

/**
 * spec 000 §4 "delta up, down or NoChange". Only two valid scores can move: a first score, or
 * one beside a no-score state, is NoChange (never a difference from a made-up number).
 */
export function scoreDelta(score: number | null | undefined, previousScore: number | null | undefined): ScoreDelta {
  if (!isValidScore(score) || !isValidScore(previousScore)) return 'NoChange';
  if ((score as number) > (previousScore as number)) return 'up';
  if ((score as number) < (previousScore as number)) return 'down';
  return 'NoChange';
}

/** Points moved, positive up; 0 whenever scoreDelta is NoChange. */
export function scoreChange(score: number | null | undefined, previousScore: number | null | undefined): number {
  return scoreDelta(score, previousScore) === 'NoChange' ? 0 : (score as number) - (previousScore as number);
}

// ---------------------------------------------------------------------------------------------
// "No score" states (reference india-credit-and-invoices.md "Credit scores")

/** A bureau's answer normalised: a score, or one of the two no-score states. Never a fake number. */
export const SCORE_STATES = ['SCORE', 'NO_HIT', 'NEW_TO_CREDIT'] as const;
export type ScoreStateKind = (typeof SCORE_STATES)[number];

export type ScoreState =
  | { readonly kind: 'SCORE'; readonly score: number }
  /** No file at the bureau, or a file it will not score. rawCode is the bureau's own value. */
  | { readonly kind: 'NO_HIT'; readonly rawCode: string | null }
  /**
   * A file too young or too thin to score. riskIndex is the bureau's new-to-credit grade when it
   * gives one (CIBIL 1–5, Experian India 1–6).
   */
  | { readonly kind: 'NEW_TO_CREDIT'; readonly rawCode: string | null; readonly riskIndex: number | null };

/** CIBIL's new-to-credit risk index runs 1–5; Experian India's grade 1–6. */
const NTC_INDEX_MAX: Partial<Record<Bureau, number>> = { CIBIL: 5, EXPERIAN: 6 };
/** CRIF High Mark's exclusion codes (a file it declines to score); they normalise to NO_HIT. */
export const HIGHMARK_EXCLUSION_CODES = { min: 11, max: 18 } as const;

/**
 * Normalises a bureau's raw score value. Kept beside the raw code so nothing is lost:
 * - 300–900 (whole) → SCORE.
 * - CIBIL -1 → NO_HIT and 0 → NEW_TO_CREDIT. Sources disagree which of the two is "no history"
 *   and which "not enough history"; we read -1 as no file (NO_HIT) and 0 as a file too thin to
 *   score (NEW_TO_CREDIT). Either way both show the no-score screen and the raw code is kept.
 * - CIBIL 1–5 and EXPERIAN 1–6 → NEW_TO_CREDIT with that risk index/grade.
 * - HIGHMARK exclusion codes 11–18 → NO_HIT (excluded from scoring).
 * - anything else (missing, negative, out of range, text) → NO_HIT with the raw value kept.
 */
export function normaliseScore(bureau: Bureau, raw: number | string | null | undefined): ScoreState {
  const rawCode = raw === null || raw === undefined || raw === '' ? null : String(raw).slice(0, 32);
  const value = typeof raw === 'number' ? raw : rawCode !== null && /^-?\d+$/.test(rawCode) ? Number(rawCode) : NaN;
  if (isValidScore(value)) return { kind: 'SCORE', score: value };
  if (bureau === 'CIBIL' && value === 0) return { kind: 'NEW_TO_CREDIT', rawCode, riskIndex: null };
  const ntcMax = NTC_INDEX_MAX[bureau];
  if (ntcMax !== undefined && Number.isInteger(value) && value >= 1 && value <= ntcMax) {
    return { kind: 'NEW_TO_CREDIT', rawCode, riskIndex: value };
  }
  // HIGHMARK exclusion codes and every other non-score value: no score, raw code kept.
  return { kind: 'NO_HIT', rawCode };
}

// ---------------------------------------------------------------------------------------------
// Same-day priority (spec 000 §9)

/** spec 000 §9: CIBIL, EXPERIAN, HIGHMARK, EQUIFAX — BUREAUS is kept in that order. */
export function bureauPriority(bureau: Bureau): number {
  return BUREAUS.indexOf(bureau);
}

/** India Standard Time (UTC+05:30, no daylight saving): a "day" is a calendar day in India. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * The Indian calendar day (YYYY-MM-DD) of a dateApplied: a plain date is its own day; a date-time
 * (ISO 8601 or epoch ms) is moved to IST first. null when it cannot be read.
 */
export function istDay(value: string | number | null | undefined): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return Number.isNaN(Date.parse(value)) ? null : value;
  }
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) return null;
  const shifted = new Date(ms + IST_OFFSET_MS);
  return Number.isNaN(shifted.getTime()) ? null : shifted.toISOString().slice(0, 10);
}

function instant(value: string | number | null | undefined): number {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : -Infinity;
}

export interface PrioritisedRecord {
  readonly creditBureau: Bureau;
  readonly dateApplied: string | number | null | undefined;
}

/**
 * spec 000 §9 "latest dateApplied first; same-day scores by priority CIBIL, EXPERIAN, HIGHMARK,
 * EQUIFAX": the later day first; on the same (Indian) day the higher-priority bureau first,
 * whatever the hour; then the later instant. Unreadable dates go last.
 */
export function compareBureauRecords(a: PrioritisedRecord, b: PrioritisedRecord): number {
  return compareSortKeys(sortKeyOf(a), sortKeyOf(b));
}

interface SortKey {
  day: string;
  priority: number;
  instant: number;
}

function sortKeyOf(record: PrioritisedRecord): SortKey {
  return {
    day: istDay(record.dateApplied) ?? '',
    priority: bureauPriority(record.creditBureau),
    instant: instant(record.dateApplied),
  };
}

function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.day !== b.day) return a.day < b.day ? 1 : -1;
  const byBureau = a.priority - b.priority;
  if (byBureau !== 0) return byBureau;
  return b.instant - a.instant || 0;
}

/**
 * A new list in display order; the input is left untouched. Each record's day is worked out once,
 * not on every comparison (the score tile sorts on every getCreditScores).
 */
export function sortBureauRecords<T extends PrioritisedRecord>(records: readonly T[]): T[] {
  return records
    .map((record) => ({ record, key: sortKeyOf(record) }))
    .sort((a, b) => compareSortKeys(a.key, b.key))
    .map(({ record }) => record);
}

/**
 * The record the score tile shows (the "active bureau"): the first in priority order that holds a
 * valid score (explicit isValidScore wins); when none does, the first record (a no-score tile);
 * null when there are none ("Get Credit Score for FREE").
 */
export function activeBureauRecord<
  T extends PrioritisedRecord & { score?: number | null; isValidScore?: boolean | null },
>(records: readonly T[]): T | null {
  const ordered = sortBureauRecords(records);
  return ordered.find((record) => isValidScore(record.score, record.isValidScore)) ?? ordered[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Refresh

/**
 * Days between two pulls at one bureau: lenders report fortnightly (since 1 Jan 2025) and bureaus
 * rescore monthly, so a monthly refresh shows every change without paying for empty pulls.
 */
export const REFRESH_INTERVAL_DAYS = 30;

/** nextRefreshDate (spec 000 §3) of a pull made at `pulledAtMs`, as an ISO 8601 instant. */
export function nextRefreshDate(pulledAtMs: number, intervalDays = REFRESH_INTERVAL_DAYS): string {
  return new Date(pulledAtMs + intervalDays * 86_400_000).toISOString();
}

/**
 * A report may be pulled again from the start (India time) of nextRefreshDate's day: the day a
 * refusal names ("Your credit report can be refreshed on or after {date}", errors.ts). Counted from
 * the exact instant, a pull at 20:00 was refused again until 20:00 of the day the customer was told.
 */
export function canRefresh(nextRefresh: string | null | undefined, nowMs: number): boolean {
  if (nextRefresh === null || nextRefresh === undefined) return true;
  const at = Date.parse(nextRefresh);
  if (!Number.isFinite(at)) return true;
  const day = istDay(at);
  return day === null || nowMs >= Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
}
