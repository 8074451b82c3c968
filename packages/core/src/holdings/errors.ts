import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Holdings entries for the error catalogue. The spec names no text for them; this one is ours.
 * A missing or foreign access token is the spec's tokenNotValidated (spec 001 §8).
 */
export const HOLDINGS_ERRORS = {
  /** spec 001 §9: the "ONDC eligible" switch is off in this environment. */
  ondcNotEligible: entry('ondcNotEligible', 404, 'Loans through ONDC are not available right now'),
} as const satisfies Record<string, CatalogueEntry>;
