import { describe, expect, it } from 'vitest';
import { formatWhen, placePhrase } from './format.ts';

describe('active devices wording', () => {
  it('says times are Indian', () => {
    expect(formatWhen('2026-11-21T06:00:00.000Z')).toMatch(/^21 Nov 2026, 11:30 am IST$/);
  });

  it('names a region, never a bare UTC offset beside IST times', () => {
    expect(placePhrase('India')).toBe(' from India');
    expect(placePhrase('UTC+00:00')).toBe('');
    expect(placePhrase(null)).toBe('');
  });
});
