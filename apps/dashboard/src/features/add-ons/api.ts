import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import type { AddOn } from '@pravesh/core/add-ons/catalogue.ts';
import type {
  AccountUserInformation,
  AddOnTransactionsResponse,
  CreditHealthReportResponse,
  Purchase,
  StepUpCardResponse,
} from '@pravesh/core/add-ons/schemas.ts';
import type { Http } from '../../lib/http.ts';
import { fetchPdf } from '../../lib/pdf-file.ts';
import { api } from '../../app/api.ts';

/**
 * The paid add-on calls (spec 001 §3 account slice creditAdvisor, creditHealth, creditCollection,
 * creditRectification, transactionsDetails, stepUpCardDetails; §7), through the one HTTP helper,
 * which retries transactions and getStepUpCardDetails once (§7). A purchase invalidates the
 * eligibility and the purchase list, so the cards show "Active" as soon as it is paid.
 */
export const ADD_ONS_TAG = 'AddOns';

export const addOnsApi = api.enhanceEndpoints({ addTagTypes: [ADD_ONS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    accountUserInformation: build.query<AccountUserInformation, void>({
      query: () => ({ method: 'GET', path: ADD_ON_ROUTES.accountUserInformation }),
      providesTags: [ADD_ONS_TAG],
    }),
    addOnTransactions: build.query<AddOnTransactionsResponse, void>({
      query: () => ({ method: 'GET', path: ADD_ON_ROUTES.transactions }),
      providesTags: [ADD_ONS_TAG],
    }),
    stepUpCard: build.query<StepUpCardResponse, void>({
      query: () => ({ method: 'GET', path: ADD_ON_ROUTES.getStepUpCardDetails }),
    }),
    createOrder: build.mutation<Purchase, { addOn: AddOn; idempotencyKey: string }>({
      query: (body) => ({ method: 'POST', path: ADD_ON_ROUTES.createOrder, body }),
    }),
    confirmPayment: build.mutation<Purchase, { purchaseId: string }>({
      query: (body) => ({ method: 'POST', path: ADD_ON_ROUTES.confirmPayment, body }),
      invalidatesTags: [ADD_ONS_TAG],
    }),
    orderStatus: build.mutation<Purchase, { purchaseId: string }>({
      query: ({ purchaseId }) => ({ method: 'GET', path: ADD_ON_ROUTES.orderStatus, query: { purchaseId } }),
      invalidatesTags: [ADD_ONS_TAG],
    }),
  }),
});

export const {
  useAccountUserInformationQuery,
  useAddOnTransactionsQuery,
  useStepUpCardQuery,
  useCreateOrderMutation,
  useConfirmPaymentMutation,
  useOrderStatusMutation,
} = addOnsApi;

/** The Credit Health Report the customer bought (spec 001 §1, §4), and the page that shows it. */
export const HEALTH_REPORT_PATH = '/credit-health-report';

export const healthReportApi = addOnsApi.injectEndpoints({
  endpoints: (build) => ({
    creditHealthReport: build.query<CreditHealthReportResponse, void>({
      query: () => ({ method: 'GET', path: ADD_ON_ROUTES.creditHealthReport }),
      providesTags: [ADD_ONS_TAG],
    }),
  }),
});

export const { useCreditHealthReportQuery } = healthReportApi;

/** The report as a PDF through the one HTTP helper: the server answers it base64 in the envelope, as invoices. */
export function fetchHealthReportPdf(http: Http): Promise<{ fileName: string; blob: Blob }> {
  return fetchPdf(http, ADD_ON_ROUTES.creditHealthReportPdf);
}
