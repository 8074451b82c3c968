import type { GetLeadsResponse } from '@pravesh/core/leads/schemas.ts';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { api } from '../../app/api.ts';

/** The tag an apply (features/offers) invalidates, so a new lead shows in the list at once. */
export const LEADS_TAG = 'Leads';

/** spec 001 §7 myAccount/getLeads (the leads module): the customer's leads, newest first. */
export const leadsApi = api.enhanceEndpoints({ addTagTypes: [LEADS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    leads: build.query<GetLeadsResponse, void>({
      query: () => ({ method: 'GET', path: LEAD_ROUTES.getLeads }),
      providesTags: [LEADS_TAG],
    }),
  }),
});

export const { useLeadsQuery } = leadsApi;
