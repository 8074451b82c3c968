import type { AccountType } from '@pravesh/core/credit/schemas.ts';

/**
 * Account types as customers know them; the same words as core's ACCOUNT_TYPE_NAMES (api.test.ts
 * holds them equal), written here so the screen's chunk does not carry the schema library.
 */
export const ACCOUNT_TYPE_NAMES: Readonly<Record<AccountType, string>> = {
  PL: 'Personal Loan',
  CC: 'Credit Card',
  HL: 'Home Loan',
  AL: 'Auto Loan',
  TW: 'Two-Wheeler Loan',
  BL: 'Business Loan',
  GL: 'Gold Loan',
  CD: 'Consumer Durable Loan',
  LAP: 'Loan Against Property',
  EL: 'Education Loan',
  OD: 'Overdraft',
};

/** spec 001 §5 "Masking: an account number shows its last 4 characters, the rest as X." */
export { maskAccountNumber } from '@pravesh/core/masking.ts';

/** 75 → "6 years 3 months" (core's, shared with the Credit Health Report). */
export { formatAge } from '@pravesh/core/credit/factor-copy.ts';

/** "2026-11-03" → "3 Nov 2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}
