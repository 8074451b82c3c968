import type { Environment } from '../constants.ts';

/**
 * Consent ("puckar") constants of spec 000 §3 (sign-on configuration's consent config), §5 and §9.
 * Zod-free, so the SDK consent client can carry them without the schema library.
 */

/** spec 000 §7 puckar paths (zod-free here, so the SDK's consent script can name them). */
export const CONSENT_ROUTES = {
  check: '/MSP/api/v1/puckar/check',
  userConsent: '/MSP/api/v1/puckar/userconsent',
  isLatestContractVersion: '/MSP/api/v1/puckar/islatestcontractversion',
  /** Beyond the spec: withdrawal as easy as giving consent (DPDP Act 2023 §6(4)). */
  withdraw: '/MSP/api/v1/puckar/withdraw',
  /** Beyond the spec: a customer's consent history as proof, JSON or CSV. */
  history: '/MSP/api/v1/puckar/history',
} as const;

/** The contracts of the consent config, beside the one per consentId of the site list. */
export const CONSENT_CONFIG_CONTRACTS = {
  main: 'pb-tnc-main',
  accountAggregator: 'pb-aa-consent',
  otpVerify: 'pb-otp-verify',
  freed: 'pb-freed-consent',
} as const;

/** Feature switches of spec 000 §3 / §9 (per environment). */
export const CONSENT_FEATURES = ['TNC_THROUGH_PUCKAR', 'SHOW_TNC_BANNER'] as const;
export type ConsentFeature = (typeof CONSENT_FEATURES)[number];

/** spec 000 §5: userValue Y when accepted, N when cancelled (and for a withdrawal). */
export const CONSENT_USER_VALUES = ['Y', 'N'] as const;
export type ConsentUserValue = (typeof CONSENT_USER_VALUES)[number];

/** spec 000 §4: 1 when the confirm came from a click, submit or Enter; 2 otherwise (the default). */
export const CONSENT_STATE_CONFIRMED = 1;
export const CONSENT_STATE_OTHER = 2;
export type ConsentState = typeof CONSENT_STATE_CONFIRMED | typeof CONSENT_STATE_OTHER;

/** Ledger actions: a response to the panel, or a withdrawal (DPDP Act 2023 §6(4)). */
export const CONSENT_ACTIONS = ['respond', 'withdraw'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** The state a subject's ledger derives for one contract. */
export const CONSENT_STATUSES = ['accepted', 'declined', 'withdrawn', 'none'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** Contract ids: short, cookie-name-safe (they become part of cookie names, spec 000 §9). */
export const CONTRACT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Contract version ids: the server numbers versions 1, 2, 3 … per contract and sends them as strings. */
export const CONTRACT_VERSION_ID_PATTERN = /^[1-9][0-9]{0,8}$/;
/** spec 000 §5: consent is sent only when customerId is a GUID (8-4-4-4-12 hex). */
export const GUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** spec 000 §9 consent cookies. */
export const contractVersionCookieName = (contractId: string) => `puckarContractVersion${contractId}`;
export const contractCookieIdName = (contractId: string) => `puckarCookieId${contractId}`;
/** "a cookie id field named after the provider": the consent provider's own browser id. */
export const PROVIDER_COOKIE_ID_NAME = 'puckarProviderCookieId';
/** spec 000 §9 "a consent flag per site per day": the date (YYYY-MM-DD) consent was last settled. */
export const consentDateCookieName = (siteId: number, environment: Environment) =>
  `PB_CONSENT_${siteId}${environment === 'production' ? '' : '_DEV'}`;
