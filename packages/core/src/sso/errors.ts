import { entry, type CatalogueEntry } from '../errors/entry.ts';

// Single sign-on. The OTP failures use the spec 001 §5 texts (errors/dashboard.ts): a
// wrong code is otpIncorrect, a code dead after 5 wrong entries is otpIncorrectOnResend, an
// expired, used or missing code is otpFailure. The texts below are ours: the spec names only
// mfaRequired.
export const SSO_ERRORS = {
  mfaRequired: entry('mfaRequired', 401, 'Please verify the OTP sent to your mobile number to continue'),
  invalidMobileNumber: entry('invalidMobileNumber', 400, 'Please enter a valid 10 digit mobile number'),
  invalidEmail: entry('invalidEmail', 400, 'Please enter a valid email address'),
  emailOtpUnavailable: entry('emailOtpUnavailable', 503, 'Sign-in by email is not available right now'),
  emailNotRegistered: entry(
    'emailNotRegistered',
    404,
    'No account uses this email address. Please sign in with your mobile number',
  ),
  invalidAuthorizationKey: entry('invalidAuthorizationKey', 401, 'authorization-key is invalid or expired'),
  siteIdMismatch: entry('siteIdMismatch', 403, 'site-id does not match the calling site'),
  otpResendTooSoon: entry(
    'otpResendTooSoon',
    429,
    ({ seconds }) => `Please wait ${seconds} seconds before requesting another OTP`,
  ),
  otpRateLimited: entry('otpRateLimited', 429, 'Too many OTP requests. Please try again later'),
  invalidCredentials: entry('invalidCredentials', 401, 'Invalid username or password'),
  credentialsLocked: entry('credentialsLocked', 429, 'Too many failed sign-in attempts. Please sign in with OTP'),
  passwordNotEncrypted: entry('passwordNotEncrypted', 400, 'Passwords of 20 characters or fewer must be encrypted'),
  authMethodMissing: entry(
    'authMethodMissing',
    400,
    'No sign-in method: send otp, password, glss_key, auth_token, glss_token or social_token',
  ),
  unsupportedResponseType: entry('unsupportedResponseType', 400, 'response_type must be code'),
  invalidClient: entry('invalidClient', 401, 'client_id is not a registered client'),
  clientSiteMismatch: entry('clientSiteMismatch', 403, 'client_id does not belong to the calling site'),
  invalidRedirectUri: entry('invalidRedirectUri', 400, 'redirect_uri is not registered for this client'),
  invalidScope: entry('invalidScope', 400, ({ scope }) => `scope ${scope} is not allowed for this client`),
  invalidGrant: entry('invalidGrant', 400, 'Authorization code is invalid, expired or already used'),
  sessionInvalid: entry('sessionInvalid', 401, 'Session is invalid or has ended'),
  glssKeyInvalid: entry('glssKeyInvalid', 401, 'glss_key is invalid, expired or already used'),
  authTokenInvalid: entry('authTokenInvalid', 401, 'auth_token signature is invalid or expired'),
  callerIdNotApproved: entry('callerIdNotApproved', 401, 'Caller identification is not approved'),
  callerIdRequestNotFound: entry('callerIdRequestNotFound', 404, 'Caller identification request not found'),
  callerIdNonceTaken: entry('callerIdNonceTaken', 409, 'requestNonce is already in use'),
  /** POST oauth/logout without the /logout page's token. */
  csrfTokenInvalid: entry('csrfTokenInvalid', 403, 'The request is missing its CSRF token'),
} as const satisfies Record<string, CatalogueEntry>;
