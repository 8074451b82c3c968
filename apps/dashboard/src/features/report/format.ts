/** Account types as customers know them (core's, without the schema library in the screen's chunk). */
export { ACCOUNT_TYPE_NAMES } from '@pravesh/core/credit/account-types.ts';

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
