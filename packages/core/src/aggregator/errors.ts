import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Account aggregator entries for the error catalogue. The spec's own texts are already
 * in the dashboard group and are reused, not copied: dataRefreshDisabled ("Data refresh is
 * temporarily disabled…", spec 001 §8), aggregatorPageError ("Some error occured, Please refresh
 * the page": the AA is down or timed out), otpIncorrect / otpIncorrectOnResend (spec 001 §5, the
 * bank's linking OTP), tokenNotValidated. The entries below are ours, for cases the spec names no text for.
 */
export const AGGREGATOR_ERRORS = {
  /** The mobile number is not the signed-in customer's (the AA customer id is `<mobile>@finvu`). */
  aaMobileMismatch: entry('aaMobileMismatch', 403, 'Mobile number mismatch'),
  /** No such consent request, link or account for this customer: one answer, nothing learnt from it. */
  aaNotFound: entry('aaNotFound', 404, 'Account aggregator record not found'),
  /** A journey step out of order (linking after the consent was decided, approving with no linked account…). */
  aaStepNotAllowed: entry('aaStepNotAllowed', 409, 'This step is not available now'),
  /** Data asked of a consent that is not ACTIVE (revoked, paused, expired) or never given. */
  aaConsentNotActive: entry('aaConsentNotActive', 409, 'Your consent is not active'),
  /** A linked account whose first fetch has not delivered its data yet (statement, insights). */
  aaDataNotReady: entry(
    'aaDataNotReady',
    409,
    'We are still fetching this account from your bank. Please try again in a few minutes.',
  ),
  /** An account whose data deActivateUserData deleted (the customer stopped sharing it): gone, not unknown. */
  aaDataDeleted: entry(
    'aaDataDeleted',
    410,
    'This account was unlinked and its data deleted. Link it again to see its statement.',
  ),
  /** FI/transaction with a date range whose start (from) is after its end (to). */
  aaDateRangeInvalid: entry('aaDateRangeInvalid', 400, 'Start date is after end date'),
  /** spec 001 §9 feature switch "statement download from the aggregator", off in this environment. */
  aaStatementDisabled: entry(
    'aaStatementDisabled',
    503,
    'Statement download is temporarily unavailable. Please try again later.',
  ),
} as const satisfies Record<string, CatalogueEntry>;
