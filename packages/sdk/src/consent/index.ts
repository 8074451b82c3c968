/**
 * The consent ("puckar") client (spec 000 §3, §4, §5, §7, §8, §9). Also the entry of its own
 * lazily loaded script (dist/pravesh-consent.js, global `PraveshConsent`; Pravesh.loadConsent adds
 * it), so the core script stays within its budget. The consent panel is a further script
 * (dist/widgets/pravesh-consent-panel.js) loaded only when a contract must be shown.
 */
export {
  base64PageUrl,
  createConsent,
  decodeContractText,
  isRequestError,
  type CheckedContract,
  type Consent,
  type ConsentClient,
  type ConsentConfig,
  type ConsentOptions,
  type ConsentOutcome,
  type ConsentSignOn,
  type ConsentVisitor,
} from './consent.ts';
export { consentCookies, type ConsentCookies } from './consent-cookies.ts';
export { csvCell as csvField, HISTORY_CSV_COLUMNS, historyToCsv } from '@pravesh/core';
export { isConsentDateValid, isConsentMonthValid, localDate } from './dates.ts';
export {
  consentPanelScripts,
  consentStateOf,
  loadConsentPanel,
  type ConsentPanelRequest,
  type ConsentPanelResult,
  type ConsentTrigger,
  type ContractSanitizer,
  type OpenConsentPanel,
} from './panel.ts';
export * from './constants.ts';
// Its own copy of the error classes, as the sign-on script: test errors with
// PraveshConsent.isPraveshError (or error.name); refusals are PraveshConsent.PassRequestError.
export { PassRequestError } from '../http.ts';
export { CONSENT_CONFIG_CONTRACTS, CONSENT_FEATURES, GUID_PATTERN, isPraveshError, PraveshError } from '@pravesh/core';
