import { entry, type CatalogueEntry } from '../errors/entry.ts';

// Generic request errors of our server (not named by the spec).
export const REQUEST_ERRORS = {
  badRequest: entry('badRequest', 400, ({ detail }) => `Invalid request: ${detail}`),
  notFound: entry('notFound', 404, 'Route not found'),
  payloadTooLarge: entry('payloadTooLarge', 413, 'Request body is too large'),
  rateLimited: entry('rateLimited', 429, 'Too many requests, please retry later'),
  originNotAllowed: entry('originNotAllowed', 403, 'Origin is not allowed'),
  internal: entry('internalError', 500, 'Something went wrong! Please try again later'),
} as const satisfies Record<string, CatalogueEntry>;
