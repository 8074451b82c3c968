import { EMAIL_OTP_MESSAGES, ERRORS, OTP_MESSAGES, PraveshError, type ErrorKey } from '@pravesh/core';
import type { WidgetJourneyType } from '../lib/params.ts';
import { VERIFICATION_JOURNEYS } from '../lib/params.ts';

/**
 * The words of the sign-in pages. The OTP texts are spec 001 §5's, exactly: the three failures
 * from the error catalogue, "re-sent" and "verified" from core's OTP_MESSAGES.
 */
/** A catalogue entry's text, with its parameters when it has any. */
export function catalogueText(key: ErrorKey, params?: Record<string, string | number>): string {
  return new PraveshError(key, params).message;
}

export const OTP_TEXT = {
  incorrect: catalogueText('otpIncorrect'),
  incorrectOnResend: catalogueText('otpIncorrectOnResend'),
  otherFailure: catalogueText('otpOtherFailure'),
  resent: OTP_MESSAGES.resent,
  verified: OTP_MESSAGES.verified,
} as const;

/** JOURNEY_EMAIL_OTP's versions of the texts that name the channel. */
export const EMAIL_OTP_TEXT = {
  resent: EMAIL_OTP_MESSAGES.resent,
  verified: EMAIL_OTP_MESSAGES.verified,
  heading: 'Sign in with your email',
  lede: 'We’ll email you a one-time password (OTP) to confirm it’s you.',
  done: 'Email address verified',
} as const;

export function isVerification(journey: WidgetJourneyType): boolean {
  return VERIFICATION_JOURNEYS.includes(journey);
}

export function headings(journey: WidgetJourneyType) {
  const verification = isVerification(journey);
  return {
    mobile: verification ? 'Verify your mobile number' : 'Sign in with your mobile number',
    mobileLede: verification
      ? 'We’ll send a one-time password (OTP) to confirm this number is yours.'
      : 'We’ll send a one-time password (OTP) to confirm it’s you. New here? The same step creates your account.',
    otp: 'Enter the OTP',
    password: 'Enter your password',
    done: verification ? 'Mobile number verified' : 'You’re signed in',
  };
}

/** "9876543210" → "+91 98765 43210". */
export function formatMobile(mobileNo: string): string {
  return mobileNo.length === 10 ? `+91 ${mobileNo.slice(0, 5)} ${mobileNo.slice(5)}` : mobileNo;
}

/** Codes after which the journey cannot go on: the request itself is wrong, not what was typed. */
const FATAL_KEYS: readonly ErrorKey[] = [
  'invalidClient',
  'clientSiteMismatch',
  'invalidRedirectUri',
  'invalidScope',
  'unsupportedResponseType',
  'badRequest',
  'required',
  'authentication',
  'configuration',
  'clientTokenMissing',
  'jwtInvalid',
  'invalidSiteId',
];
const FATAL_CODES = new Set(FATAL_KEYS.map((key) => ERRORS[key].code));

export function isFatal(statusCode: string): boolean {
  return FATAL_CODES.has(statusCode);
}

/** The title of every refusal of the link itself (journey/steps.tsx FailedStep explains it). */
export const LINK_INVALID_TITLE = 'This sign-in link isn’t valid';

/** The customer-facing explanation of a fatal code; the server's statusMessage is shown below it. */
export function fatalTitle(statusCode: string): string {
  switch (statusCode) {
    case ERRORS.invalidRedirectUri.code:
    case ERRORS.invalidClient.code:
    case ERRORS.clientSiteMismatch.code:
    case ERRORS.unsupportedResponseType.code:
    case ERRORS.invalidScope.code:
    case ERRORS.badRequest.code:
    case ERRORS.required.code:
      return LINK_INVALID_TITLE;
    default:
      return 'Sign-in isn’t available right now';
  }
}

const GENERIC_CODES = new Set([ERRORS.somethingWentWrong.code, ERRORS.internal.code]);

/**
 * What to show for a refused call outside the OTP field (whose texts are spec 001 §5's): the
 * service's own message, or the catalogue's generic one for a network failure or a server fault.
 */
export function refusalText(statusCode: string, statusMessage: string): string {
  if (GENERIC_CODES.has(statusCode) || statusMessage === '' || statusMessage === statusCode) {
    return catalogueText('genericUserMessage');
  }
  return statusMessage;
}
