import type { z } from 'zod';
import {
  OFFER_IMAGE_PREFIX,
  OFFER_ROUTES,
  OFFER_ROUTE_METHODS,
  cardTermsSchema,
  loanKfsSchema,
  offerResponseSchema,
  offerSchema,
  type ERRORS,
} from '@pravesh/core';

/**
 * What the offers routes add to the OpenAPI document (openapi.ts spreads these in): the catalogue
 * codes each route answers beyond the shield's and input errors, and the named shared schemas.
 */
const OFFER_READ_ERRORS = [
  'tokenNotValidated',
  'productNotAllowed',
] as const satisfies readonly (keyof typeof ERRORS)[];

export const OFFER_ROUTE_ERRORS: Record<string, readonly (keyof typeof ERRORS)[]> = {
  ...Object.fromEntries(
    (Object.keys(OFFER_ROUTES) as (keyof typeof OFFER_ROUTES)[]).map((route) => [
      `${OFFER_ROUTE_METHODS[route]} ${OFFER_ROUTES[route]}`,
      route === 'fetchQuotes' ? [...OFFER_READ_ERRORS, 'required'] : OFFER_READ_ERRORS,
    ]),
  ),
  [`GET ${OFFER_IMAGE_PREFIX}:kind/:file`]: ['doesNotExist'],
};

/** The offer reads: each answers the customer of the access token (pass token sso strategy or pb-access-token). */
export const OFFER_CUSTOMER_PATHS: readonly string[] = Object.values(OFFER_ROUTES);

export const OFFER_COMPONENTS: [z.ZodType, { id: string; description: string }][] = [
  [
    offerResponseSchema,
    {
      id: 'OfferResponse',
      description:
        'spec 000 §3 "Offer response": keyed by product (PL, CC, HL, BL, LAP, INS), each with subProductList; ' +
        'products without offers are left out, no offers at all is {}.',
    },
  ],
  [
    offerSchema,
    {
      id: 'Offer',
      description:
        'One subProductList item: the spec fields, then the lender, validTill (2030-12-12 when the lender ' +
        'gave none) and the disclosure to see before applying: kfs for loans, cardTerms for cards.',
    },
  ],
  [
    loanKfsSchema,
    {
      id: 'LoanKeyFactsStatement',
      description:
        "RBI's Key Facts Statement: legal name, sanctioned and net disbursed amount, rate type, APR (IRR × 12), " +
        'tenure and EMI, every fee with GST, total payable, penal charges, cooling-off period. Rupees to the paisa.',
    },
  ],
  [cardTermsSchema, { id: 'CardTerms', description: 'Card fees with GST, credit limit range and rewards.' }],
];
