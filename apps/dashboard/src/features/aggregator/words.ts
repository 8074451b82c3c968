import type { ConsentSummary } from '@pravesh/core/aggregator/schemas.ts';
import { formatDate } from '../../lib/format.ts';

/**
 * What the aggregator's codes mean to a customer: the consent artefact's fields (ReBIT
 * ConsentDetail) in plain words for the access-permissions step (spec 001 §2 step 5), account
 * types, and the masking of spec 001 §5.
 */

type ConsentDetail = ConsentSummary['ConsentDetail'];

/** spec 001 §5 "An account number shows its last 4 characters, the rest as X." */
export { maskAccountNumber } from '@pravesh/core/masking.ts';

/** The FINVU id `<mobile>@finvu` with the number masked as the header shows it (98******34@finvu). */
export function maskAaCustomerId(aaCustomerId: string): string {
  const [number = '', handle = ''] = aaCustomerId.split('@');
  const masked = number.length < 6 ? '******' : `${number.slice(0, 2)}******${number.slice(-2)}`;
  return `${masked}@${handle}`;
}

export function accountTypeName(accType: 'SAVINGS' | 'CURRENT'): string {
  return accType === 'CURRENT' ? 'Current account' : 'Savings account';
}

const UNIT_WORDS: Record<string, [string, string]> = {
  HOUR: ['hour', 'hours'],
  DAY: ['day', 'days'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** "1 month", "2 years"; INF is "no fixed end". */
export function duration(value: number, unit: string): string {
  const words = UNIT_WORDS[unit];
  if (!words) return 'no fixed end';
  return `${value} ${value === 1 ? words[0] : words[1]}`;
}

const DAY_MS = 86_400_000;

/** A span of days in the largest whole unit a person would say: 730 days → "2 years". */
export function spanInWords(fromIso: string, toIso: string): string {
  const days = Math.round((Date.parse(toIso) - Date.parse(fromIso)) / DAY_MS);
  if (days >= 365 && days % 365 <= 1) return duration(Math.round(days / 365), 'YEAR');
  if (days >= 28 && days % 30 <= 2) return duration(Math.round(days / 30), 'MONTH');
  return duration(days, 'DAY');
}

const DATA_WORDS: Record<string, string> = {
  PROFILE: 'account holder details',
  SUMMARY: 'balance',
  TRANSACTIONS: 'transactions',
};

const FI_TYPE_WORDS: Record<string, string> = {
  DEPOSIT: 'savings and current accounts',
  TERM_DEPOSIT: 'fixed deposits',
  RECURRING_DEPOSIT: 'recurring deposits',
};

/** Sahamati purpose codes 101–105 as a customer would put them. */
const PURPOSE_WORDS: Record<string, string> = {
  '101': 'To help you manage your wealth',
  '102': 'To show you your balances, spending patterns and budgets in one place',
  '103': 'To give you one statement across your accounts',
  '104': 'To keep an eye on your accounts for you',
  '105': 'To look at your accounts this one time',
};

function list(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const ONCE_A: Record<string, string> = { HOUR: 'an hour', DAY: 'a day', MONTH: 'a month', YEAR: 'a year' };

function frequencyWords(detail: ConsentDetail): string {
  if (detail.fetchType === 'ONETIME') return 'Just once, right after you approve';
  const { unit, value } = detail.Frequency;
  const once = ONCE_A[unit];
  if (!once) return 'Whenever needed, while your consent is active';
  const every = value === 1 ? once : `every ${duration(value, unit)}`;
  return `At most once ${every}, while your consent is active`;
}

export interface ConsentTerm {
  id: string;
  term: string;
  description: string;
}

/** The consent artefact, field by field, in plain words (spec 001 §2 step 5). */
export function consentTerms(detail: ConsentDetail): ConsentTerm[] {
  const data = list(detail.consentTypes.map((type) => DATA_WORDS[type] ?? type.toLowerCase()));
  const accounts = list(detail.fiTypes.map((type) => FI_TYPE_WORDS[type] ?? type.toLowerCase().replace(/_/g, ' ')));
  const stored = detail.consentMode === 'VIEW' ? 'viewed, not stored' : 'stored securely';
  const dataLife =
    detail.DataLife.unit === 'INF'
      ? 'Until you stop sharing'
      : `Up to ${duration(detail.DataLife.value, detail.DataLife.unit)} after each update, then deleted`;
  return [
    {
      id: 'data',
      term: 'What you share',
      description: `Your ${data}, from your ${accounts}`,
    },
    {
      id: 'range',
      term: 'Transactions from',
      description: `${formatDate(detail.FIDataRange.from)} to ${formatDate(detail.FIDataRange.to)} (the last ${spanInWords(detail.FIDataRange.from, detail.FIDataRange.to)})`,
    },
    {
      id: 'period',
      term: 'Sharing lasts',
      description: `${spanInWords(detail.consentStart, detail.consentExpiry)}, until ${formatDate(detail.consentExpiry)}. You can stop sharing at any time`,
    },
    { id: 'frequency', term: 'How often it’s updated', description: frequencyWords(detail) },
    {
      id: 'purpose',
      term: 'Why',
      description: PURPOSE_WORDS[detail.Purpose.code] ?? detail.Purpose.text,
    },
    { id: 'kept', term: 'How long Kosh keeps it', description: `${dataLife} (${stored})` },
  ];
}
