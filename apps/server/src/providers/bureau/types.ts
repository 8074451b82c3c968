import type { Bureau, CreditReport, ReportStatus, ScoreHistoryPoint, ScoreState } from '@pravesh/core';

/**
 * A credit bureau: CIBIL, EXPERIAN, HIGHMARK (CRIF High Mark) or EQUIFAX. The
 * simulator and any real adapter implement this one interface; nothing outside the provider knows
 * which it is. Every call carries the customer's consent: Indian bureaus may be asked for a
 * consumer's report only on that consumer's consent, so a call without one is refused here too.
 */

/** The recorded consent a pull relies on (the consent ledger's entry), handed to the bureau as evidence. */
export interface BureauConsentReference {
  /** Our id of the recorded consent; opaque to the bureau. */
  readonly reference: string;
  /** When the customer gave it (epoch ms). */
  readonly givenAt: number;
}

export interface BureauRequest {
  readonly bureau: Bureau;
  /** Our customer id (a GUID); a real adapter maps it to the identity the bureau matches on. */
  readonly customerId: string;
  readonly consent: BureauConsentReference;
}

/** A bureau's score answer: a score or a no-score state, with its raw code, never a fake number. */
export interface BureauScore {
  readonly bureau: Bureau;
  readonly state: ScoreState;
  /** When the bureau last (re)scored the file (epoch ms); null for NO_HIT. */
  readonly lastUpdated: number | null;
  /** Monthly scores, oldest first; empty without a score. */
  readonly history: readonly ScoreHistoryPoint[];
}

export interface BureauReportPull {
  readonly bureau: Bureau;
  readonly state: ScoreState;
  /** null when the bureau holds no file (NO_HIT): nothing to store but the state. */
  readonly report: CreditReport | null;
  readonly history: readonly ScoreHistoryPoint[];
  /** The bureau's own id of this answer, for disputes and audit. */
  readonly providerReference: string;
}

export interface BureauReportStatus {
  readonly bureau: Bureau;
  readonly status: ReportStatus;
  readonly state: ScoreState | null;
  readonly lastUpdated: number | null;
}

export interface BureauProvider {
  /** Stored with every pull, so a stored report always names who answered it. */
  readonly name: string;
  pullReport(request: BureauRequest): Promise<BureauReportPull>;
  getScore(request: BureauRequest): Promise<BureauScore>;
  reportStatus(request: BureauRequest): Promise<BureauReportStatus>;
}

/** Why a bureau call failed; the service maps each to a catalogue entry (core/credit/errors.ts). */
export type BureauErrorKind = 'unavailable' | 'timeout' | 'consentMissing';

export class BureauError extends Error {
  override name = 'BureauError';
  readonly kind: BureauErrorKind;
  readonly bureau: Bureau;

  constructor(kind: BureauErrorKind, bureau: Bureau, message = `${bureau}: ${kind}`) {
    super(message);
    this.kind = kind;
    this.bureau = bureau;
  }
}

/**
 * What a simulated bureau does instead of answering (a slow or failing bureau):
 * answer an error, or hang for the timeout and then fail as a timed-out call.
 */
export const BUREAU_FAILURE_MODES = ['none', 'unavailable', 'timeout'] as const;
export type BureauFailureMode = (typeof BUREAU_FAILURE_MODES)[number];

/**
 * The simulator's kinds of customer: a file at all four bureaus, at CIBIL and EXPERIAN only, a
 * new-to-credit file (CIBIL/EXPERIAN grade it, HIGHMARK/EQUIFAX find nothing), or no file anywhere.
 */
export const SIMULATED_PROFILES = ['SCORED', 'PARTIAL', 'NEW_TO_CREDIT', 'NO_HIT'] as const;
export type SimulatedProfile = (typeof SIMULATED_PROFILES)[number];

/**
 * A simulated customer fixed by something other than the customer id (a demo
 * customer's file must be the same whatever id sign-up gave them): every random draw is seeded by
 * `key` instead of the id, `base` fixes the creditworthiness, `scoreLift` makes the latest month's
 * score that many points above the month before, and `recentCard` adds a credit card opened 10
 * days before the pull with its enquiry 12 days before (so two pulls a month apart differ).
 */
export interface SimulatedSubject {
  readonly profile: SimulatedProfile;
  readonly key: string;
  readonly base?: number;
  readonly scoreLift?: number;
  readonly recentCard?: { readonly lender: string; readonly limit: number };
  /**
   * The day of the month (1–28) every bureau rescores this subject; without it each bureau picks
   * its own. One day for all makes the same-day priority (spec 000 §9) pick the active bureau.
   */
  readonly rescoreDay?: number;
}

/**
 * `simulator`: the deterministic demo bureaus. `none`: no bureau is contracted, so every bureau call
 * fails as unavailable ("Unable to fetch details") and nothing made up is ever shown; the only kind
 * production accepts until a real adapter is added beside them (config/bureau.ts).
 */
export const BUREAU_PROVIDER_KINDS = ['simulator', 'none'] as const;
export type BureauProviderKind = (typeof BUREAU_PROVIDER_KINDS)[number];

export interface BureauProviderConfig {
  readonly kind: BureauProviderKind;
  /** Added before each answer, in ms. */
  readonly latencyMs: number;
  /** Applied to every bureau. */
  readonly failure: BureauFailureMode;
  /** How long a 'timeout' bureau hangs before failing, in ms. */
  readonly timeoutMs: number;
  /** Fixed profiles for named customer ids (demo customers); every other id gets one from its hash. */
  readonly profiles: Readonly<Record<string, SimulatedProfile>>;
  /**
   * How long the credit service waits for any bureau's answer before it counts as timed out (ms),
   * whatever the provider does: a real adapter that hangs must not hold a customer's request.
   */
  readonly deadlineMs: number;
}
