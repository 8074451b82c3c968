/**
 * The transactions' date range as the address keeps it (`from` and `to`, YYYY-MM-DD, inclusive, India
 * time: FI/transaction's own query), so a reload or a shared link shows the same days. Pure, so the
 * page and its tests share one rule; the server refuses a backwards range too (aaDateRangeInvalid).
 */
export interface DateRange {
  from?: string;
  to?: string;
}

export type DateRangeCheck = { ok: true; range: DateRange } | { ok: false; field: 'from' | 'to'; message: string };

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Checks a range from the address or the form; empty or absent ends are open. */
export function checkDateRange(from: string | null | undefined, to: string | null | undefined): DateRangeCheck {
  const start = from?.trim() || undefined;
  const end = to?.trim() || undefined;
  if (start !== undefined && !isCalendarDate(start)) {
    return { ok: false, field: 'from', message: 'Enter a real start date, for example 1 October 2026.' };
  }
  if (end !== undefined && !isCalendarDate(end)) {
    return { ok: false, field: 'to', message: 'Enter a real end date, for example 31 October 2026.' };
  }
  if (start !== undefined && end !== undefined && start > end) {
    return { ok: false, field: 'to', message: 'The end date must be on or after the start date.' };
  }
  return { ok: true, range: { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) } };
}
