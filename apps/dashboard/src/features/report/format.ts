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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 75 → "6 years 3 months". */
export function formatAge(months: number): string {
  if (months < 1) return 'Less than a month';
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years > 0 ? plural(years, 'year') : '', rest > 0 ? plural(rest, 'month') : ''].filter(Boolean).join(' ');
}

/** "2026-11-03" → "3 Nov 2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}
