import { BUREAUS } from '../constants.ts';
import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Credit entries for the error catalogue, to be spread into ERRORS and listed in
 * ERROR_GROUPS (../errors.ts) like every capability's `<capability>/errors.ts`.
 *
 * spec 000 §8 names one text for a failing bureau: "Offers or bureau fetch failure: error modal
 * ("Unable to fetch details")", so a bureau that fails or times out answers with that exact text.
 * The other texts are ours: the spec names no other server-side credit error. "No score" is not an
 * error: it is a state of the score record (score-rules.ts normaliseScore).
 */

export const CREDIT_ERRORS = {
  /** The bureau answered with an error (spec 000 §8 text). */
  bureauUnavailable: entry('bureauUnavailable', 502, 'Unable to fetch details'),
  /** The bureau did not answer in time (spec 000 §8 text). */
  bureauTimeout: entry('bureauTimeout', 504, 'Unable to fetch details'),
  /** A pull without the customer's recorded consent to fetch the report. */
  bureauConsentRequired: entry('bureauConsentRequired', 403, 'Please give your consent to fetch your credit report'),
  /** A pull before nextRefreshDate; `date` is the day it becomes possible. */
  bureauRefreshTooEarly: entry(
    'bureauRefreshTooEarly',
    429,
    ({ date }) => `Your credit report can be refreshed on or after ${date}`,
  ),
  /**
   * An access token without a scope that covers credit data (CREDIT_SCOPES): RFC 6750 §3.1
   * insufficient_scope, 403. The spec names no text for it.
   */
  creditScopeMissing: entry('creditScopeMissing', 403, 'This sign-in does not allow access to credit reports'),
  /** No report stored for the customer at that bureau (not pulled yet, or no file there). */
  creditReportNotFound: entry('creditReportNotFound', 404, 'No credit report found'),
  /** A creditBureau outside the four; mirrors the spec's "{product} - is not allowed product." wording. */
  invalidCreditBureau: entry(
    'invalidCreditBureau',
    400,
    ({ bureau }) => `${bureau} - is not a valid credit bureau. Valid values are - ${BUREAUS.join(', ')}`,
  ),
} as const satisfies Record<string, CatalogueEntry>;

export type CreditErrorKey = keyof typeof CREDIT_ERRORS;

/**
 * Screen copy around credit failures and the no-score state (spec 000 §2, §8; spec 001 §8). Not
 * catalogue errors (the catalogue test lists them as screen copy), but one place for widgets and
 * dashboard to take the exact words from.
 */
export const CREDIT_COPY = {
  errorModalTitle: 'Unable to fetch details',
  errorModalBody: 'Please try again after sometime.',
  errorModalLink: 'Go to Dashboard',
  /** spec 000 §8: logged in without bureau data. */
  noBureauDataTile: 'Get Credit Score for FREE',
  /** spec 001 §8 "No score screen" and its three reasons. */
  noScoreTitle: "We couldn't find your Credit Score!",
  noScoreReasons: [
    'No credit history found',
    'Short credit history',
    'Inactive accounts (no activity in the last 3 years)',
  ],
} as const;

/** Analytics action logged when the error modal closes (spec 000 §2, §8). */
export const ERROR_DISPLAY_CLOSE_EVENT = 'error_display_close';
