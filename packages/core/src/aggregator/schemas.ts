import { z } from 'zod';
import { mobileNoSchema } from '../sso/schemas.ts';
import { idText } from '../visits/fields.ts';
import { AGGREGATOR_BANKS } from './banks.ts';
import {
  BALANCE_BANNER_STATES,
  CONSENT_REQUEST_STATUSES,
  CONSENT_SOURCES,
  AA_CONSENT_STATUSES,
  DEPOSIT_ACCOUNT_TYPES,
  FETCH_STATUSES,
  FINVU_STATE_IDS,
  PURPOSE_CODES,
  TRANSACTION_MODES,
  TRANSACTION_TABS,
  TRANSACTION_TYPES,
} from './constants.ts';
import { TRANSACTION_CATEGORIES } from './categories.ts';

/**
 * Payloads of the OVI service (spec 001 §7; paths in ./routes.ts). Each answer travels in the
 * spec's envelope; these describe its `response`. Field names of the consent artefact and the
 * deposit data are ReBIT v2.0.0's (shared/reference/aa-rebit-v2.md); instants are ISO 8601.
 */

const instant = z.iso.datetime({ offset: true });
const fipIdSchema = z.enum(AGGREGATOR_BANKS.map((bank) => bank.id) as [string, ...string[]]);
const uuid = z.uuid();
export const finvuStateIdSchema = z.enum(FINVU_STATE_IDS);
export const consentRequestStatusSchema = z.enum(CONSENT_REQUEST_STATUSES);
export const consentStatusSchema = z.enum(AA_CONSENT_STATUSES);
export const fetchStatusSchema = z.enum(FETCH_STATUSES);
export const balanceBannerStateSchema = z.enum(
  Object.keys(BALANCE_BANNER_STATES) as [keyof typeof BALANCE_BANNER_STATES],
);

/** The consent artefact's fields as shown on the access-permissions step (spec 001 §2 step 5). */
export const consentDetailSchema = z.object({
  consentStart: instant,
  consentExpiry: instant,
  consentMode: z.enum(['VIEW', 'STORE', 'QUERY', 'STREAM']),
  fetchType: z.enum(['ONETIME', 'PERIODIC']),
  consentTypes: z.array(z.enum(['PROFILE', 'SUMMARY', 'TRANSACTIONS'])),
  fiTypes: z.array(z.string()),
  DataConsumer: z.object({ id: z.string(), type: z.enum(['FIU', 'USER', 'AA']) }),
  Customer: z.object({
    id: z.string(),
    Identifiers: z.array(z.object({ type: z.enum(['MOBILE', 'EMAIL', 'OTHERS']), value: z.string() })),
  }),
  Purpose: z.object({
    code: z.enum(Object.keys(PURPOSE_CODES) as [keyof typeof PURPOSE_CODES]),
    refUri: z.string(),
    text: z.string(),
    Category: z.object({ type: z.string() }),
  }),
  FIDataRange: z.object({ from: instant, to: instant }),
  DataLife: z.object({ unit: z.enum(['MONTH', 'YEAR', 'DAY', 'INF']), value: z.number() }),
  Frequency: z.object({ unit: z.enum(['HOUR', 'DAY', 'MONTH', 'YEAR', 'INF']), value: z.number() }),
});

/** POST v2/consent: the verify-mobile step (spec 001 §2 step 2) starts a consent request at FINVU. */
export const createConsentBodySchema = z.object({
  mobileNo: mobileNoSchema,
  /** spec 001 §9 consent window by source (pl, myaccount). */
  source: z.enum(CONSENT_SOURCES).default('myaccount'),
  /** The "add another bank" modal (spec 001 §3 addAnotherBankModal): a new request beside an active consent. */
  addAnotherBank: z.boolean().default(false),
});
export const consentSummarySchema = z.object({
  consentHandle: uuid,
  consentRequestStatus: consentRequestStatusSchema,
  consentId: uuid.nullable(),
  consentStatus: consentStatusSchema.nullable(),
  templateId: z.string(),
  source: z.enum(CONSENT_SOURCES),
  ConsentDetail: consentDetailSchema,
  createdAt: instant,
});
export const createConsentResponseSchema = z.object({
  stateId: finvuStateIdSchema,
  /** `<mobile>@finvu`, the customer's id at the aggregator (shown on the journey). */
  aaCustomerId: z.string(),
  consent: consentSummarySchema,
});
export const userApplicationResponseSchema = z.object({ consents: z.array(consentSummarySchema) });

