import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from '../masking.ts';
import { emiPaise } from '../offers/kfs.ts';
import { addMonths, fundValuePaise, loanStanding, nextMonthlyDate, policyStanding } from './rules.ts';

describe('holdings rules', () => {
  it('masks an account number to its last 4 characters (spec 001 §5)', () => {
    expect(maskAccountNumber('9103456721')).toBe('XXXXXX6721');
    expect(maskAccountNumber('VC0PL7731920')).toBe('XXXXXXXX1920');
    expect(maskAccountNumber('1234')).toBe('1234');
  });

  it('values units at a NAV exactly, rounding half a paisa up', () => {
    // 1482.317 × 71.2384 = 105597.8913728 rupees.
    expect(fundValuePaise('1482.317', '71.2384')).toBe(10_559_789);
    // 2310.845 × 24.112 = 55719.09464.
    expect(fundValuePaise('2310.845', '24.112')).toBe(5_571_909);
    // 0.005 × 1 = half a paisa: rounds up.
    expect(fundValuePaise('0.005', '1')).toBe(1);
    expect(() => fundValuePaise('1.2345', '10')).toThrow(RangeError);
    expect(() => fundValuePaise('-1', '10')).toThrow(RangeError);
  });

  it('finds the next SIP date on or after today, across month and year ends', () => {
    expect(nextMonthlyDate(5, '2026-11-05')).toBe('2026-11-05');
    expect(nextMonthlyDate(5, '2026-11-06')).toBe('2026-12-05');
    expect(nextMonthlyDate(28, '2026-12-29')).toBe('2027-01-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });

  it('asks for renewal within 30 days of a policy’s end, and says when it has ended', () => {
    expect(policyStanding('2027-01-31', '2026-11-26')).toEqual({ status: 'ACTIVE', daysToRenewal: 66 });
    expect(policyStanding('2026-12-26', '2026-11-26')).toEqual({ status: 'RENEWAL_DUE', daysToRenewal: 30 });
    expect(policyStanding('2026-11-26', '2026-11-26')).toEqual({ status: 'RENEWAL_DUE', daysToRenewal: 0 });
    expect(policyStanding('2026-11-25', '2026-11-26')).toEqual({ status: 'EXPIRED', daysToRenewal: -1 });
  });

  it('walks a loan along its schedule: EMIs paid once their date has passed, closed after the last', () => {
    const terms = {
      principalPaise: 2_00_000_00,
      annualRateBasisPoints: 1650,
      tenureMonths: 24,
      // ₹2,00,000 at 16.5 % p.a. over 24 months (offers/kfs.ts emiPaise).
      emiPaise: emiPaise(2_00_000_00, 16.5, 24),
      firstEmiDate: '2026-05-05',
    };
    expect(loanStanding(terms, '2026-05-05')).toEqual({
      status: 'ACTIVE',
      emisPaid: 0,
      nextEmiDate: '2026-05-05',
      outstandingPaise: 2_00_000_00,
    });
    // One EMI: ₹2,750 interest (1.375 % of ₹2,00,000), the rest of ₹9,840.48 repays principal.
    expect(loanStanding(terms, '2026-05-06')).toMatchObject({ emisPaid: 1, outstandingPaise: 1_92_909_52 });
    const later = loanStanding(terms, '2026-11-26');
    expect(later).toMatchObject({ status: 'ACTIVE', emisPaid: 7, nextEmiDate: '2026-12-05' });
    expect(later.outstandingPaise).toBeLessThan(1_55_000_00);
    expect(later.outstandingPaise).toBeGreaterThan(1_45_000_00);
    expect(loanStanding(terms, '2028-05-01')).toEqual({
      status: 'CLOSED',
      emisPaid: 24,
      nextEmiDate: null,
      outstandingPaise: 0,
    });
  });
});
