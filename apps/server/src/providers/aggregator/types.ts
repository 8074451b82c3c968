import type {
  ConsentRequestStatus,
  AaConsentStatus,
  DepositAccountType,
  FiAccountStatus,
  FiSessionStatus,
  PurposeCode,
  TransactionMode,
  TransactionType,
} from '@pravesh/core';

/**
 * An RBI account aggregator (spec 001 §9 "Aggregator name FINVU"), shaped on the
 * ReBIT AA API v2.0.0 (shared/reference/aa-rebit-v2.md; field names and enumerations from there).
 * Two halves: the customer's steps at the AA that the AA's own SDK drives in a real deployment
 * (discovery at a bank, linking with the bank's OTP, approving or rejecting the consent request),
 * and the FIU's calls (POST /Consent, /Consent/handle, /Consent/fetch, /FI/request, /FI/fetch,
 * revocation). The simulator and any real adapter implement this one interface.
 */

/** ReBIT ConsentDetail (everything required except DataFilter, which we never send). */
export interface ConsentDetail {
  readonly consentStart: string;
  readonly consentExpiry: string;
  readonly consentMode: 'VIEW' | 'STORE' | 'QUERY' | 'STREAM';
  readonly fetchType: 'ONETIME' | 'PERIODIC';
  readonly consentTypes: readonly ('PROFILE' | 'SUMMARY' | 'TRANSACTIONS')[];
  readonly fiTypes: readonly string[];
  readonly DataConsumer: { readonly id: string; readonly type: 'FIU' | 'USER' | 'AA' };
  readonly Customer: {
    /** `<mobile>@finvu`. */
    readonly id: string;
    readonly Identifiers: readonly { readonly type: 'MOBILE' | 'EMAIL' | 'OTHERS'; readonly value: string }[];
  };
  readonly Purpose: {
    readonly code: PurposeCode;
    readonly refUri: string;
    readonly text: string;
    readonly Category: { readonly type: string };
  };
  readonly FIDataRange: { readonly from: string; readonly to: string };
  readonly DataLife: { readonly unit: 'MONTH' | 'YEAR' | 'DAY' | 'INF'; readonly value: number };
  readonly Frequency: { readonly unit: 'HOUR' | 'DAY' | 'MONTH' | 'YEAR' | 'INF'; readonly value: number };
}

export interface DiscoveredAccount {
  /** The FIP's reference for an account found but not yet linked. */
  readonly accRefNumber: string;
  readonly maskedAccNumber: string;
  readonly accType: DepositAccountType;
  readonly fiType: 'DEPOSIT';
}

export interface LinkedAccount {
  readonly fipId: string;
  readonly linkRefNumber: string;
  readonly maskedAccNumber: string;
  readonly accType: DepositAccountType;
  readonly fiType: 'DEPOSIT';
}

export interface ConsentHandleStatus {
  readonly consentHandle: string;
  readonly status: ConsentRequestStatus;
  /** Present once the customer approved. */
  readonly consentId: string | null;
}

/** ReBIT's consent artefact (Consent/fetch), without the signature's bytes. */
export interface ConsentArtefact {
  readonly consentId: string;
  readonly status: AaConsentStatus;
  readonly createTimestamp: string;
  readonly signedConsent: string;
  readonly ConsentDetail: ConsentDetail;
  readonly accounts: readonly LinkedAccount[];
  readonly ConsentUse: { readonly logUri: string; readonly count: number; readonly lastUseDateTime: string | null };
}

export interface FiSession {
  readonly sessionId: string;
  readonly consentId: string;
  readonly status: FiSessionStatus;
  readonly accounts: readonly { readonly linkRefNumber: string; readonly FIStatus: FiAccountStatus }[];
}

export interface DepositTransaction {
  readonly txnId: string;
  readonly type: TransactionType;
  readonly mode: TransactionMode;
  /** Rupees, two decimals. */
  readonly amount: number;
  readonly currentBalance: number;
  /** ISO 8601 with the +05:30 offset. */
  readonly transactionTimestamp: string;
  /** YYYY-MM-DD. */
  readonly valueDate: string;
  readonly narration: string;
  readonly reference: string;
}

