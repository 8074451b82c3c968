import { describe, expect, it } from 'vitest';
import { checkDateRange, isCalendarDate } from './date-range.ts';

describe('the transactions date range', () => {
  it('accepts real days, either end open, and one day', () => {
    expect(checkDateRange('2026-10-01', '2026-10-31')).toEqual({
      ok: true,
      range: { from: '2026-10-01', to: '2026-10-31' },
    });
    expect(checkDateRange('2026-10-01', null)).toEqual({ ok: true, range: { from: '2026-10-01' } });
    expect(checkDateRange(undefined, '2026-10-31')).toEqual({ ok: true, range: { to: '2026-10-31' } });
    expect(checkDateRange('', '')).toEqual({ ok: true, range: {} });
    expect(checkDateRange('2026-10-05', '2026-10-05').ok).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('refuses what is not a day, and a range that ends before it starts, with the field to fix', () => {
    for (const bad of ['2026-13-01', '2026-02-30', '2026-2-3', 'yesterday', '2027-02-29']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    expect(checkDateRange('2026-02-30', '2026-03-31')).toMatchObject({ ok: false, field: 'from' });
    expect(checkDateRange('2026-10-01', 'x')).toMatchObject({ ok: false, field: 'to' });
    expect(checkDateRange('2026-10-31', '2026-10-01')).toEqual({
      ok: false,
      field: 'to',
      message: 'The end date must be on or after the start date.',
    });
  });
});
