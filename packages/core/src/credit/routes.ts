/**
 * The zod-free part of the credit capability: its paths, methods and header, so browser bundles
 * (the nudge) name them without carrying the schema library (as offers/routes.ts and
 * leads/routes.ts do).
 */

/**
 * Paths of spec 000 §7 and spec 001 §7/§9. Where the spec shows the path but not the method, or
 * shows neither ("Bureau report GET … paths not shown", the score meter), the choice is ours and
 * is kept the same on every route: reads are GET with the access token in the `pb-access-token`
 * header (never in the URL, spec 000 §7 names that header for the report GET) and the bureau,
 * when one is asked for, in the `creditBureau` query parameter; the one write (a consented pull)
 * is POST. All answers use the spec's envelope.
 */
/** Single paths the nudge names on their own, so its bundle carries these strings and not the whole table. */
export const CREDIT_SCORES_PATH = '/MSP/api/v1/myAccount/getCreditScores';
export const PULL_REPORT_PATH = '/BSP/api/v1/bureauApplication/pullReport';

export const CREDIT_ROUTES = {
  /** spec 000 §7 / spec 001 §9: MSP myAccount/getCreditScores → bureauScoreRecord[]. */
  getCreditScores: CREDIT_SCORES_PATH,
  /** spec 000 §7 "Bureau report GET (header pb-access-token)", path ours → creditReport. */
  bureauReport: '/MSP/api/v1/bureau/report',
  /** spec 000 §7 score meter service, path ours → scoreMeterResponse. */
  scoreMeter: '/MSP/api/v1/bureau/scoreMeter',
  /** spec 000 §7 / spec 001 §9: test and staging environments only → creditReport. */
  getCreditReport: '/MSP/api/v1/myAccount/getCreditReport',
  /** spec 001 §7 → reportStatusResponse. */
  reportStatus: '/BSP/api/v1/bureauApplication/reportStatus',
  /** spec 001 §7 → bureauScoreResponse. */
  getBureauScore: '/BSP/api/v1/bureauApplication/getBureauScore',
  /** Beyond the spec: pull reports on the customer's recorded consent, at most once per nextRefreshDate. */
  pullReport: PULL_REPORT_PATH,
} as const;
export type CreditRoute = keyof typeof CREDIT_ROUTES;

export const CREDIT_ROUTE_METHODS: Readonly<Record<CreditRoute, 'GET' | 'POST'>> = {
  getCreditScores: 'GET',
  bureauReport: 'GET',
  scoreMeter: 'GET',
  getCreditReport: 'GET',
  reportStatus: 'GET',
  getBureauScore: 'GET',
  pullReport: 'POST',
};

/** spec 000 §7: the header that carries the signed-in customer's access token. */
export const CREDIT_ACCESS_TOKEN_HEADER = 'pb-access-token';
