import { z } from 'zod';
import { BUREAUS, type Environment } from '../constants.ts';
import { CONSENT_CONFIG_CONTRACTS } from '../consent/constants.ts';
import { SITES } from '../sites.ts';
import { ACCOUNT_TYPES } from './account-types.ts';
import { SCORE_BANDS, SCORE_MAX, SCORE_MIN, SCORE_STATES } from './score-rules.ts';

/**
 * Credit payloads of spec 000 §3 ("Bureau score record"), spec 001 §3 ("Bureau report status")
 * and the credit report, with the paths of spec 000 §7 / spec 001 §7. Every answer
 * travels in the spec's envelope; the schemas here describe its `response`.
 *
 * Units: amounts are whole rupees (bureaus report whole rupees); instants are ISO 8601 with an
 * offset; days are YYYY-MM-DD; months YYYY-MM.
 */

export const bureauSchema = z.enum(BUREAUS);
export const scoreBandSchema = z.enum(SCORE_BANDS);
export const scoreStateKindSchema = z.enum(SCORE_STATES);

/** A valid bureau score: a whole number from 300 to 900 (spec 001 §5, §9). */
export const scoreValueSchema = z.number().int().min(SCORE_MIN).max(SCORE_MAX);

const instantSchema = z.iso.datetime({ offset: true });
const daySchema = z.iso.date();
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM');
const rupeesSchema = z.number().int().min(0).max(1e12);
/** A bureau's raw no-score code or grade (CIBIL "-1", "0", "3"; CRIF "14"), kept as text. */
const rawCodeSchema = z.string().max(32);

/**
 * spec 000 §3 "Bureau score record": creditBureau, score, previousScore, scoreBand, dateApplied,
 * nextRefreshDate. Beyond the spec, so that "no score" is its own state and never a fake number
 *: score is null unless scoreState is SCORE, rawScore keeps the bureau's own code,
 * riskIndex its new-to-credit grade, and isValidScore is spec 001 §5's explicit flag.
 */
export const bureauScoreRecordSchema = z.object({
  creditBureau: bureauSchema,
  score: scoreValueSchema.nullable(),
  /** The score of the pull before this one; null for a first score or a no-score pull. */
  previousScore: scoreValueSchema.nullable(),
  /** null exactly when there is no score (the tile then shows the no-score state, not FAIR). */
  scoreBand: scoreBandSchema.nullable(),
  /** When the bureau last (re)scored the customer. */
  dateApplied: instantSchema,
  /** The earliest the report may be pulled again. */
  nextRefreshDate: instantSchema,
  scoreState: scoreStateKindSchema,
  rawScore: rawCodeSchema.nullable(),
  riskIndex: z.number().int().min(1).max(9).nullable(),
  isValidScore: z.boolean(),
});
export type BureauScoreRecord = z.infer<typeof bureauScoreRecordSchema>;

/** myAccount/getCreditScores (spec 000 §7 "reply response list"): one record per bureau, display order. */
export const creditScoresResponseSchema = z.array(bureauScoreRecordSchema).max(BUREAUS.length);
export type CreditScoresResponse = z.infer<typeof creditScoresResponseSchema>;

/** One month of a bureau's score history (12+ months). Months without a score are left out. */
export const scoreHistoryPointSchema = z.object({ month: monthSchema, score: scoreValueSchema });
export type ScoreHistoryPoint = z.infer<typeof scoreHistoryPointSchema>;

/** BSP bureauApplication/getBureauScore: one bureau's record and its history, oldest month first. */
export const bureauScoreResponseSchema = bureauScoreRecordSchema.extend({
  scoreHistory: z.array(scoreHistoryPointSchema).max(120),
});
export type BureauScoreResponse = z.infer<typeof bureauScoreResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Report status (spec 001 §3)

