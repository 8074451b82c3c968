import { isValidEmail, normaliseEmail } from '@pravesh/core';

/**
 * Field rules of the sign-in pages. Mobile numbers are Indian only (10 digits, starting
 * 6–9); people type them with spaces, dashes, a +91 or a leading 0, so those are stripped first.
 */

export const MOBILE_MESSAGES = {
  empty: 'Enter your 10-digit mobile number',
  invalid: 'Enter a valid 10-digit mobile number starting with 6, 7, 8 or 9',
} as const;

export const OTP_FIELD_MESSAGES = {
  empty: 'Enter the OTP sent to your mobile number',
  short: (length: number) => `Enter all ${length} digits of the OTP`,
} as const;

export const PASSWORD_MESSAGES = { empty: 'Enter your password' } as const;

export const EMAIL_MESSAGES = {
  empty: 'Enter your email address',
  invalid: 'Enter a valid email address, like name@example.com',
} as const;

/** The field message for a typed address (spec 001 §5 strict rule), or undefined when it is fine. */
export function emailError(input: string): string | undefined {
  const email = normaliseEmail(input);
  if (email === '') return EMAIL_MESSAGES.empty;
  return isValidEmail(email) ? undefined : EMAIL_MESSAGES.invalid;
}

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** The 10 national digits of what was typed, without separators, +91 or a trunk 0. */
export function normaliseMobile(input: string): string {
  const digits = input.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

export function isIndianMobile(mobileNo: string): boolean {
  return INDIAN_MOBILE.test(mobileNo);
}

/** An error message for the mobile field, or undefined when `input` is a valid number. */
export function mobileError(input: string): string | undefined {
  if (input.trim() === '') return MOBILE_MESSAGES.empty;
  return isIndianMobile(normaliseMobile(input)) ? undefined : MOBILE_MESSAGES.invalid;
}

/** Only the digits of a typed or pasted OTP ("123 456", "Your OTP is 123456."), at most `length`. */
export function otpDigits(input: string, length: number): string {
  return input.replace(/\D/g, '').slice(0, length);
}

/** "98765 43210" → "+91 98XXX XX210": enough for a person to recognise their number. */
export function maskMobile(mobileNo: string): string {
  if (!isIndianMobile(mobileNo)) return mobileNo;
  return `+91 ${mobileNo.slice(0, 2)}XXX XX${mobileNo.slice(7)}`;
}
