import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Support entries for the error catalogue (spec 001 §2 support tabs; issue 16 §1). spec 001 §8
 * names no message for these screens; the texts are ours, written for the customer who reads them
 * under a field. An email that breaks spec 001 §5's strict rule is the sign-on module's
 * invalidEmail; a missing field is spec 000 §8's "[field] is required"; a missing or foreign access
 * token is the spec's tokenNotValidated.
 */
export const SUPPORT_ERRORS = {
  faqQueryTooLong: entry('faqQueryTooLong', 400, 'Please shorten your search to 100 characters or fewer'),
  supportProductRequired: entry('supportProductRequired', 400, 'Please choose what your query is about'),
  supportSubjectInvalid: entry('supportSubjectInvalid', 400, 'Please enter a subject of 5 to 120 characters'),
  supportMessageInvalid: entry('supportMessageInvalid', 400, 'Please describe your query in 20 to 2,000 characters'),
  /** The per-customer limit of queries (SUPPORT_QUERY_LIMIT); a retry of a stored query never counts. */
  supportQueryLimit: entry(
    'supportQueryLimit',
    429,
    'You’ve sent us several queries in the last hour. Please try again later, or call us',
  ),
  /** The request id was used for a query with other content (a retry must repeat the query as it was). */
  supportRequestReused: entry('supportRequestReused', 409, 'This request was already used for another query'),
  /** spec 001 §9 "Chat enabled": off in this environment. */
  chatDisabled: entry('chatDisabled', 403, 'Chat is not available right now. Please call or write to us instead'),
  /** No live chat with that id for this customer: one answer, so nothing is learnt from it. */
  chatNotFound: entry('chatNotFound', 404, 'Chat not found'),
} as const satisfies Record<string, CatalogueEntry>;

export type SupportErrorKey = keyof typeof SUPPORT_ERRORS;
