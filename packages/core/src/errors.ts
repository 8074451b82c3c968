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

  // Generic request errors of our server (not named by the spec).
  badRequest: entry('badRequest', 400, ({ detail }) => `Invalid request: ${detail}`),
  notFound: entry('notFound', 404, 'Route not found'),
  payloadTooLarge: entry('payloadTooLarge', 413, 'Request body is too large'),
  rateLimited: entry('rateLimited', 429, 'Too many requests, please retry later'),
  originNotAllowed: entry('originNotAllowed', 403, 'Origin is not allowed'),
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

export function isPraveshError(error: unknown): error is PraveshError {
  return error instanceof PraveshError;
}
