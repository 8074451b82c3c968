import { describe, expect, it } from 'vitest';
import { percentile } from './report.ts';

describe('percentile', () => {
  it('is the nearest rank of ascending values', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(100);
    expect(percentile(values, 0.99)).toBe(198);
    expect(percentile(values, 1)).toBe(200);
    expect(percentile([7], 0.99)).toBe(7);
  });

  it('is NaN without values, so an empty run cannot pass a target', () => {
    expect(percentile([], 0.99)).toBeNaN();
  });
});
