import { HOLDINGS_ROUTES, type ERRORS } from '@pravesh/core';

/** What the holdings routes add to the OpenAPI document (openapi.ts spreads these in): their catalogue codes. */
export const HOLDINGS_ROUTE_ERRORS: Record<string, readonly (keyof typeof ERRORS)[]> = Object.fromEntries(
  Object.values(HOLDINGS_ROUTES).map((path) => [
    `GET ${path}`,
    path === HOLDINGS_ROUTES.ondcLoans ? ['tokenNotValidated', 'ondcNotEligible'] : ['tokenNotValidated'],
  ]),
);
