import type { Bureau } from '../constants.ts';
import { FACTOR_NAMES, RATING_NAMES, factorText } from '../credit/factor-copy.ts';
import { diffReports, type ReportChangeImpact, type ReportChangeKind } from '../credit/report-diff.ts';
import {
  reportFactors,
  type FactorRating,
  type FactorWeightLevel,
  type ReportFactorId,
} from '../credit/report-factors.ts';
import type { CreditReport, CreditSummary } from '../credit/schemas.ts';
import {
  activeBureauRecord,
  bureauPriority,
  istDay,
  scoreChange,
  type ScoreBand,
  type ScoreStateKind,
} from '../credit/score-rules.ts';
import type { BureauFile } from './eligibility.ts';

/**
 * The Credit Health Report (spec 001 §1 paid add-on "a credit health report"; §4 "Credit health:
 * subscribed when the last payment status is success"): what the customer bought, built from every
 * bureau file they have. One pure function over the stored pulls, so the screen and the PDF read
 * the same analysis: per bureau the factors (credit/report-factors.ts) in plain words
 * (credit/factor-copy.ts) and what changed since the pull before (credit/report-diff.ts, the same
 * diff as the credit alerts), then the next steps across bureaus, the costliest factor first.
 */

/** One bureau's latest file, with the pull before it (null for a first pull). */
export interface HealthReportFile extends BureauFile {
  readonly previous: CreditReport | null;
}

export const HEALTH_REPORT_STATES = ['SCORED', 'NEW_TO_CREDIT', 'NO_HIT'] as const;
export type HealthReportState = (typeof HEALTH_REPORT_STATES)[number];

export interface HealthFactor {
  id: ReportFactorId;
  rating: FactorRating;
  weightLevel: FactorWeightLevel;
  name: string;
  ratingName: string;
  text: string;
}

export interface HealthChange {
  kind: ReportChangeKind;
  impact: ReportChangeImpact;
  title: string;
  explanation: string;
}

export interface HealthBureau {
  creditBureau: Bureau;
  scoreState: ScoreStateKind;
  score: number | null;
  scoreBand: ScoreBand | null;
  /** The report's own date (its lastUpdated, the score card's "Last updated"); null without a file. */
  reportDate: string | null;
  /** The score move since the pull before, when both pulls hold a score. */
  change: { from: number; to: number; delta: number } | null;
  summary: CreditSummary | null;
  factors: HealthFactor[];
  changes: HealthChange[];
}

export interface HealthNextStep {
  title: string;
  detail: string;
  /** The bureaus whose report shows it; empty for advice that holds for every file. */
  bureaus: Bureau[];
}

export interface CreditHealthReportData {
  generatedAt: string;
  state: HealthReportState;
  /** The bureau the report leads with (spec 000 §9 active bureau); null without a score. */
  activeBureau: Bureau | null;
  headline: string;
  bureaus: HealthBureau[];
  nextSteps: HealthNextStep[];
}

/** What a thin file needs to be scored: bureaus score a file after about six months of repayments. */
export const BUILD_A_SCORE_STEPS: readonly HealthNextStep[] = [
  {
    title: 'Start with one credit product',
    detail: 'A credit card against a fixed deposit is easy to get, or take a small consumer loan.',
    bureaus: [],
  },
  {
    title: 'Pay every bill in full and on time',
    detail: 'Payment history weighs most in every score.',
    bureaus: [],
  },
  { title: 'Use little of your limit', detail: 'Keep what you use under 30% of your card limit.', bureaus: [] },
  {
    title: 'Apply for one product at a time',
    detail: 'Every application adds a lender enquiry to your report.',
    bureaus: [],
  },
];

/** A no-hit is often a mismatch: bureaus find a file by name, PAN and date of birth. */
export const NO_FILE_STEPS: readonly HealthNextStep[] = [
  {
    title: 'Check the details the bureaus match on',
    detail:
      'Your name, PAN and date of birth must match your PAN card exactly. Correct them, then ask the bureaus again.',
    bureaus: [],
  },
  ...BUILD_A_SCORE_STEPS.slice(0, 2),
];

/** The action each factor asks for when it is not helping. */
const FACTOR_STEPS: Readonly<Record<ReportFactorId, string>> = {
  PAYMENT_HISTORY: 'Pay every due on time',
  UTILISATION: 'Bring your card use under 30%',
  ACCOUNT_AGE: 'Keep your oldest accounts open',
  ENQUIRIES: 'Pause new credit applications',
  CREDIT_MIX: 'Let your credit mix grow naturally',
};

const KEEP_GOING: HealthNextStep = {
  title: 'Keep doing what you’re doing',
  detail: 'Every factor is helping your score. Pay on time, keep card use low, and check back after your next update.',
  bureaus: [],
};

