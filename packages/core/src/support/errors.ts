import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Support entries for the error catalogue (spec 001 §2 support tabs). spec 001 §8
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
  /** A chat message is 1 to CHAT_MESSAGE_LIMITS.maxLength characters of text. */
  chatMessageInvalid: entry('chatMessageInvalid', 400, 'Please write a message of up to 1,000 characters'),
  /** Messages per sender per minute (CHAT_MESSAGE_LIMITS.perMinute). */
  chatMessageLimit: entry('chatMessageLimit', 429, 'You’re sending messages very quickly. Please wait a moment'),
  /** Writing, rating or handing back a chat that is not in the state it needs (ended, or still queued). */
  chatNotActive: entry('chatNotActive', 409, 'This chat has ended'),
  chatRatingInvalid: entry('chatRatingInvalid', 400, 'Please choose a rating from 1 to 5'),
  /** The transcript goes only to the account's verified email; the account has none. */
  chatTranscriptNoEmail: entry(
    'chatTranscriptNoEmail',
    409,
    'Add an email address to your profile to get the transcript',
  ),
  /** The support desk's sign-in: one answer for an unknown email and a wrong password. */
  deskSignInFailed: entry('deskSignInFailed', 401, 'The email or password is not right'),
  /** The desk's sign-in attempts per email and per address (DESK_SIGN_IN_LIMIT). */
  deskSignInLimit: entry('deskSignInLimit', 429, 'Too many sign-in attempts. Please try again in 15 minutes'),
  /** A desk call without a live agent session (never a customer token). */
  deskSessionRequired: entry('deskSessionRequired', 401, 'Please sign in to the support desk'),
  /** The agent already has as many chats as their capacity. */
  deskAgentFull: entry(
    'deskAgentFull',
    409,
    'You already have as many chats as you can take. End or hand one back first',
  ),
  deskQueueEmpty: entry('deskQueueEmpty', 409, 'No customer is waiting'),
} as const satisfies Record<string, CatalogueEntry>;

export type SupportErrorKey = keyof typeof SUPPORT_ERRORS;
