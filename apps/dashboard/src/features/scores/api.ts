import type { BureauScoreRecord } from '@pravesh/core/credit/schemas.ts';
import { api } from '../../app/api.ts';

/**
 * spec 000 §7 / spec 001 §9 myAccount/getCreditScores (the credit module, issue 14): one record per
 * bureau with a stored pull, in display order. The path is core's CREDIT_ROUTES.getCreditScores,
 * written here so the bundle does not carry the schema library (api.test.ts holds them equal).
 */
export const CREDIT_SCORES_PATH = '/MSP/api/v1/myAccount/getCreditScores';

export const scoresApi = api.injectEndpoints({
  endpoints: (build) => ({
    creditScores: build.query<BureauScoreRecord[], void>({
      query: () => ({ method: 'GET', path: CREDIT_SCORES_PATH }),
    }),
  }),
});

export const { useCreditScoresQuery } = scoresApi;
