import { entry, type CatalogueEntry } from '../errors/entry.ts';

// Generic request errors of our server (not named by the spec).
export const REQUEST_ERRORS = {
  badRequest: entry('badRequest', 400, ({ detail }) => `Invalid request: ${detail}`),
  notFound: entry('notFound', 404, 'Route not found'),
  payloadTooLarge: entry('payloadTooLarge', 413, 'Request body is too large'),
  rateLimited: entry('rateLimited', 429, 'Too many requests, please retry later'),
  originNotAllowed: entry('originNotAllowed', 403, 'Origin is not allowed'),
  internal: entry('internalError', 500, 'Something went wrong! Please try again later'),
  /**
   * A dependency (database, Redis, a write queue at its bound) is briefly unavailable: nothing was
   * stored, and the same request may be retried after the response's Retry-After (RFC 9110 §15.6.4).
   */
  serviceUnavailable: entry('serviceUnavailable', 503, 'We are busy right now. Please try again in a few seconds'),
} as const satisfies Record<string, CatalogueEntry>;
