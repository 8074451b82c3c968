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
const MAX_DEPTH = 64;

/** A JSON value: finite numbers, strings, booleans, null, arrays and plain objects of them. */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (isPlainObject(value)) return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  return false;
}

/** True when any string or key inside holds NUL (PostgreSQL text and jsonb cannot). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (isObject(value)) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
  }
  return false;
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

/** Plain text of at most `max` UTF-16 units with no NUL (the server's safeText). */
export function isSafeText(value: unknown, max: number, min = 0): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max && !value.includes('\u0000');
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
