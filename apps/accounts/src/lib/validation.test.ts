import { describe, expect, it } from 'vitest';
import { isIndianMobileNumber } from '@pravesh/core';
import { maskMobile, mobileError, MOBILE_MESSAGES, normaliseMobile, otpDigits } from './validation.ts';

describe('mobile numbers (Indian only: 10 digits starting 6–9)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['(987) 654-3210', '9876543210'],
  ])('%j is read as %s', (input, national) => {
    expect(normaliseMobile(input)).toBe(national);
    expect(mobileError(input)).toBeUndefined();
  });

  it.each(['5876543210', '987654321', '98765432109', 'abcdefghij', '+1 9876543210'])('%j is refused', (input) => {
    expect(mobileError(input)).toBe(MOBILE_MESSAGES.invalid);
  });

  it('asks for a number when none was typed', () => {
    expect(mobileError('   ')).toBe(MOBILE_MESSAGES.empty);
  });

  it('agrees with the service’s rule in core', () => {
    for (const candidate of ['6000000000', '7999999999', '5999999999', '9876543210', '0876543210']) {
      expect(mobileError(candidate) === undefined).toBe(isIndianMobileNumber(candidate));
    }
  });

  it('masks all but the first 2 and last 3 digits', () => {
    expect(maskMobile('9876543210')).toBe('+91 98XXX XX210');
  });
});

describe('otpDigits', () => {
  it('keeps the digits of what was typed or pasted, up to the code length', () => {
    expect(otpDigits('123 456', 6)).toBe('123456');
    expect(otpDigits('Your OTP is 654321. Valid 5 minutes', 6)).toBe('654321');
    expect(otpDigits('12-34', 6)).toBe('1234');
    expect(otpDigits('', 6)).toBe('');
  });
});
