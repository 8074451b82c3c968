/**
 * The zod-free part of the offers capability: products, spec constants, the paths
 * of the offer reads and helpers over an answer. Browser bundles (the nudge) import this file
 * without pulling in the schema library; schemas.ts builds the zod schemas on it.
 */

/**
 * Products an offer is for (spec 000 §3 "keyed by product (PL, CC and so on)"; the credit codes are
 * the data-item products of spec 000 §5). A secured card is a CC whose cardTerms.cardKind is
 * SECURED. INS is insurance cover (spec 001 §1 "loan, card and insurance offers", §3 offer slice
 * insuranceOffers); spec 000 §5 names no insurance code, so the code is ours.
 */
export const OFFER_PRODUCTS = ['PL', 'CC', 'HL', 'BL', 'LAP', 'INS'] as const;
export type OfferProduct = (typeof OFFER_PRODUCTS)[number];

export const OFFER_PRODUCT_NAMES: Readonly<Record<OfferProduct, string>> = {
  PL: 'Personal Loan',
  CC: 'Credit Card',
  HL: 'Home Loan',
  BL: 'Business Loan',
  LAP: 'Loan Against Property',
  INS: 'Insurance',
};

/** Loans carry an RBI Key Facts Statement; cards are exempt from it and carry cardTerms instead. */
export const LOAN_PRODUCTS = ['PL', 'HL', 'BL', 'LAP'] as const satisfies readonly OfferProduct[];
export type LoanProduct = (typeof LOAN_PRODUCTS)[number];
export function isLoanProduct(product: OfferProduct): product is LoanProduct {
  return (LOAN_PRODUCTS as readonly string[]).includes(product);
}

/** Insurance carries insuranceTerms (its cover, premium and free-look period), neither KFS nor card terms. */
export function isInsuranceProduct(product: OfferProduct): product is 'INS' {
  return product === 'INS';
}

/** spec 000 §9: the date an offer shows when its validity is missing. */
export const OFFER_PLACEHOLDER_DATE = '2030-12-12';
/** spec 000 §3: shortDescriptionApp holds up to 6 bullets. */
export const MAX_OFFER_BULLETS = 6;
/** spec 000 §3: statement.statementText is made of segments separated by a double caret. */
export const STATEMENT_SEPARATOR = '^^';
/** spec 000 §9: at most 2 offers in the nudge tile and in the offers modal. */
export const MAX_OFFERS_PER_TILE = 2;
/** spec 000 §9: the total-offer count of the home summary is capped at 3. */
export const MAX_SUMMARY_OFFER_COUNT = 3;

/** The segments of a statementText ("Pre-approved ^^₹5,00,000^^ at 10.99%"), blanks dropped. */
export function statementSegments(statementText: string): string[] {
  return statementText
    .split(STATEMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

/**
 * Paths of spec 000 §7 and spec 001 §7/§9. Where the spec shows no method or no path, the choice
 * is ours and kept the same on every route (as CREDIT_ROUTES does): every offer read is GET; the
 * customer is the one whose access token the request carries (the pass token's sso strategy,
 * i.e. the `sso-authentication-token` header moved in by the SDK, or `pb-access-token`), so no
 * customer id travels in a URL; every answer uses the spec's envelope.
 */
/** The nudge's personalisation fetch, named on its own so its bundle does not carry the whole table. */
export const PERSONALIZATION_PATH = '/MSP/api/v1/pco/personalization';

export const OFFER_ROUTES = {
  /**
   * spec 000 §7 "Pre-approved offers GET (headers pb-access-token and sso-authentication-token;
   * reply status and response keyed by product)"; path ours → OfferResponse.
   */
  preApprovedOffers: '/MSP/api/v1/pco/preApprovedOffers',
  /** spec 000 §7 / spec 001 §9 pco/offers (method not shown: GET) → OfferResponse. */
  pcoOffers: '/MSP/api/v1/pco/offers',
  /** spec 000 §4 "A personalization fetch sets stored offers"; path ours → PersonalizationResponse. */
  personalization: PERSONALIZATION_PATH,
  /** spec 001 §7 → OfferResponse (the dashboard's preApprovedOffers). */
  getOffers: '/BSP/api/v2/offer/getOffers',
  /** spec 001 §7 → OffersPageResponse (the offers page). */
  offersV3: '/BSP/api/v3/offers',
  /** spec 001 §7 → FetchQuotesResponse. */
  fetchQuotes: '/BSP/api/v1/offer/fetchQuotes',
} as const;
export type OfferRoute = keyof typeof OFFER_ROUTES;

export const OFFER_ROUTE_METHODS: Readonly<Record<OfferRoute, 'GET' | 'POST'>> = {
  preApprovedOffers: 'GET',
  pcoOffers: 'GET',
  personalization: 'GET',
  getOffers: 'GET',
  offersV3: 'GET',
  fetchQuotes: 'GET',
};

/** Where the server serves offer images (outside the service prefixes: images carry no pass token). */
export const OFFER_IMAGE_PREFIX = '/assets/offers/';
