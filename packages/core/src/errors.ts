/**
 * The one error catalogue (spec 000 §8, spec 001 §8). Every message the specs name appears here
 * once, with its exact text (spelling included: the spec's "fiels", "permissiable" and "occured"
 * are what existing clients match on). Each entry carries the wire `statusCode` the envelope uses
 * and the HTTP status the server answers with.
 */

type Message = string | ((params: Record<string, string | number>) => string);

interface CatalogueEntry {
  /** Wire code: the envelope's statusCode. Several entries may share a code with other texts. */
  readonly code: string;
  /** HTTP status when the server raises it; browser-only errors use 400. */
  readonly status: number;
  readonly message: Message;
}

function entry(code: string, status: number, message: Message): CatalogueEntry {
  return { code, status, message };
}

export const ERRORS = {
  // Shield (spec 000 §8). Texts beyond "Jwt Expired" are ours: the spec names only the codes.
  clientTokenMissing: entry('clientTokenMissingException', 401, 'Client pass token is missing'),
  jwtInvalid: entry('invalidJwtException', 401, 'Invalid Jwt'),
  jwtExpired: entry('invalidJwtException', 401, 'Jwt Expired'),
  authentication: entry('authenticationException', 403, 'Request is not authorised for this site'),
  invalidAuthenticationStrategy: entry(
    'invalidAuthenticationStrategyException',
    401,
    ({ strategy }) => `${strategy} is not a valid authentication strategy`,
  ),
  configuration: entry('configurationException', 403, 'Site is not configured for this service'),

  // Validation (spec 000 §8).
  invalidSiteId: entry(
    'invalidSiteId',
    400,
    ({ id, valid }) => `${id} - is not a valid site-Id. Valid site-Id are ${valid}`,
  ),
  required: entry('requiredField', 400, ({ list }) => `[${list}] is required`),
  notAuthorizedToSetCustomerData: entry(
    'notAuthorizedToSetCustomerData',
    403,
    ({ id }) => `${id} is not authorized to set customer data. Only SSO can set customer data.`,
  ),
  dataSizeExceeded: entry('dataSizeExceeded', 413, 'Data size exceeds permissiable limit.'),
  shieldSiteIdMissing: entry('shieldSiteIdMissing', 400, 'Shield siteId is missing'),
  clientDataMissing: entry('clientDataMissing', 400, 'client data is missing'),
  failedToCreateVisitId: entry('failedToCreateVisitId', 400, 'Failed to create visitId'),
  mandatoryConfiguration: entry('mandatoryConfiguration', 400, 'Mandatory configuration is required'),
  puckarContractIdRequired: entry('puckarContractIdRequired', 400, 'puckar contractId is required'),
  puckarVisitIdRequired: entry('puckarVisitIdRequired', 400, 'puckar visitId is required'),
  puckarShieldConfigRequired: entry('puckarShieldConfigRequired', 400, 'puckar pbApiShieldConfig is required'),
  cookieNotEnabled: entry('cookieNotEnabled', 400, 'Cookie Not Enabled'),
  puckarElementIdRequired: entry('puckarElementIdRequired', 400, 'ElementID is required, To show the puckar contract.'),
  puckarElementNotDeclared: entry('puckarElementNotDeclared', 400, 'Puckar element id is not declared in this scope'),

  // Shared storage (spec 000 §8).
  storageFieldsMissing: entry(
    'storageFieldsMissing',
    400,
    'Some of the compulsory fiels missing. Required fields are - id,type',
  ),
  productNotAllowed: entry(
    'productNotAllowed',
    400,
    ({ product, valid }) => `${product} - is not allowed product. Valid values of product key are - ${valid}`,
  ),
  applicationNotArray: entry('applicationNotArray', 400, 'Application should be of type of Array.'),
  existingDataInvalid: entry('existingDataInvalid', 400, 'Existing data is invalid'),
  idAndTypeRequired: entry('idAndTypeRequired', 400, 'Id and type required'),
  idAndPayloadMandatory: entry('idAndPayloadMandatory', 400, 'id and payload are mandatory fields'),
  idAndApplicationIdMandatory: entry('idAndApplicationIdMandatory', 400, 'id and applicationID are mandatory fields'),
  siteDataNotFound: entry('siteDataNotFound', 404, ({ id }) => `${id} - not found site data.`),
  doesNotExist: entry('doesNotExist', 404, ({ id }) => `${id} - does not exist.`),

  // Client-side failures (spec 000 §8).
  somethingWentWrong: entry('somethingWentWrong', 502, 'somethingWentWrong'),
  failedToDeleteCookie: entry('failedToDeleteCookie', 400, 'Failed to delete cookie'),
  crossStorageClosed: entry('crossStorageClosed', 400, 'CrossStorageClient has closed'),
  crossStorageConnect: entry('crossStorageConnect', 400, 'CrossStorageClient could not connect'),
  crossStorageNoLocalStorage: entry(
    'crossStorageNoLocalStorage',
    400,
    'Closing client. Could not access localStorage in hub.',
  ),
  crossStorageTimeout: entry('crossStorageTimeout', 408, ({ method }) => `Timeout: could not perform ${method}`),
  crossStoragePermission: entry('crossStoragePermission', 403, ({ method }) => `Invalid permissions for ${method}`),
  consentPanelError: entry('consentPanelError', 400, 'Some Error occured!'),

  // Dashboard (spec 001 §8 and §5).
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

  // Single sign-on (issue 4). The OTP failures use the spec 001 §5 texts above: a wrong code is
  // otpIncorrect, a code dead after 5 wrong entries is otpIncorrectOnResend, an expired, used or
  // missing code is otpFailure. The texts below are ours: the spec names only mfaRequired.
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

  // Terms consent (issue 5). The texts are ours: the spec names no server-side consent errors.
  contractNotFound: entry('contractNotFound', 404, 'Contract not found'),
  contractVersionNotFound: entry('contractVersionNotFound', 404, 'Contract version not found'),
  consentNotGiven: entry('consentNotGiven', 409, 'No consent to withdraw for this contract'),

  // Generic request errors of our server (not named by the spec).
  badRequest: entry('badRequest', 400, ({ detail }) => `Invalid request: ${detail}`),
  notFound: entry('notFound', 404, 'Route not found'),
  payloadTooLarge: entry('payloadTooLarge', 413, 'Request body is too large'),
  rateLimited: entry('rateLimited', 429, 'Too many requests, please retry later'),
  originNotAllowed: entry('originNotAllowed', 403, 'Origin is not allowed'),
  csrfTokenInvalid: entry('csrfTokenInvalid', 403, 'The request is missing its CSRF token'),
  internal: entry('internalError', 500, 'Something went wrong! Please try again later'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

/** An error from the catalogue: code, exact message and HTTP status travel together. */
export class PraveshError extends Error {
  readonly key: ErrorKey;
  readonly code: string;
  readonly status: number;

  constructor(key: ErrorKey, params: Record<string, string | number> = {}) {
    const found: CatalogueEntry = ERRORS[key];
    super(typeof found.message === 'function' ? found.message(params) : found.message);
    this.name = 'PraveshError';
    this.key = key;
    this.code = found.code;
    this.status = found.status;
  }
}

/**
 * Also recognises catalogue errors from another bundle's copy of this class (the lazily loaded
 * visitor script carries its own), which `instanceof` cannot see.
 */
export function isPraveshError(error: unknown): error is PraveshError {
  if (error instanceof PraveshError) return true;
  if (!(error instanceof Error) || error.name !== 'PraveshError') return false;
  const candidate = error as Partial<PraveshError>;
  return (
    typeof candidate.code === 'string' && typeof candidate.status === 'number' && typeof candidate.key === 'string'
  );
}
