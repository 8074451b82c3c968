import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import type { ConsentSource } from './journey-source.ts';
import type {
  AccountsDetailResponse,
  CreateConsentResponse,
  DeactivateResponse,
  DecideResponse,
  DiscoverResponse,
  InsightsResponse,
  JourneyInitiateResponse,
  JourneyStatusResponse,
  RefreshResponse,
  StatementPdfResponse,
  TransactionsResponse,
} from '@pravesh/core/aggregator/schemas.ts';
import type { TransactionTab } from '@pravesh/core/aggregator/constants.ts';
import { api } from '../../app/api.ts';
import type { ApiError, Http } from '../../lib/http.ts';

/**
 * The OVI consent and banking service (spec 001 §7) as My Account calls it: RTK Query over the one
 * HTTP helper, which applies §7's retries by path (1 for fetchUserAccountInfo, 5 for refreshData,
 * with §9's waits). Paths come from core's zod-free AGGREGATOR_ROUTES; payload types are
 * type-only imports, so the bundle carries no schema library.
 */

/**
 * Refusals the screens answer in place (spec 001 §5 OTP texts, §8 refresh switch, the statement's
 * own): kept out of the API_ERROR list, so a typo in the bank's OTP does not send the next page
 * load to the root.
 */
const HANDLED = {
  otp: ['otpIncorrect', 'otpIncorrectOnResend', 'otpFailure'],
  refresh: ['dataRefreshDisabled', 'aaConsentNotActive'],
  data: ['aaDataNotReady', 'aaDataDeleted', 'aaStatementDisabled', 'aaConsentNotActive'],
  journey: ['aaMobileMismatch', 'aaStepNotAllowed'],
} as const;

export const AA_ACCOUNTS_TAG = 'AaAccounts';
export const AA_STATUS_TAG = 'AaStatus';

export interface TransactionsArgs {
  accountId: string;
  type: TransactionTab;
  page: number;
  /** YYYY-MM-DD, inclusive (features/aggregator date-range.ts). */
  from?: string;
  to?: string;
}

export const aggregatorApi = api.enhanceEndpoints({ addTagTypes: [AA_ACCOUNTS_TAG, AA_STATUS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    journeyInitiate: build.query<JourneyInitiateResponse, ConsentSource>({
      query: (source) => ({ method: 'POST', path: AGGREGATOR_ROUTES.journeyInitiate, body: { source } }),
      // Its state id changes when a consent is given or revoked.
      providesTags: [AA_STATUS_TAG],
    }),
    createConsent: build.mutation<
      CreateConsentResponse,
      { mobileNo: string; source: ConsentSource; addAnotherBank?: boolean }
    >({
      query: (body) => ({ method: 'POST', path: AGGREGATOR_ROUTES.consent, body, handledCodes: HANDLED.journey }),
    }),
    discover: build.mutation<DiscoverResponse, { consentHandle: string; fipId: string }>({
      query: (body) => ({ method: 'POST', path: AGGREGATOR_ROUTES.discover, body }),
    }),
    link: build.mutation<
      { refNumber: string; otpLength: 6 | 8 },
      { consentHandle: string; fipId: string; accRefNumbers: string[] }
    >({
      query: (body) => ({ method: 'POST', path: AGGREGATOR_ROUTES.link, body, handledCodes: HANDLED.journey }),
    }),
    confirmLink: build.mutation<DiscoverResponse, { refNumber: string; otp: string }>({
      query: (body) => ({ method: 'POST', path: AGGREGATOR_ROUTES.linkConfirm, body, handledCodes: HANDLED.otp }),
    }),
    decide: build.mutation<DecideResponse, { consentHandle: string; decision: 'APPROVE' | 'REJECT' }>({
      query: (body) => ({ method: 'POST', path: AGGREGATOR_ROUTES.decide, body }),
      invalidatesTags: [AA_ACCOUNTS_TAG, AA_STATUS_TAG],
    }),
    /** Polled every 20000 ms while a fetch runs (spec 001 §9); one retry (§7). */
    accountsInfo: build.query<AccountsDetailResponse, void>({
      query: () => ({ method: 'GET', path: AGGREGATOR_ROUTES.fetchUserAccountInfo }),
      providesTags: [AA_ACCOUNTS_TAG],
    }),
    journeyStatus: build.query<JourneyStatusResponse, void>({
      query: () => ({ method: 'GET', path: AGGREGATOR_ROUTES.journeyDataStatus }),
      providesTags: [AA_STATUS_TAG],
    }),
    transactions: build.query<TransactionsResponse, TransactionsArgs>({
      query: ({ accountId, type, page, from, to }) => ({
        method: 'GET',
        path: AGGREGATOR_ROUTES.transaction,
        query: { accountId, type, page, from, to },
      }),
      providesTags: [AA_ACCOUNTS_TAG],
    }),
    deactivate: build.mutation<DeactivateResponse, void>({
      query: () => ({ method: 'DELETE', path: AGGREGATOR_ROUTES.deActivateUserData }),
      invalidatesTags: [AA_ACCOUNTS_TAG, AA_STATUS_TAG],
    }),
    /** "View Insights": monthly money in and out, spend by category, of all linked accounts. */
    insights: build.query<InsightsResponse, void>({
      query: () => ({ method: 'GET', path: AGGREGATOR_ROUTES.insights, handledCodes: HANDLED.data }),
      providesTags: [AA_ACCOUNTS_TAG],
    }),
  }),
});

export const {
  useJourneyInitiateQuery,
  useCreateConsentMutation,
  useDiscoverMutation,
  useLinkMutation,
  useConfirmLinkMutation,
  useDecideMutation,
  useAccountsInfoQuery,
  useJourneyStatusQuery,
  useTransactionsQuery,
  useDeactivateMutation,
  useInsightsQuery,
} = aggregatorApi;

/**
 * refreshData (spec 001 §7, 5 retries at §9's 20/40/100/200/500 s) goes straight through the helper
 * rather than as an RTK mutation: it reports each wait to the screen (onRetry), and a callback has
 * no place in an action's arguments.
 */
export function refreshData(
  http: Http,
  onRetry: (retry: { attempt: number; delayMs: number; error: ApiError }) => void,
): Promise<RefreshResponse> {
  return http.call<RefreshResponse>('POST', AGGREGATOR_ROUTES.refreshData, {
    body: {},
    onRetry,
    handledCodes: HANDLED.refresh,
  });
}

/**
 * One account's statement of the last 1, 2 or 3 months as a PDF (spec 001 §5, §7 fi/transaction):
 * the helper reads JSON, so the server answers the file base64 in the envelope.
 */
export async function fetchStatementPdf(
  http: Http,
  accountId: string,
  months: 1 | 2 | 3,
): Promise<{ fileName: string; blob: Blob }> {
  const reply = await http.call<StatementPdfResponse>('GET', AGGREGATOR_ROUTES.statement, {
    query: { accountId, months },
    handledCodes: HANDLED.data,
  });
  const bytes = Uint8Array.from(atob(reply.base64), (char) => char.charCodeAt(0));
  return { fileName: reply.fileName, blob: new Blob([bytes], { type: reply.contentType }) };
}

/** The service's own words for a refusal (the catalogue's text, spec 001 §8), when it sent them. */
export function messageOf(error: unknown): string | undefined {
  const body = (error as { body?: unknown } | undefined)?.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { statusMessage?: unknown }).statusMessage;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export function codeOf(error: unknown): string | undefined {
  const code = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof code === 'string' ? code : undefined;
}

export type { InsightsResponse };
