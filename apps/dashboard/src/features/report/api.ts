import type { Bureau } from '@pravesh/core/constants.ts';
import type { CreditReport } from '@pravesh/core/credit/schemas.ts';
import { api } from '../../app/api.ts';

/**
 * spec 000 §7 "Bureau report GET": the customer's latest stored report of one bureau (accounts,
 * enquiries, summary). The path is core's CREDIT_ROUTES.bureauReport, written here so the bundle
 * does not carry the schema library (api.test.ts holds them equal).
 */
export const BUREAU_REPORT_PATH = '/MSP/api/v1/bureau/report';

export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    bureauReport: build.query<CreditReport, Bureau>({
      query: (creditBureau) => ({ method: 'GET', path: BUREAU_REPORT_PATH, query: { creditBureau } }),
    }),
  }),
});

export const { useBureauReportQuery } = reportApi;