/**
 * spec 001 §3/§4 names REPORT_RECEIVED ("counts as received"); the rest are ours: not asked yet,
 * asked and not back, no file at the bureau, and the bureau failing. A new-to-credit file is
 * REPORT_RECEIVED with scoreState NEW_TO_CREDIT: the bureau did send a report, just no score.
 */
export const REPORT_STATUSES = [
  'REPORT_RECEIVED',
  'REPORT_PENDING',
  'NO_HIT',
  'REPORT_FAILED',
  'NOT_REQUESTED',
] as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const bureauStatusEntrySchema = z.object({
  creditBureauType: bureauSchema,
  status: reportStatusSchema,
  /** spec 001 §3/§5 "An isValidScore flag also exists": whether current.score is a score to show. */
  isValidScore: z.boolean(),
  response: z.object({
    creditReportInformation: z.object({
      score: z.object({
        current: z.object({
          score: scoreValueSchema.nullable(),
          lastUpdated: instantSchema.nullable(),
          scoreState: scoreStateKindSchema.nullable(),
          rawScore: rawCodeSchema.nullable(),
        }),
      }),
    }),
  }),
});
export type BureauStatusEntry = z.infer<typeof bureauStatusEntrySchema>;

/** BSP bureauApplication/reportStatus; isValidScore here: some bureau holds a valid score. */
export const reportStatusResponseSchema = z.object({
  bureauList: z.array(bureauStatusEntrySchema).max(BUREAUS.length),
  isValidScore: z.boolean(),
});
export type ReportStatusResponse = z.infer<typeof reportStatusResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Credit report (fields from the reference "Credit scores" section)

export { ACCOUNT_TYPE_NAMES, ACCOUNT_TYPES } from './account-types.ts';
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const ACCOUNT_OWNERSHIPS = ['INDIVIDUAL', 'JOINT', 'GUARANTOR', 'AUTHORISED_USER'] as const;

/** Months of days-past-due history a report carries per account (the bureaus' 36-month grid). */
export const DPD_MONTHS = 36;

/** One month of the DPD grid: days past due, or null when the lender did not report that month. */
export const dpdMonthSchema = z.object({ month: monthSchema, dpd: z.number().int().min(0).max(999).nullable() });
export type DpdMonth = z.infer<typeof dpdMonthSchema>;

