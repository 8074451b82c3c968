import { describe, expect, it } from 'vitest';
import { isConsentDate, isConsentDateValid, isConsentMonthValid, localDate } from './dates.ts';

const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime();

describe('spec 000 §5: a stored consent date is valid only if it equals today’s date', () => {
  it('valid all of that day, from the first to the last minute', () => {
    expect(isConsentDateValid('2026-11-21', at(2026, 11, 21, 0, 0))).toBe(true);
    expect(isConsentDateValid('2026-11-21', at(2026, 11, 21, 23, 59))).toBe(true);
  });

  it('not valid the day before or after, nor a year on', () => {
    expect(isConsentDateValid('2026-11-21', at(2026, 11, 22, 0, 0))).toBe(false);
    expect(isConsentDateValid('2026-11-21', at(2026, 11, 20, 23, 59))).toBe(false);
    expect(isConsentDateValid('2025-11-21', at(2026, 11, 21))).toBe(false);
  });

  it('nothing stored, or anything but YYYY-MM-DD, is never valid', () => {
    for (const stored of [undefined, '', '2026-11-21T00:00', '21/11/2026', '2026-1-21', 'x2026-11-21']) {
      expect(isConsentDateValid(stored, at(2026, 11, 21))).toBe(false);
      expect(isConsentMonthValid(stored, at(2026, 11, 21))).toBe(false);
    }
    expect(isConsentDate('2026-11-21')).toBe(true);
  });
});

describe('spec 000 §5: the monthly check compares the stored month with the current one', () => {
  it('any day of the same month and year', () => {
    expect(isConsentMonthValid('2026-11-01', at(2026, 11, 30))).toBe(true);
    expect(isConsentMonthValid('2026-11-30', at(2026, 11, 1))).toBe(true);
  });

  it('not the next month, nor the same month of another year', () => {
    expect(isConsentMonthValid('2026-11-30', at(2026, 12, 1, 0, 0))).toBe(false);
    expect(isConsentMonthValid('2025-11-15', at(2026, 11, 15))).toBe(false);
  });

  it('localDate pads month and day', () => {
    expect(localDate(at(2026, 2, 3))).toBe('2026-02-03');
  });
});
