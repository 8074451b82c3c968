import type { Bureau } from '@pravesh/core/constants.ts';
import type { BureauScoreRecord, BureauScoreResponse } from '@pravesh/core/credit/schemas.ts';
import { CREDIT_ROUTES } from '@pravesh/core/credit/routes.ts';
import { api } from '../../app/api.ts';

/**
 * spec 000 §7 / spec 001 §9 myAccount/getCreditScores (the credit module): one record per
 * bureau with a stored pull, in display order. From core's zod-free route table, so the bundle does
 * not carry the schema library.
 */
export const CREDIT_SCORES_PATH = CREDIT_ROUTES.getCreditScores;

/**
 * spec 001 §7 bureauApplication/getBureauScore: one bureau's record with its monthly score history
 * (oldest month first, 12+ months for a scored file), the data of the score history chart. The
 * credit module already serves the history here, so no new path is needed.
 */
export const BUREAU_SCORE_PATH = CREDIT_ROUTES.getBureauScore;

/** A fresh pull (the no-hit card's "Try again") makes every score read stale. */
const SCORES_TAG = 'CreditScores';

export const scoresApi = api.enhanceEndpoints({ addTagTypes: [SCORES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    creditScores: build.query<BureauScoreRecord[], void>({
      query: () => ({ method: 'GET', path: CREDIT_SCORES_PATH }),
      providesTags: [SCORES_TAG],
    }),
    bureauScore: build.query<BureauScoreResponse, Bureau>({
      query: (creditBureau) => ({ method: 'GET', path: BUREAU_SCORE_PATH, query: { creditBureau } }),
      providesTags: [SCORES_TAG],
    }),
    /** bureauApplication/pullReport: asks every bureau again, on the consent already recorded. */
    pullReports: build.mutation<unknown, void>({
      query: () => ({ method: 'POST', path: CREDIT_ROUTES.pullReport, body: {} }),
      invalidatesTags: [SCORES_TAG],
    }),
  }),
});

export const { useCreditScoresQuery, useBureauScoreQuery, usePullReportsMutation } = scoresApi;
