import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Lead entries for the error catalogue. The spec names no apply error beyond the
 * modal's "Unable to fetch details" (spec 000 §8), which the nudge shows for any failed apply; the
 * texts below are ours and kept short, because the whole catalogue travels in the SDK's visitor
 * script (its gzip budget). A missing or foreign access token is the spec's tokenNotValidated
 * (spec 001 §8); a partner without a configured continue URL is the generic error.
 */
export const LEAD_ERRORS = {
  /** The body's mobile number is not the signed-in customer's. */
  applyMobileMismatch: entry('applyMobileMismatch', 403, 'Mobile number mismatch'),
  /** No such offer, or not one this customer may apply to: one answer, so nothing is learnt from it. */
  offerNotAvailable: entry('offerNotAvailable', 404, 'Offer not available'),
  /** No lead with that id for this customer (or that reference for this partner). */
  leadNotFound: entry('leadNotFound', 404, 'Lead not found'),
  /** The partner endpoints without a valid partner key. */
  partnerKeyInvalid: entry('partnerKeyInvalid', 401, 'Partner key not valid'),
  /** A partner status the lifecycle table (lifecycle.ts) does not allow from the lead's current one. */
  leadTransitionRefused: entry('leadTransitionRefused', 409, 'Lead status change not allowed'),
  /** The customer's withdrawal of an application the lender has already decided (lifecycle.ts canCustomerWithdraw). */
  leadNotWithdrawable: entry('leadNotWithdrawable', 409, 'Application already decided'),
} as const satisfies Record<string, CatalogueEntry>;
