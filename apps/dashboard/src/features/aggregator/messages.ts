import { AGGREGATOR_ERRORS } from '@pravesh/core/aggregator/errors.ts';
import { DASHBOARD_ERRORS } from '@pravesh/core/errors/dashboard.ts';
import { codeOf } from './api.ts';

/**
 * What a customer reads when an aggregator call fails: the spec's own texts where it words one
 * (spec 001 §5 OTP messages, §8 "Data refresh is temporarily disabled…", "Some error occured,
 * Please refresh the page", the generic message), ours for the codes it does not.
 */
const text = (message: unknown) => String(message);

export const AA_MESSAGES = {
  generic: text(DASHBOARD_ERRORS.genericUserMessage.message),
  pageError: text(DASHBOARD_ERRORS.aggregatorPageError.message),
  refreshDisabled: text(DASHBOARD_ERRORS.dataRefreshDisabled.message),
  otpIncorrect: text(DASHBOARD_ERRORS.otpIncorrect.message),
  otpIncorrectOnResend: text(DASHBOARD_ERRORS.otpIncorrectOnResend.message),
  otpOtherFailure: text(DASHBOARD_ERRORS.otpOtherFailure.message),
  /** spec 001 §8 failed verification screen. */
  verificationFailedTitle: 'Verification Incomplete',
  verificationFailedText: 'We couldn’t verify your account',
  verifiedTitle: 'Verification Complete',
} as const;

const BY_CODE: Record<string, string> = {
  otpIncorrect: AA_MESSAGES.otpIncorrect,
  otpIncorrectOnResend: AA_MESSAGES.otpIncorrectOnResend,
  otpFailure: AA_MESSAGES.otpOtherFailure,
  dataRefreshDisabled: AA_MESSAGES.refreshDisabled,
  aggregatorPageError: AA_MESSAGES.pageError,
  aaMobileMismatch:
    'Bank accounts can be linked only for the mobile number you signed in with. Please sign in with the number your bank has.',
  aaConsentNotActive: 'Your consent to share bank data isn’t active any more. Link your accounts again to continue.',
  aaStepNotAllowed: 'This step has expired. Please start again.',
  // The server's own words, written for customers (the statement and insights, core aggregator/errors.ts).
  aaDataNotReady: text(AGGREGATOR_ERRORS.aaDataNotReady.message),
  aaDataDeleted: text(AGGREGATOR_ERRORS.aaDataDeleted.message),
  aaStatementDisabled: text(AGGREGATOR_ERRORS.aaStatementDisabled.message),
  networkError: 'We couldn’t reach Kosh. Please check your connection and try again.',
  timeout: 'This is taking longer than it should. Please try again.',
};

export function aaMessage(error: unknown): string {
  return BY_CODE[codeOf(error) ?? ''] ?? AA_MESSAGES.generic;
}

/** The bank OTP's failures (spec 001 §5): anything but a wrong or expired code asks for a new one. */
export function otpMessage(error: unknown): string {
  const code = codeOf(error);
  if (code === 'otpIncorrect') return AA_MESSAGES.otpIncorrect;
  if (code === 'otpIncorrectOnResend') return AA_MESSAGES.otpIncorrectOnResend;
  return AA_MESSAGES.otpOtherFailure;
}
