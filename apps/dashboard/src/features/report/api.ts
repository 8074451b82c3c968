import type { Bureau } from '@pravesh/core/constants.ts';
import type { CreditReport } from '@pravesh/core/credit/schemas.ts';
import { CREDIT_ROUTES } from '@pravesh/core/credit/routes.ts';
import { api } from '../../app/api.ts';

/**
 * spec 000 §7 "Bureau report GET": the customer's latest stored report of one bureau (accounts,
 * enquiries, summary), from core's zod-free route table.
 */
export const BUREAU_REPORT_PATH = CREDIT_ROUTES.bureauReport;

export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    bureauReport: build.query<CreditReport, Bureau>({
      query: (creditBureau) => ({ method: 'GET', path: BUREAU_REPORT_PATH, query: { creditBureau } }),
    }),
  }),
});

export const { useBureauReportQuery } = reportApi;
