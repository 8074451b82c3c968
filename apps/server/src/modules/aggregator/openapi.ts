import { AGGREGATOR_ROUTES, AGGREGATOR_ROUTE_METHODS, type AggregatorRoute, type ERRORS } from '@pravesh/core';

/** What the aggregator routes add to the OpenAPI document (openapi.ts spreads these in): their catalogue codes. */
type Key = keyof typeof ERRORS;
const BASE: readonly Key[] = ['tokenNotValidated', 'aggregatorPageError'];
const EXTRA: Partial<Record<AggregatorRoute, readonly Key[]>> = {
  consent: ['aaMobileMismatch'],
  stateCapture: ['aaNotFound'],
  discover: ['aaNotFound', 'aaStepNotAllowed'],
  link: ['aaNotFound', 'aaStepNotAllowed'],
  linkConfirm: ['aaNotFound', 'otpIncorrect', 'otpIncorrectOnResend'],
  decide: ['aaNotFound', 'aaStepNotAllowed'],
  refreshData: ['dataRefreshDisabled', 'aaConsentNotActive'],
  transaction: ['aaNotFound', 'aaDataDeleted', 'aaConsentNotActive', 'aaDateRangeInvalid'],
  statement: ['aaNotFound', 'aaDataDeleted', 'aaConsentNotActive', 'aaDataNotReady', 'aaStatementDisabled'],
  insights: ['aaNotFound', 'aaDataDeleted', 'aaConsentNotActive', 'aaDataNotReady'],
};

export const AGGREGATOR_ROUTE_ERRORS: Record<string, readonly Key[]> = Object.fromEntries(
  (Object.keys(AGGREGATOR_ROUTES) as AggregatorRoute[]).map((route) => [
    `${AGGREGATOR_ROUTE_METHODS[route]} ${AGGREGATOR_ROUTES[route]}`,
    [...BASE, ...(EXTRA[route] ?? [])],
  ]),
);

/** Every aggregator route answers the customer of the access token. */
export const AGGREGATOR_CUSTOMER_PATHS: readonly string[] = Object.values(AGGREGATOR_ROUTES);
