import { describe, expect, it } from 'vitest';
import { benchFilter, percentile } from './report.ts';

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

describe('benchFilter', () => {
  const sections = ['dashboard size', 'dashboard page', 'speed ratios'] as const;

  it('runs everything without --only', () => {
    expect(benchFilter([], sections)).toEqual({ only: undefined, list: false });
  });

  it('picks the sections whose dashed name contains a word', () => {
    expect([...benchFilter(['--only', 'ratios,dashboard-page'], sections).only!]).toEqual([
      'speed ratios',
      'dashboard page',
    ]);
    expect([...benchFilter(['--only=dashboard'], sections).only!]).toEqual(['dashboard size', 'dashboard page']);
  });

  it('refuses an unknown word or argument rather than run nothing', () => {
    expect(() => benchFilter(['--only', 'ratio,nothing'], sections)).toThrow('no bench section matches "nothing"');
    expect(() => benchFilter(['--fast'], sections)).toThrow('unknown bench argument');
  });
});
