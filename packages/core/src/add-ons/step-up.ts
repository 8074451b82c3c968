import type { ScoreBand } from '../credit/score-rules.ts';
import { bandAtLeast } from '../offers/rules.ts';

/**
 * The step-up card (spec 001 §3 account slice stepUpCardDetails, §7 myAccount/getStepUpCardDetails;
 * the spec shows no rule, so this one is ours): a customer who holds a secured card (a card against
 * a fixed deposit, the usual first card of someone new to credit) may move up to an unsecured card
 * once they have held it long enough and their score stands where the unsecured card asks. Six
 * months is the usual first review of a secured card by Indian card issuers.
 */
export const STEP_UP_MONTHS_REQUIRED = 6;

/** Whole calendar months from `fromMs` to `toMs` (a month counts once its day-of-month is reached). */
export function monthsBetween(fromMs: number, toMs: number): number {
  const from = new Date(fromMs);
  const to = new Date(toMs);
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

export const STEP_UP_REASONS = ['READY', 'HOLD_LONGER', 'SCORE_TOO_LOW', 'NO_OFFER'] as const;
export type StepUpReason = (typeof STEP_UP_REASONS)[number];

export interface StepUpDecision {
  readonly eligible: boolean;
  readonly reason: StepUpReason;
  readonly monthsHeld: number;
  readonly monthsRemaining: number;
}

export function stepUpDecision(input: {
  readonly issuedAtMs: number;
  readonly nowMs: number;
  readonly band: ScoreBand | null;
  /** The unsecured card's minimum band; null when there is no unsecured card to offer. */
  readonly offerMinBand: ScoreBand | null;
}): StepUpDecision {
  const monthsHeld = monthsBetween(input.issuedAtMs, input.nowMs);
  const monthsRemaining = Math.max(0, STEP_UP_MONTHS_REQUIRED - monthsHeld);
  const decide = (eligible: boolean, reason: StepUpReason) => ({ eligible, reason, monthsHeld, monthsRemaining });
  if (input.offerMinBand === null) return decide(false, 'NO_OFFER');
  if (monthsRemaining > 0) return decide(false, 'HOLD_LONGER');
  if (input.band === null || !bandAtLeast(input.band, input.offerMinBand)) return decide(false, 'SCORE_TOO_LOW');
  return decide(true, 'READY');
}
