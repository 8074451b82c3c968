import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Refusals of single sign-on that only the server raises: browser code reads their statusCode and
 * shows the server's statusMessage, so the SDK's scripts need not carry them (errors/server-groups.ts).
 */
export const SSO_SERVER_ERRORS = {
  /**
   * An SMS budget is under pressure (README "OTP"): the send answers a proof-of-work challenge in
   * `response.proofOfWork` instead of a code, which the SDK and the accounts pages solve and resend
   * with (RFC 6585 §3 428: the request must carry a precondition to be served).
   */
  otpProofOfWorkRequired: entry('otpProofOfWorkRequired', 428, 'Please wait a moment and request the OTP again'),
  /** A proof that is wrong, stale, made for another number or address, or already used. */
  otpProofOfWorkInvalid: entry(
    'otpProofOfWorkInvalid',
    400,
    'This OTP request could not be confirmed. Please request the OTP again',
  ),
  /** A code exchange without its PKCE code_verifier or redirect_uri (docs/decisions/0001-…). */
  codeExchangeIncomplete: entry(
    'codeExchangeIncomplete',
    400,
    ({ parameter }) => `${parameter} of the authorize request is required`,
  ),
} as const satisfies Record<string, CatalogueEntry>;
