import type { GetLeadsResponse, LeadDetailsResponse } from '@pravesh/core/leads/schemas.ts';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { api } from '../../app/api.ts';

/** The tag an apply (features/offers) invalidates, so a new lead shows in the list at once. */
export const LEADS_TAG = 'Leads';

/** Answers the withdrawal screen words itself (an already decided lead), not failed calls for API_ERROR. */
const WITHDRAW_HANDLED = ['leadNotWithdrawable', 'leadNotFound'] as const;

/** spec 001 §7 myAccount/getLeads and getUpdatedLeadDetails (the leads module), and the withdrawal. */
export const leadsApi = api.enhanceEndpoints({ addTagTypes: [LEADS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    leads: build.query<GetLeadsResponse, void>({
      query: () => ({ method: 'GET', path: LEAD_ROUTES.getLeads }),
      providesTags: [LEADS_TAG],
    }),
    /** One lead with its status history, oldest first (spec 001 §3 account slice leadDetails). */
    leadDetails: build.query<LeadDetailsResponse, string>({
      query: (leadId) => ({ method: 'GET', path: LEAD_ROUTES.getUpdatedLeadDetails, query: { leadId } }),
      providesTags: [LEADS_TAG],
    }),
    withdrawLead: build.mutation<LeadDetailsResponse, string>({
      query: (leadId) => ({
        method: 'POST',
        path: LEAD_ROUTES.withdrawLead,
        body: { leadId },
        handledCodes: WITHDRAW_HANDLED,
      }),
      // A refusal too: the lead moved (decided) since the list was read, so the list is read again.
      invalidatesTags: [LEADS_TAG],
    }),
  }),
});

export const { useLeadsQuery, useLeadDetailsQuery, useWithdrawLeadMutation } = leadsApi;
