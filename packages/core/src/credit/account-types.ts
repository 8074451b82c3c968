/**
 * Account types as Indian bureaus report them, and their names as customers know them. Kept apart
 * from schemas.ts (which builds the zod schema from ACCOUNT_TYPES) so a screen that only names
 * accounts does not carry the schema library in its chunk.
 */
export const ACCOUNT_TYPES = ['PL', 'CC', 'HL', 'AL', 'TW', 'BL', 'GL', 'CD', 'LAP', 'EL', 'OD'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

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
