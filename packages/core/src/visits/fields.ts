import { z } from 'zod';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../activity/json-checks.ts';

/**
 * Field builders shared by the visit, tracking and shared-data schemas. Every string that reaches
 * the database refuses what PostgreSQL cannot store: NUL (U+0000) in text and jsonb, and unpaired
 * UTF-16 surrogates, which jsonb refuses ("\ud800") and text silently turns into U+FFFD. Either
 * would otherwise fail a whole batched insert with a 500 instead of the caller's own 400. The check
 * itself is the zod-free one of activity/json-checks.ts, which the SDK carries too.
 */
export { UNSTORABLE_TEXT_MESSAGE, hasUnstorableText, jsonHasUnstorableText } from '../activity/json-checks.ts';

/** Plain text up to `max` characters that PostgreSQL can store. */
export function safeText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !hasUnstorableText(value), UNSTORABLE_TEXT_MESSAGE);
}

/** What an identifier chosen by a browser may hold (idText). */
export const ID_TEXT_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Identifiers chosen by browsers (visitor, visit and device ids): short and cookie-safe. */
export function idText(max = 64) {
  return z.string().min(1).max(max).regex(ID_TEXT_PATTERN, 'must be letters, digits or . _ : -');
}

/** Standard base64 with padding, as btoa writes it (spec 000 §3: completeUrl and the utm fields). */
export const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function base64Text(max: number) {
  return z.string().max(max).regex(BASE64_PATTERN, 'must be base64');
}

/**
 * A time as the browser has it: epoch milliseconds (the visitor record's unit) or an ISO 8601
 * date-time with offset. Bounded to years 1970–9999 so it always fits a timestamptz.
 */
export const MAX_EPOCH_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const timeInputSchema = z.union([
  z.number().int().min(0).max(MAX_EPOCH_MS),
  z.iso.datetime({ offset: true }).refine((value) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && ms >= 0 && ms <= MAX_EPOCH_MS;
  }, 'must be between 1970 and 9999'),
]);
export type TimeInput = z.infer<typeof timeInputSchema>;

/** Epoch milliseconds of a validated time input. */
export function timeInputToMs(value: TimeInput): number {
  return typeof value === 'number' ? value : Date.parse(value);
}
