/**
 * spec 000 §5: "A stored consent date is valid only if it equals today's date; a monthly check
 * compares stored month with current." Dates are the visitor's local calendar date (YYYY-MM-DD),
 * the day the person at the screen would name, taken from an injectable clock.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar date of `ms` as YYYY-MM-DD. */
export function localDate(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Only a well-formed date counts: a tampered or foreign cookie value is never "valid". */
export function isConsentDate(value: string | undefined): value is string {
  return value !== undefined && DATE.test(value);
}

/** The daily rule: valid only on the very day it was stored. */
export function isConsentDateValid(stored: string | undefined, nowMs: number): boolean {
  return isConsentDate(stored) && stored === localDate(nowMs);
}

/** The monthly check: the stored date falls in the current month (same year). */
export function isConsentMonthValid(stored: string | undefined, nowMs: number): boolean {
  return isConsentDate(stored) && stored.slice(0, 7) === localDate(nowMs).slice(0, 7);
}
