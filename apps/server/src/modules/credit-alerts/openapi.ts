import { CREDIT_ALERT_ROUTES, CREDIT_ALERT_ROUTE_METHODS, type CreditAlertRoute, type ERRORS } from '@pravesh/core';

/** The creditAlerts routes' catalogue codes for the API document (apps/server/src/openapi.ts), by "METHOD path". */
const CODES: Record<CreditAlertRoute, readonly (keyof typeof ERRORS)[]> = {
  getUserAlertSegment: ['tokenNotValidated'],
  getUserAllAlerts: ['tokenNotValidated', 'invalidCreditBureau'],
  createUpdateUserAlertState: ['tokenNotValidated', 'creditAlertNotFound'],
  subscribeBureauAlerts: ['tokenNotValidated'],
};

export const CREDIT_ALERT_ROUTE_ERRORS: Record<string, readonly (keyof typeof ERRORS)[]> = Object.fromEntries(
  (Object.keys(CREDIT_ALERT_ROUTES) as CreditAlertRoute[]).map((route) => [
    `${CREDIT_ALERT_ROUTE_METHODS[route]} ${CREDIT_ALERT_ROUTES[route]}`,
    CODES[route],
  ]),
);

/** Routes that take the customer's access token beside the pass token. */
export const CREDIT_ALERT_CUSTOMER_PATHS: readonly string[] = Object.values(CREDIT_ALERT_ROUTES);
