import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import type { AddOn } from '@pravesh/core/add-ons/catalogue.ts';
import type {
  AccountUserInformation,
  AddOnTransactionsResponse,
  Purchase,
  StepUpCardResponse,
} from '@pravesh/core/add-ons/schemas.ts';
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
