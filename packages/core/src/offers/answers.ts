import { MAX_OFFERS_PER_TILE, MAX_SUMMARY_OFFER_COUNT, OFFER_PRODUCTS } from './routes.ts';
import type { Offer, OfferResponse } from './schemas.ts';

/**
 * Helpers over an offers answer. Apart from routes.ts, which schemas.ts builds on, so the two do
 * not import each other; like routes.ts, free of the schema library (types only).
 */

/** Every offer of a response, in display order (products in OFFER_PRODUCTS order). */
export function flattenOffers(response: OfferResponse): Offer[] {
  return OFFER_PRODUCTS.flatMap((product) => response[product]?.subProductList ?? []);
}

/** The offers the nudge tile and modal show: the first MAX_OFFERS_PER_TILE (spec 000 §9). */
export function tileOffers(response: OfferResponse): Offer[] {
  return flattenOffers(response).slice(0, MAX_OFFERS_PER_TILE);
}

/** The home summary's count: capped at MAX_SUMMARY_OFFER_COUNT (spec 000 §9). */
export function summaryOfferCount(response: OfferResponse): number {
  return Math.min(flattenOffers(response).length, MAX_SUMMARY_OFFER_COUNT);
}
