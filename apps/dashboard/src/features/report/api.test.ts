import { describe, expect, it } from 'vitest';
import { CREDIT_ROUTE_METHODS } from '@pravesh/core/credit/routes.ts';
import { formatAge, maskAccountNumber } from './format.ts';

describe('the report call', () => {
  it('is the credit module’s bureau report, served on GET', () => {
    expect(CREDIT_ROUTE_METHODS.bureauReport).toBe('GET');
  });
});

describe('report formatting', () => {
  it('masks an account number to its last 4 characters (spec 001 §5)', () => {
    expect(maskAccountNumber('1234567890123456')).toBe('XXXXXXXXXXXX3456');
    expect(maskAccountNumber('XXXXXXXX0042')).toBe('XXXXXXXX0042');
    expect(maskAccountNumber('AB12')).toBe('AB12');
    expect(maskAccountNumber('')).toBe('');
  });

  it('says an age in years and months', () => {
    expect(formatAge(0)).toBe('Less than a month');
    expect(formatAge(1)).toBe('1 month');
    expect(formatAge(12)).toBe('1 year');
    expect(formatAge(75)).toBe('6 years 3 months');
  });
});