/** ReBIT deposit account (FI type DEPOSIT): Profile, Summary, Transactions. */
export interface DepositAccountData {
  readonly linkRefNumber: string;
  readonly maskedAccNumber: string;
  readonly fipId: string;
  readonly Profile: {
    readonly Holders: {
      readonly type: 'SINGLE' | 'JOINT';
      readonly Holder: readonly {
        readonly name: string;
        readonly dob: string;
        readonly mobile: string;
        readonly nominee: 'REGISTERED' | 'NOT-REGISTERED';
        readonly ckycCompliance: boolean;
      }[];
    };
  };
  readonly Summary: {
    readonly currentBalance: number;
    readonly balanceDateTime: string;
    readonly type: DepositAccountType;
    readonly branch: string;
    readonly ifscCode: string;
    readonly micrCode: string;
    readonly openingDate: string;
    readonly status: 'ACTIVE' | 'INACTIVE';
    readonly currency: 'INR';
  };
  readonly Transactions: {
    readonly startDate: string;
    readonly endDate: string;
    readonly Transaction: readonly DepositTransaction[];
  };
}

export interface FiFetchResult {
  readonly session: FiSession;
  /** The delivered accounts (empty until the session's data is ready). */
  readonly accounts: readonly DepositAccountData[];
}

export interface AggregatorProvider {
  readonly name: string;
  // The FIU's consent request (POST /Consent) and its handle's status (POST /Consent/handle).
  requestConsent(detail: ConsentDetail): Promise<{ consentHandle: string }>;
  consentHandleStatus(consentHandle: string): Promise<ConsentHandleStatus>;
  /** POST /Consent/fetch: the artefact of an approved request, with its status now. */
  fetchConsent(consentId: string): Promise<ConsentArtefact>;
  /** The FIU revokes (the customer asked us to stop): the artefact becomes REVOKED. */
  revokeConsent(consentId: string): Promise<void>;
  // The customer's steps at the AA (the AA's SDK in a real deployment).
  discoverAccounts(consentHandle: string, fipId: string): Promise<readonly DiscoveredAccount[]>;
  /** Starts linking; the bank sends its OTP (8 digits at dhanagarbank and KarurVysyaBank-FIP). */
  linkAccounts(
    consentHandle: string,
    fipId: string,
    accRefNumbers: readonly string[],
  ): Promise<{ refNumber: string; otpLength: 6 | 8 }>;
  confirmLink(refNumber: string, otp: string): Promise<readonly LinkedAccount[]>;
  /** The customer approves (with the linked accounts to share) or rejects the request. */
  decideConsent(consentHandle: string, decision: 'APPROVE' | 'REJECT'): Promise<ConsentHandleStatus>;
  // The data cycle: POST /FI/request → (asynchronously ready) → POST /FI/fetch.
  requestData(consentId: string, range: { from: string; to: string }): Promise<{ sessionId: string }>;
  fetchData(sessionId: string): Promise<FiFetchResult>;
}

/** Why an AA call failed; the service maps each to a catalogue entry. */
export type AggregatorErrorKind =
  | 'unavailable'
  | 'timeout'
  | 'notFound'
  | 'otpIncorrect'
  | 'otpExpired'
  | 'consentNotActive'
  | 'frequencyExceeded'
  | 'invalidState';

export class AggregatorError extends Error {
  override name = 'AggregatorError';
  readonly kind: AggregatorErrorKind;
  constructor(kind: AggregatorErrorKind, message: string = kind) {
    super(message);
    this.kind = kind;
  }
}

export const AGGREGATOR_OPERATIONS = [
  'requestConsent',
  'consentHandleStatus',
  'fetchConsent',
  'revokeConsent',
  'discoverAccounts',
  'linkAccounts',
  'confirmLink',
  'decideConsent',
  'requestData',
  'fetchData',
] as const;
export type AggregatorOperation = (typeof AGGREGATOR_OPERATIONS)[number];
export const AGGREGATOR_FAILURE_MODES = ['none', 'unavailable', 'timeout'] as const;
export type AggregatorFailureMode = (typeof AGGREGATOR_FAILURE_MODES)[number];

export interface AggregatorProviderConfig {
  readonly kind: 'simulator';
  readonly latencyMs: number;
  /** How long after an FI request its data is ready (ms, on the injected clock). */
  readonly dataReadyDelayMs: number;
  /** Switches refreshData off (spec 001 §8 "Data refresh is temporarily disabled…"). */
  readonly refreshEnabled: boolean;
  /** spec 001 §9 feature switch "statement download from the aggregator" (fi/transaction). */
  readonly statementEnabled: boolean;
  /** How often the module's ticker moves due fetch jobs on (ms); 0 switches it off. */
  readonly workerIntervalMs: number;
}