export const creditAccountSchema = z.object({
  /** The lender's account number masked to its last 4 (spec 001 §5 "Masking"). */
  accountNumber: z
    .string()
    .regex(/^X*[A-Za-z0-9]{0,4}$/, 'must be masked to its last 4 characters')
    .max(32),
  type: accountTypeSchema,
  lender: z.string().min(1).max(120),
  ownership: z.enum(ACCOUNT_OWNERSHIPS),
  openedDate: daySchema,
  closedDate: daySchema.nullable(),
  /** Sanctioned amount of a loan; the credit limit of a card or overdraft. */
  sanctionedAmount: rupeesSchema,
  /** Outstanding balance today. */
  balance: rupeesSchema,
  overdue: rupeesSchema,
  writtenOff: z.boolean(),
  settled: z.boolean(),
  /** Newest month first, at most 36; months before the account opened are left out. */
  dpdHistory: z.array(dpdMonthSchema).max(DPD_MONTHS),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

export const creditEnquirySchema = z.object({
  date: daySchema,
  lender: z.string().min(1).max(120),
  /** What the enquiry was for. */
  purpose: accountTypeSchema,
  amount: rupeesSchema.nullable(),
});
export type CreditEnquiry = z.infer<typeof creditEnquirySchema>;

export const creditSummarySchema = z.object({
  totalAccounts: z.number().int().min(0),
  activeAccounts: z.number().int().min(0),
  totalSanctioned: rupeesSchema,
  totalBalance: rupeesSchema,
  totalOverdue: rupeesSchema,
  /**
   * Card and overdraft balances over their limits, in whole percent (may pass 100 when over
   * limit); null without a revolving account.
   */
  creditUtilisation: z.number().int().min(0).max(10_000).nullable(),
  /** Age of the oldest account, open or closed, in whole months; null without accounts. */
  oldestAccountAgeMonths: z.number().int().min(0).nullable(),
  enquiriesLast6Months: z.number().int().min(0),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

/**
 * A pulled report. Personal, contact and employment details of the bureau's report are left out
 * on purpose: the dashboard needs none of them, and what is not stored cannot leak.
 */
export const creditReportSchema = z.object({
  /** Ours; stable per pull, so a stored version can be named. */
  reportId: z.string().min(1).max(64),
  creditBureau: bureauSchema,
  /** When the bureau last (re)scored; becomes the score record's dateApplied. */
  lastUpdated: instantSchema,
  pulledAt: instantSchema,
  scoreState: scoreStateKindSchema,
  score: scoreValueSchema.nullable(),
  rawScore: rawCodeSchema.nullable(),
  riskIndex: z.number().int().min(1).max(9).nullable(),
  summary: creditSummarySchema,
  accounts: z.array(creditAccountSchema).max(200),
  enquiries: z.array(creditEnquirySchema).max(200),
});
export type CreditReport = z.infer<typeof creditReportSchema>;

/** The score meter (a gauge of the active bureau's bands): path and shape are ours (spec 000 §7 "not shown"). */
export const scoreMeterResponseSchema = z.object({
  creditBureau: bureauSchema,
  score: scoreValueSchema.nullable(),
  scoreBand: scoreBandSchema.nullable(),
  scoreState: scoreStateKindSchema,
  bands: z
    .array(z.object({ band: scoreBandSchema, min: scoreValueSchema, max: scoreValueSchema }))
    .length(SCORE_BANDS.length),
});
export type ScoreMeterResponse = z.infer<typeof scoreMeterResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Paths and requests

/** Query of every credit GET: which bureau; without it, the active bureau (score-rules.activeBureauRecord). */
export const creditBureauQuerySchema = z.object({ creditBureau: bureauSchema.optional() });
export type CreditBureauQuery = z.infer<typeof creditBureauQuerySchema>;

/** Body of pullReport: which bureaus (default all four); the consent is looked up, never sent. */
export const pullReportBodySchema = z.object({
  creditBureaus: z.array(bureauSchema).min(1).max(BUREAUS.length).optional(),
});
export type PullReportBody = z.infer<typeof pullReportBodySchema>;

/**
 * spec 000 §7 / spec 001 §9: myAccount/getCreditReport exists in "test and staging only". Of the
 * six environments (spec 000 §9) fte, the functional test environment, is the test one; every
 * other environment answers that path as an unknown route (404 notFound).
 */
/**
 * The sign-in scopes (spec 000 §3 "Scopes: bureau, my account, …") that let an access token read
 * or pull the customer's credit data: `bureau`, the credit report site's own scope, and
 * `myaccount`, since My Account shows the customer's scores and report (spec 001 §3, §5). A token
 * granted only other scopes (personalised offers, credit card, insurance …) is refused.
 */
export const CREDIT_SCOPES: readonly string[] = ['bureau', 'myaccount'];

export const CREDIT_REPORT_ENVIRONMENTS: readonly Environment[] = ['fte', 'staging'];

/**
 * The consent a bureau pull relies on ("pulled on the customer's consent"): the
 * customer's own latest answer in the consent ledger (subject c:<customerId>, spec 000 §4
 * "Consent") to one of these contracts must be an acceptance (userValue Y, not withdrawn). The
 * credit report site's contract and the marketplace-wide main contract both carry the Credit
 * Report Terms; a visitor's anonymous acceptance does not count, a pull speaks for a customer.
 */
export const CREDIT_CONSENT_CONTRACTS: readonly string[] = [
  ...SITES.filter((site) => site.key === 'CREDIT_REPORT').map((site) => site.consentId),
  CONSENT_CONFIG_CONTRACTS.main,
];
