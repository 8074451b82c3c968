/**
 * Small, total checks for values that come from callers or from storage: none of them throws,
 * whatever it is given (a validator built on them can then only throw catalogue errors).
 */

export type Loose = Record<string, unknown>;

/** A non-array object (boxed values, dates and null-prototype objects included). */
export function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What JSON.parse can produce as an object: an Object or a null-prototype object. */
export function isPlainObject(value: unknown): value is Loose {
  if (!isObject(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === null || prototype === Object.prototype;
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Deeper than this is not data a site stores; refusing it also keeps recursion bounded. */
export const JSON_MAX_DEPTH = 64;

/** A JSON value: finite numbers, strings, booleans, null, arrays and plain objects of them. */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > JSON_MAX_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (isPlainObject(value)) return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  return false;
}

/**
 * Text PostgreSQL cannot store: NUL (U+0000) in text and jsonb, and unpaired UTF-16 surrogates,
 * which jsonb refuses ("\ud800") and text silently turns into U+FFFD. With the u flag the regex reads
 * code points, so only a lone surrogate is of category Cs (a pair, an emoji, is one code point).
 */
const UNSTORABLE = /\0|\p{Cs}/u;
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * True when any string or key inside is text PostgreSQL cannot store, looking `depthLeft` levels
 * down (the SDK's validators pass JSON_MAX_DEPTH, as they refuse deeper values anyway; the server
 * walks parsed JSON whole). Array indexes are keys too, and never unstorable.
 */
export function jsonHasUnstorableText(value: unknown, depthLeft = Number.POSITIVE_INFINITY): boolean {
  if (depthLeft < 0) return false;
  if (typeof value === 'string') return hasUnstorableText(value);
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).some(([key, item]) => hasUnstorableText(key) || jsonHasUnstorableText(item, depthLeft - 1))
  );
}

/** A caller's value, short and printable, for an error message. */
export function quote(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'bigint') text = `${value}n`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}

/** Plain text of at most `max` UTF-16 units that PostgreSQL can store (the server's safeText). */
export function isSafeText(value: unknown, max: number, min = 0): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max && !hasUnstorableText(value);
}

/** Epoch milliseconds or ISO 8601 text to an ISO date-time in UTC; undefined when it is neither. */
export function toIsoTime(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms) || ms < 0 || ms > 253_402_300_799_999) return undefined;
  return new Date(ms).toISOString();
}

/** Epoch milliseconds of a stored time (number or date text); undefined when it is not one. */
export function timeMs(value: unknown): number | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}
