import type { GetLeadsResponse } from '@pravesh/core/leads/schemas.ts';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { api } from '../../app/api.ts';

/** spec 001 §7 myAccount/getLeads (the leads module, issue 14): the customer's leads, newest first. */
export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    leads: build.query<GetLeadsResponse, void>({ query: () => ({ method: 'GET', path: LEAD_ROUTES.getLeads }) }),
  }),
});

export const { useLeadsQuery } = leadsApi;
