import { isValidEmail } from '../sso/constants.ts';

/**
 * Support's pure rules (spec 001 §2 support tabs), shared by the server, which
 * enforces them, and the dashboard, which shows the same message under the field before sending.
 */

/** FAQ search: the customer's words, at most this long; a result limit the server caps. */
export const FAQ_SEARCH = { maxQueryLength: 100, defaultLimit: 50, maxLimit: 50 } as const;

/** Queries a customer may send per rolling hour (a retry of a stored query does not count). */
export const SUPPORT_QUERY_LIMIT = { perHour: 5, windowMs: 60 * 60 * 1000 } as const;

export const SUPPORT_QUERY_LENGTHS = {
  subject: { min: 5, max: 120 },
  message: { min: 20, max: 2000 },
} as const;

/**
 * What a query can be about besides the marketplace's products (myAccount/productList): the
 * account's own services, which are what most My Account questions concern.
 */
export const SUPPORT_TOPICS = [
  { key: 'topicCreditScore', name: 'Credit score and credit report' },
  { key: 'topicDispute', name: 'A mistake in my credit report' },
  { key: 'topicPaidServices', name: 'Paid services, payments and invoices' },
  { key: 'topicAccount', name: 'My account, privacy and consent' },
  { key: 'topicLinkedAccounts', name: 'Linked bank accounts' },
] as const;

/**
 * "Chat with us": a page with a live chat asks again every `pollMs` (its place in the queue, and
 * that it is still there); a chat not asked about for `idleMs` is ended, so a closed tab neither
 * keeps a place in the queue nor holds an agent's place.
 */
export const CHAT_LIVENESS = { pollMs: 10_000, idleMs: 2 * 60_000 } as const;

/**
 * Live chat messages: plain text (shown as text, never as markup), at most `maxLength` characters
 * (as a person counts them); a sender may send `perMinute` a minute. Typing signals are sent at
 * most every `typingEveryMs` and shown for `typingShownMs` after the last.
 */
export const CHAT_MESSAGE_LIMITS = {
  maxLength: 1000,
  perMinute: 20,
  windowMs: 60_000,
  typingEveryMs: 2_500,
  typingShownMs: 5_000,
} as const;

/** A stream is closed after this long and opened again, so a signed-out session stops hearing at once its next turn. */
export const CHAT_STREAM_MAX_MS = 5 * 60_000;

/** Desk sign-in attempts per email (and per address) per 15 minutes; desk sessions last a working shift. */
export const DESK_SIGN_IN_LIMIT = { attempts: 10, windowMs: 15 * 60_000 } as const;
export const DESK_SESSION_MS = 12 * 60 * 60_000;

/** The message as stored, or undefined when it is empty or too long. */
export function chatMessageText(value: string): string | undefined {
  const text = normaliseQueryText(value);
  const count = [...text].length;
  return count >= 1 && count <= CHAT_MESSAGE_LIMITS.maxLength ? text : undefined;
}

/** A reference number a customer can read out on the phone: SR-<IST date YYMMDD>-<6 of Crockford base32>. */
export const SUPPORT_REFERENCE_PATTERN = /^SR-\d{6}-[0-9A-HJKMNP-TV-Z]{6}$/;
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface SupportQueryDraft {
  /** A SUPPORT_TOPICS key or a productList redirectKey. */
  product: string;
  subject: string;
  message: string;
  /** Where we reply. */
  email: string;
}
export type SupportQueryField = keyof SupportQueryDraft;
export type SupportQueryProblem =
  'supportProductRequired' | 'supportSubjectInvalid' | 'supportMessageInvalid' | 'invalidEmail';

/**
 * Control characters other than line feed and tab: nothing a person types, and NUL cannot be
 * stored in a PostgreSQL text column at all.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNTYPED_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The text as stored: Windows line ends made plain, other control characters dropped, outer spaces gone. */
export function normaliseQueryText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNTYPED_CONTROLS, '').trim();
}

/** Characters as a person counts them (an emoji is one, not two UTF-16 units). */
function length(value: string): number {
  return [...value].length;
}

function within(value: string, bounds: { min: number; max: number }): boolean {
  const count = length(normaliseQueryText(value));
  return count >= bounds.min && count <= bounds.max;
}

/**
 * Each field's problem, in form order (empty when the query may be sent). `isKnownProduct` says
 * whether a key names a product; the topics above are always known. The email follows spec 001 §5's
 * strict rule.
 */
export function supportQueryProblems(
  draft: SupportQueryDraft,
  isKnownProduct: (key: string) => boolean,
): Partial<Record<SupportQueryField, SupportQueryProblem>> {
  const problems: Partial<Record<SupportQueryField, SupportQueryProblem>> = {};
  const product = draft.product.trim();
  if (!SUPPORT_TOPICS.some((topic) => topic.key === product) && !isKnownProduct(product)) {
    problems.product = 'supportProductRequired';
  }
  if (!within(draft.subject, SUPPORT_QUERY_LENGTHS.subject)) problems.subject = 'supportSubjectInvalid';
  if (!within(draft.message, SUPPORT_QUERY_LENGTHS.message)) problems.message = 'supportMessageInvalid';
  if (!isValidEmail(draft.email.trim())) problems.email = 'invalidEmail';
  return problems;
}
