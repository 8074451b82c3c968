import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Paid add-on entries for the error catalogue (spec 001 §1 add-ons and their purchase flow).
 * The spec names no purchase errors; these texts are ours, written for the customer who reads
 * them on the card. A missing or foreign access token is the spec's tokenNotValidated.
 */
export const ADD_ON_ERRORS = {
  /** The eligibility object says no (spec 001 §4): not sold to this customer today. */
  addOnNotEligible: entry('addOnNotEligible', 409, 'This service is not available for your account right now'),
  /** A successful purchase of the add-on already stands. */
  addOnAlreadySubscribed: entry('addOnAlreadySubscribed', 409, 'You have already bought this service'),
  /** The idempotency key was used for a purchase of another add-on. */
  idempotencyKeyReused: entry('idempotencyKeyReused', 409, 'This request was already used for another purchase'),
  /**
   * The Credit Health Report asked for without a successful payment for it (spec 001 §4 "Credit
   * health: subscribed when the last payment status is success").
   */
  creditHealthNotSubscribed: entry(
    'creditHealthNotSubscribed',
    403,
    'Buy the Credit Health Report to see this analysis',
  ),
  /** No purchase with that id for this customer. */
  purchaseNotFound: entry('purchaseNotFound', 404, 'Purchase not found'),
  /** The payment gateway did not answer, or payments are switched off: nothing was charged. */
  paymentUnavailable: entry(
    'paymentUnavailable',
    503,
    'Payments are unavailable right now. You have not been charged. Please try again later',
  ),
} as const satisfies Record<string, CatalogueEntry>;
