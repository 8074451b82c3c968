import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Request errors only the server raises: browser code reads their statusCode and shows the
 * server's statusMessage, so the SDK's scripts need not carry them (errors/server-groups.ts).
 */
export const SERVER_REQUEST_ERRORS = {
  /**
   * A dependency (database, Redis, a write queue at its bound) is briefly unavailable: nothing was
   * stored, and the same request may be retried after the response's Retry-After (RFC 9110 §15.6.4).
   */
  serviceUnavailable: entry('serviceUnavailable', 503, 'We are busy right now. Please try again in a few seconds'),
} as const satisfies Record<string, CatalogueEntry>;
