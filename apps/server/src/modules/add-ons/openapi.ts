import { ADD_ON_ROUTES, ADD_ON_ROUTE_METHODS, type ERRORS } from '@pravesh/core';

type ErrorKey = keyof typeof ERRORS;

/**
 * What the add-on routes add to the OpenAPI document (openapi.ts spreads it in): the catalogue
 * codes each answers beyond the shield's and input errors. productList needs no access token.
 */
const ROUTE_ERRORS: Record<keyof typeof ADD_ON_ROUTES, readonly ErrorKey[]> = {
  accountUserInformation: ['tokenNotValidated'],
  transactions: ['tokenNotValidated'],
  getStepUpCardDetails: ['tokenNotValidated'],
  productList: [],
  createOrder: [
    'tokenNotValidated',
    'addOnNotEligible',
    'addOnAlreadySubscribed',
    'idempotencyKeyReused',
    'paymentUnavailable',
  ],
  confirmPayment: ['tokenNotValidated', 'purchaseNotFound', 'paymentUnavailable'],
  orderStatus: ['tokenNotValidated', 'purchaseNotFound', 'paymentUnavailable'],
  creditHealthReport: ['tokenNotValidated', 'creditHealthNotSubscribed'],
  creditHealthReportPdf: ['tokenNotValidated', 'creditHealthNotSubscribed'],
};

export const ADD_ON_ROUTE_ERRORS: Record<string, readonly ErrorKey[]> = Object.fromEntries(
  (Object.keys(ADD_ON_ROUTES) as (keyof typeof ADD_ON_ROUTES)[]).map((route) => [
    `${ADD_ON_ROUTE_METHODS[route]} ${ADD_ON_ROUTES[route]}`,
    ROUTE_ERRORS[route],
  ]),
);

/** Routes that take the customer's access token beside the pass token (all but productList). */
export const ADD_ON_CUSTOMER_PATHS: readonly string[] = Object.entries(ADD_ON_ROUTES)
  .filter(([route]) => route !== 'productList')
  .map(([, path]) => path);
