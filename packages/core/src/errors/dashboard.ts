import { entry, type CatalogueEntry } from './entry.ts';

// Dashboard (spec 001 §8 and §5).
export const DASHBOARD_ERRORS = {
  genericUserMessage: entry('somethingWentWrong', 500, 'Something went wrong! Please try again later'),
  tokenNotValidated: entry('tokenNotValidated', 401, 'Token not validated'),
  dataRefreshDisabled: entry(
    'dataRefreshDisabled',
    503,
    'Data refresh is temporarily disabled but will be back soon. We apologise for the inconvenience.',
  ),
  aggregatorPageError: entry('aggregatorPageError', 500, 'Some error occured, Please refresh the page'),
  otpIncorrect: entry('otpIncorrect', 400, 'OTP is Incorrect, Please enter valid OTP'),
  otpIncorrectOnResend: entry('otpIncorrectOnResend', 400, 'Incorrect OTP. Please click on Resend OTP'),
  otpOtherFailure: entry('otpFailure', 400, 'Something went wrong. Please click on Resend Code'),
} as const satisfies Record<string, CatalogueEntry>;
