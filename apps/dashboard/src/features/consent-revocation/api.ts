import { CONSENT_ROUTES } from '@pravesh/core/consent/constants.ts';
import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import type { MyConsentsResponse } from '@pravesh/core/self-service/schemas.ts';
import { api } from '../../app/api.ts';

export interface WithdrawArgs {
  contractId: string;
  customerId: string;
  visitorId: string;
  visitId: string | null;
}

/**
 * spec 001 §2 consent-revocation: the customer's consents from the ledger (consent module
 * my-consents.ts) and withdrawing one (POST puckar/withdraw: a new ledger entry, never an update).
 */
export const consentsApi = api.enhanceEndpoints({ addTagTypes: ['MyConsents'] }).injectEndpoints({
  endpoints: (build) => ({
    myConsents: build.query<MyConsentsResponse, void>({
      query: () => ({ path: SELF_SERVICE_ROUTES.consents, body: {} }),
      providesTags: ['MyConsents'],
    }),
    withdrawConsent: build.mutation<unknown, WithdrawArgs>({
      query: (body) => ({ path: CONSENT_ROUTES.withdraw, body }),
      invalidatesTags: ['MyConsents'],
    }),
  }),
});

export const { useMyConsentsQuery, useWithdrawConsentMutation } = consentsApi;