/** An account FINVU found at a bank (discovery) or linked there: its AA reference, masked number and type. */
export const discoveredAccountSchema = z.object({
  accRefNumber: z.string(),
  maskedAccNumber: z.string(),
  accType: z.enum(DEPOSIT_ACCOUNT_TYPES),
  fiType: z.literal('DEPOSIT'),
});

/**
 * Where the customer's journey stands (spec 001 §4's seven ids), and what a customer who left
 * mid-way needs to come back to the step they left (resume.ts resumeStepOf): the consent request
 * in hand, the bank chosen, and the accounts linked under that request.
 */
export const getStateResponseSchema = z.object({
  stateId: finvuStateIdSchema,
  consentHandle: uuid.nullable(),
  updatedAt: instant.nullable(),
  fipId: z.string().nullable(),
  consent: consentSummarySchema.nullable(),
  linked: z.array(discoveredAccountSchema),
});
/**
 * The journey records each step it reaches (spec 001 §7 consent/stateCapture): the state id, the
 * consent request it belongs to (one of the customer's) and, once a bank is chosen, that bank.
 */
export const stateCaptureBodySchema = z.object({
  stateId: finvuStateIdSchema,
  consentHandle: uuid.optional(),
  fipId: fipIdSchema.optional(),
});

export const discoverBodySchema = z.object({ consentHandle: uuid, fipId: fipIdSchema });
export const discoverResponseSchema = z.object({
  stateId: finvuStateIdSchema,
  fipId: z.string(),
  accounts: z.array(discoveredAccountSchema),
});
export const linkBodySchema = z.object({
  consentHandle: uuid,
  fipId: fipIdSchema,
  accRefNumbers: z.array(idText(128)).min(1).max(10),
});
export const linkResponseSchema = z.object({ refNumber: uuid, otpLength: z.union([z.literal(6), z.literal(8)]) });
export const linkConfirmBodySchema = z.object({ refNumber: uuid, otp: z.string().regex(/^\d{6}(\d{2})?$/) });
export const decideBodySchema = z.object({ consentHandle: uuid, decision: z.enum(['APPROVE', 'REJECT']) });
export const decideResponseSchema = z.object({
  stateId: finvuStateIdSchema,
  consentRequestStatus: consentRequestStatusSchema,
  consentStatus: consentStatusSchema.nullable(),
  /** spec 001 §2 step 6 and the Finvu slice's verification status (default FAILED). */
  verificationStatus: z.enum(['VERIFIED', 'FAILED']),
});

/** A linked account as the linked-accounts screen lists it; the number masked to its last 4 (spec 001 §5). */
export const linkedAccountSchema = z.object({
  accountId: uuid,
  fipId: z.string(),
  bankName: z.string(),
  maskedAccNumber: z.string(),
  accType: z.enum(DEPOSIT_ACCOUNT_TYPES),
  currentBalance: z.number().nullable(),
  balanceDateTime: instant.nullable(),
  branch: z.string().nullable(),
  ifscCode: z.string().nullable(),
});
export const accountsDetailResponseSchema = z.object({
  consentStatus: consentStatusSchema.nullable(),
  fetchStatus: fetchStatusSchema,
  bannerState: balanceBannerStateSchema,
  totalBalance: z.number(),
  lastFetchedAt: instant.nullable(),
  /** When refreshData may fetch again (ReBIT Frequency: once an hour); null when it may now. */
  nextRefreshAt: instant.nullable(),
  accounts: z.array(linkedAccountSchema),
});
export const refreshResponseSchema = z.object({
  fetchStatus: fetchStatusSchema,
  /** false when a fetch was already running or the hour since the last one has not passed. */
  started: z.boolean(),
  nextRefreshAt: instant.nullable(),
});
export const deactivateResponseSchema = z.object({
  consentStatus: consentStatusSchema.nullable(),
  deletedAccounts: z.number().int(),
  deletedTransactions: z.number().int(),
});

