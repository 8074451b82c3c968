import { HOLDINGS_ROUTES } from '@pravesh/core/holdings/routes.ts';
import type { MutualFundStatus, OndcLoansResponse, PolicyDetailsResponse } from '@pravesh/core/holdings/schemas.ts';
import { api } from '../../app/api.ts';

/**
 * spec 001 §3 account slice userMutualFundStatus, walletProtectionData and ONDCDisbursedLeads, from
 * §7 myAccount/getMutualFundStatus, wpsp/policyDetails and ondc/loans, through the one HTTP helper.
 */
export const holdingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    mutualFundStatus: build.query<MutualFundStatus, void>({
      query: () => ({ method: 'GET', path: HOLDINGS_ROUTES.getMutualFundStatus }),
    }),
    walletProtection: build.query<PolicyDetailsResponse, void>({
      query: () => ({ method: 'GET', path: HOLDINGS_ROUTES.policyDetails }),
    }),
    ondcLoans: build.query<OndcLoansResponse, void>({
      query: () => ({ method: 'GET', path: HOLDINGS_ROUTES.ondcLoans }),
    }),
  }),
});

export const { useMutualFundStatusQuery, useWalletProtectionQuery, useOndcLoansQuery } = holdingsApi;
