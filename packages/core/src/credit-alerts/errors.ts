import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Credit alert entries for the error catalogue (spec 001 §7 creditAlerts). The spec
 * names no text for these calls; the one below is ours and short. A missing or foreign access token
 * is the spec's tokenNotValidated (spec 001 §8).
 */
export const CREDIT_ALERT_ERRORS = {
  /**
   * An alert id that is not one of the signed-in customer's alerts: unknown and someone else's
   * answer the same, so nothing is learnt about other customers from it.
   */
  creditAlertNotFound: entry('creditAlertNotFound', 404, 'Alert not found'),
} as const satisfies Record<string, CatalogueEntry>;
