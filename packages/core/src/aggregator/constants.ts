/**
 * Account aggregator facts: the ReBIT AA API v2.0.0 enumerations as written in
 * shared/reference/aa-rebit-v2.md (names and values from there, not memory), and spec 001's Finvu
 * state ids (§4), balance banner states (§4), aggregator name, consent window and refresh timings (§9).
 */

/** spec 001 §9 "Aggregator name FINVU"; the customer's id at the AA is `<mobile>@finvu` (ReBIT Customer.id). */
export const AGGREGATOR_NAME = 'FINVU';
export const AGGREGATOR_HANDLE = 'finvu';
export function aggregatorCustomerId(mobileNo: string): string {
  return `${mobileNo}@${AGGREGATOR_HANDLE}`;
}

// ReBIT ConsentDetail enumerations.
export const CONSENT_MODES = ['VIEW', 'STORE', 'QUERY', 'STREAM'] as const;
export const FETCH_TYPES = ['ONETIME', 'PERIODIC'] as const;
export const CONSENT_TYPES = ['PROFILE', 'SUMMARY', 'TRANSACTIONS'] as const;
export const FI_TYPES = [
  'DEPOSIT',
  'TERM_DEPOSIT',
  'RECURRING_DEPOSIT',
  'SIP',
  'CP',
  'GOVT_SECURITIES',
  'EQUITIES',
  'BONDS',
  'DEBENTURES',
  'MUTUAL_FUNDS',
  'ETF',
  'IDR',
  'CIS',
  'AIF',
  'INSURANCE_POLICIES',
  'NPS',
  'INVIT',
  'REIT',
  'GSTR1_3B',
  'OTHER',
] as const;
export const DATA_LIFE_UNITS = ['MONTH', 'YEAR', 'DAY', 'INF'] as const;
export const FREQUENCY_UNITS = ['HOUR', 'DAY', 'MONTH', 'YEAR', 'INF'] as const;
export const DATA_CONSUMER_TYPES = ['FIU', 'USER', 'AA'] as const;
export const CUSTOMER_IDENTIFIER_TYPES = ['MOBILE', 'EMAIL', 'OTHERS'] as const;
/** Sahamati's purpose list: 101 wealth management, 102 spending patterns / budget, 103 aggregated statement, 104 monitoring, 105 one-time. */
export const PURPOSE_CODES = {
  '101': 'Wealth management service',
  '102': 'Customer spending patterns, budget or other reportings',
  '103': 'Aggregated statement',
  '104': 'Explicit consent for monitoring of the accounts',
  '105': 'Explicit one-time consent for accessing data from the accounts',
} as const;
export type PurposeCode = keyof typeof PURPOSE_CODES;

// ReBIT's three separate status sets.
/** The consent request (ConsentHandle) status. */
export const CONSENT_REQUEST_STATUSES = ['PENDING', 'READY', 'FAILED', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type ConsentRequestStatus = (typeof CONSENT_REQUEST_STATUSES)[number];
/** The consent artefact status. */
export const AA_CONSENT_STATUSES = ['ACTIVE', 'PAUSED', 'REVOKED', 'EXPIRED'] as const;
export type AaConsentStatus = (typeof AA_CONSENT_STATUSES)[number];
/** The FI data session status. */
export const FI_SESSION_STATUSES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'FAILED'] as const;
export type FiSessionStatus = (typeof FI_SESSION_STATUSES)[number];
/** A session's per-account FIStatus. */
export const FI_ACCOUNT_STATUSES = ['READY', 'DENIED', 'PENDING', 'DELIVERED', 'TIMEOUT'] as const;
export type FiAccountStatus = (typeof FI_ACCOUNT_STATUSES)[number];

// Deposit FI schema.
export const DEPOSIT_ACCOUNT_TYPES = ['SAVINGS', 'CURRENT'] as const;
export type DepositAccountType = (typeof DEPOSIT_ACCOUNT_TYPES)[number];
export const TRANSACTION_TYPES = ['CREDIT', 'DEBIT'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_MODES = ['CASH', 'ATM', 'CARD', 'UPI', 'FT', 'OTHERS'] as const;
export type TransactionMode = (typeof TRANSACTION_MODES)[number];
export const HOLDER_TYPES = ['SINGLE', 'JOINT'] as const;
export const NOMINEE_STATUSES = ['REGISTERED', 'NOT-REGISTERED'] as const;

/** spec 001 §4 Finvu state ids: where the customer's journey at the aggregator stands. */
export const FINVU_STATE_IDS = [
  'AA_LOGIN',
  'ACCOUNT_CHECKED_NOT_DISCOVERED',
  'ACCOUNT_DISCOVERED',
  'ACCOUNT_LINKED',
  'CONSENT_ALREADY_GIVEN',
  'CONSENT_GIVEN',
  'NO_USER_STATE_PRESENT',
] as const;
export type FinvuStateId = (typeof FINVU_STATE_IDS)[number];

/** spec 001 §4 balance banner states and their buttons (null: no button). */
export const BALANCE_BANNER_STATES = {
  aa_not_initiated: 'Start Now',
  data_fetch_in_progress: null,
  data_available: 'View Insights',
  consent_expired: 'View Details',
} as const;
export type BalanceBannerState = keyof typeof BALANCE_BANNER_STATES;

/** Where the customer's fetched data stands (Finvu slice fetchStatus). */
export const FETCH_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type FetchStatus = (typeof FETCH_STATUSES)[number];

/** The transactions tabs (Finvu slice selectedTransactionsTab, default All). */
export const TRANSACTION_TABS = ['Credit', 'Debit', 'All'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/**
 * spec 001 §9 consent window by source (pl, myaccount): startDays 365, endDays 730, a fixed
 * template id (its value is not shown; ours below). The spec does not say what each number
 * measures; our reading: the consent is valid for startDays from its start (consentExpiry), and its
 * FI data range reaches endDays back (24 months, the history the issue asks the bank to hold).
 */
export const CONSENT_WINDOW = {
  startDays: 365,
  endDays: 730,
  templateId: 'KOSH_DEPOSIT_PERIODIC_V1',
} as const;
export const CONSENT_SOURCES = ['pl', 'myaccount'] as const;

/** ReBIT Frequency: "no more than once an hour" — and so our refreshData (spec 001 §7). */
export const MIN_FETCH_INTERVAL_MS = 3_600_000;
/** spec 001 §9 Finvu polling and the update retry schedule of refreshData (5 retries, spec 001 §7). */
export const FINVU_POLL_MS = 20_000;
export const FINVU_REFRESH_RETRY_MS = [20_000, 40_000, 100_000, 200_000, 500_000] as const;
/** spec 001 §9 time-outs the journey waits for. */
export const CONSENT_VERIFICATION_TIMEOUT_MS = 3_000;
export const DISCOVER_ACCOUNTS_TIMEOUT_MS = 5_000;
/** The transactions page size (ours; the spec shows paging with totalRecords and pageCount only). */
export const TRANSACTIONS_PAGE_SIZE = 20;