export const transactionQuerySchema = z.object({
  accountId: uuid,
  type: z.enum(TRANSACTION_TABS).default('All'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** YYYY-MM-DD, inclusive, in India time. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const transactionSchema = z.object({
  txnId: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  mode: z.enum(TRANSACTION_MODES),
  amount: z.number(),
  currentBalance: z.number(),
  transactionTimestamp: instant,
  valueDate: z.string(),
  narration: z.string(),
  reference: z.string(),
});
export const transactionsResponseSchema = z.object({
  type: z.enum(TRANSACTION_TABS),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
  pageCount: z.number().int(),
  transactions: z.array(transactionSchema),
});

/** The statement download (spec 001 §7 fi/transaction, §5: 1, 2 or 3 months, PDF). */
export const STATEMENT_MONTHS = [1, 2, 3] as const;
export const statementQuerySchema = z.object({
  /** The linked account, the same id as FI/transaction's. */
  accountId: uuid,
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(3)
    .describe('1, 2 or 3: the statement covers that many months up to the last fetch (spec 001 §5)'),
});
/** What a client that accepts only JSON gets (the dashboard's HTTP helper); others get the PDF itself. */
export const statementPdfResponseSchema = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});

/** "View Insights": the customer's own fetched data, one account or all linked ones. */
export const insightsQuerySchema = z.object({ accountId: uuid.optional() });
export const insightsResponseSchema = z.object({
  /** The last 12 calendar months (India time) up to asOf, oldest first, months without money included as 0. */
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      inflow: z.number(),
      outflow: z.number(),
    }),
  ),
  /** Spending (debits) by category over the 3 months up to asOf, largest first; share is of their total (0–1). */
  categories: z.array(
    z.object({
      category: z.enum(TRANSACTION_CATEGORIES),
      amount: z.number(),
      share: z.number(),
    }),
  ),
  /** When the newest of the data was fetched from the bank; null when nothing is fetched yet. */
  asOf: instant.nullable(),
});

export const journeyStatusResponseSchema = z.object({
  bannerState: balanceBannerStateSchema,
  /** The banner's button (spec 001 §4), null for data_fetch_in_progress. */
  button: z.string().nullable(),
  stateId: finvuStateIdSchema,
  consentStatus: consentStatusSchema.nullable(),
  fetchStatus: fetchStatusSchema,
});
export const journeyInitiateBodySchema = z.object({ source: z.enum(CONSENT_SOURCES).default('myaccount') });
export const journeyInitiateResponseSchema = z.object({
  aggregator: z.string(),
  stateId: finvuStateIdSchema,
  consentWindow: z.object({ startDays: z.number(), endDays: z.number(), templateId: z.string() }),
  banks: z.array(
    z.object({ id: z.string(), bankId: z.number(), bankName: z.string(), icon: z.string(), logo: z.string() }),
  ),
  topBanks: z.array(z.string()),
  popularBanks: z.array(z.string()),
  eightDigitOtpBanks: z.array(z.string()),
});

export type CreateConsentResponse = z.infer<typeof createConsentResponseSchema>;
export type ConsentSummary = z.infer<typeof consentSummarySchema>;
export type AccountsDetailResponse = z.infer<typeof accountsDetailResponseSchema>;
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;
export type TransactionQuery = z.infer<typeof transactionQuerySchema>;
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;
export type DecideResponse = z.infer<typeof decideResponseSchema>;
export type JourneyStatusResponse = z.infer<typeof journeyStatusResponseSchema>;
export type JourneyInitiateResponse = z.infer<typeof journeyInitiateResponseSchema>;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
export type DeactivateResponse = z.infer<typeof deactivateResponseSchema>;
export type StatementQuery = z.infer<typeof statementQuerySchema>;
export type StatementPdfResponse = z.infer<typeof statementPdfResponseSchema>;
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
export type GetStateResponse = z.infer<typeof getStateResponseSchema>;
export type LinkedAccountView = z.infer<typeof linkedAccountSchema>;