const ratingOrder: Readonly<Record<FactorRating, number>> = { POOR: 0, FAIR: 1, NONE: 2, GOOD: 3 };

function bureauOf(file: HealthReportFile): HealthBureau {
  const report = file.report;
  const asOf = report ? (istDay(report.lastUpdated) ?? report.lastUpdated.slice(0, 10)) : null;
  const factors =
    report && asOf
      ? reportFactors(report, asOf).map((factor) => ({
          id: factor.id,
          rating: factor.rating,
          weightLevel: factor.weightLevel,
          name: FACTOR_NAMES[factor.id],
          ratingName: RATING_NAMES[factor.rating],
          text: factorText(factor),
        }))
      : [];
  const changes =
    report && file.previous
      ? diffReports(file.previous, report).map(({ kind, impact, title, explanation }) => ({
          kind,
          impact,
          title,
          explanation,
        }))
      : [];
  const before = file.previous?.score ?? null;
  const delta = scoreChange(file.score, before);
  return {
    creditBureau: file.bureau,
    scoreState: file.scoreState,
    score: file.score,
    scoreBand: file.scoreBand,
    reportDate: report ? new Date(report.lastUpdated).toISOString() : null,
    change: file.score !== null && before !== null ? { from: before, to: file.score, delta } : null,
    summary: report?.summary ?? null,
    factors,
    changes,
  };
}

/** Factors not helping, across bureaus: one step per factor, the costliest first. */
function stepsFrom(files: readonly HealthReportFile[]): HealthNextStep[] {
  const worst = new Map<ReportFactorId, { impact: number; rating: FactorRating; text: string; bureaus: Bureau[] }>();
  for (const file of files) {
    if (!file.report || file.scoreState !== 'SCORE') continue;
    const asOf = istDay(file.report.lastUpdated) ?? file.report.lastUpdated.slice(0, 10);
    for (const factor of reportFactors(file.report, asOf)) {
      if (factor.rating !== 'POOR' && factor.rating !== 'FAIR') continue;
      const known = worst.get(factor.id);
      if (!known) {
        worst.set(factor.id, {
          impact: factor.impact,
          rating: factor.rating,
          text: factorText(factor),
          bureaus: [file.bureau],
        });
        continue;
      }
      known.bureaus.push(file.bureau);
      if (factor.impact > known.impact) Object.assign(known, { impact: factor.impact, text: factorText(factor) });
    }
  }
  return [...worst.entries()]
    .sort(([, a], [, b]) => b.impact - a.impact || ratingOrder[a.rating] - ratingOrder[b.rating])
    .map(([id, entry]) => ({ title: FACTOR_STEPS[id], detail: entry.text, bureaus: entry.bureaus }));
}

/** The report of a customer's latest files (at most one per bureau), as of `generatedAt`. */
export function creditHealthReport(files: readonly HealthReportFile[], generatedAt: string): CreditHealthReportData {
  const ordered = [...files].sort((a, b) => bureauPriority(a.bureau) - bureauPriority(b.bureau));
  const bureaus = ordered.map(bureauOf);
  const scored = ordered.filter((file) => file.scoreState === 'SCORE');
  const state: HealthReportState =
    scored.length > 0
      ? 'SCORED'
      : ordered.some((file) => file.scoreState === 'NEW_TO_CREDIT')
        ? 'NEW_TO_CREDIT'
        : 'NO_HIT';
  const active =
    state === 'SCORED'
      ? (activeBureauRecord(scored.map((file) => ({ ...file, creditBureau: file.bureau })))?.creditBureau ?? null)
      : null;

  let headline: string;
  let nextSteps: HealthNextStep[];
  if (state === 'SCORED') {
    const lead = bureaus.find((bureau) => bureau.creditBureau === active)!;
    const helping = lead.factors.filter((factor) => factor.rating === 'GOOD').length;
    const focus = [...lead.factors].find((factor) => factor.rating === 'POOR' || factor.rating === 'FAIR');
    const count = lead.factors.length;
    headline = focus
      ? `${helping} of ${count} ${count === 1 ? 'factor' : 'factors'} ${helping === 1 ? 'is' : 'are'} helping your score. ${focus.name} is where you’ll gain most.`
      : `All ${count} factors are helping your score: your credit is in good health.`;
    const steps = stepsFrom(ordered);
    nextSteps = steps.length > 0 ? steps : [KEEP_GOING];
  } else if (state === 'NEW_TO_CREDIT') {
    headline = 'Your credit file is too new for a score. Here is how to build one.';
    nextSteps = [...BUILD_A_SCORE_STEPS];
  } else {
    headline = 'No bureau has a credit file for you yet.';
    nextSteps = [...NO_FILE_STEPS];
  }
  return { generatedAt, state, activeBureau: active, headline, bureaus, nextSteps };
}
