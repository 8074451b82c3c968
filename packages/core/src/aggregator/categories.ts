import type { TransactionMode, TransactionType } from './constants.ts';

/**
 * What a bank transaction was for, read from its ReBIT fields (mode, narration) for "View
 * Insights" (spend by category). Indian bank narrations are channel-prefixed, slash-
 * or dash-separated upper-case text: "UPI/SWIGGY/412345", "POS/DMART", "ACH/BAJAJ FINANCE LTD/EMI",
 * "NEFT-SALARY-INFOSYS LTD", "INT.PD:SAVINGS INTEREST", "ATM/CASH WDL/MG ROAD". A narration is
 * matched word by word (any run of non-letters/digits separates words), so "OLA" matches "UPI/OLA
 * CABS/1" but not "MOTOROLA", and reference numbers never change the answer.
 */

export const TRANSACTION_CATEGORIES = [
  'salary',
  'rent',
  'emi',
  'groceries',
  'food',
  'shopping',
  'travel',
  'utilities',
  'transfers',
  'cash',
  'interest',
  'refunds',
  'other',
] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

/** How the screens name each category. */
export const TRANSACTION_CATEGORY_LABELS: Readonly<Record<TransactionCategory, string>> = {
  salary: 'Salary',
  rent: 'Rent',
  emi: 'EMI',
  groceries: 'Groceries',
  food: 'Food and dining',
  shopping: 'Shopping',
  travel: 'Travel and fuel',
  utilities: 'Bills and utilities',
  transfers: 'Transfers',
  cash: 'Cash',
  interest: 'Interest',
  refunds: 'Refunds',
  other: 'Other',
};

/** Categories money comes in under, and those it goes out under (transfers, cash and other are both). */
export const CREDIT_CATEGORIES: readonly TransactionCategory[] = [
  'salary',
  'interest',
  'refunds',
  'cash',
  'transfers',
  'other',
];
export const DEBIT_CATEGORIES: readonly TransactionCategory[] = [
  'rent',
  'emi',
  'groceries',
  'food',
  'shopping',
  'travel',
  'utilities',
  'transfers',
  'cash',
  'other',
];

/** Merchants and words by category, tried in this order (groceries before food: "SWIGGY INSTAMART"). */
export const MERCHANT_KEYWORDS: readonly (readonly [TransactionCategory, readonly string[]])[] = [
  [
    'utilities',
    [
      'BBPS',
      'BILL',
      'BILLPAY',
      'ELECTRICITY',
      'BESCOM',
      'TATA POWER',
      'MSEDCL',
      'BSES',
      'TORRENT POWER',
      'ADANI ELECTRICITY',
      'FIBERNET',
      'BROADBAND',
      'MAHANAGAR GAS',
      'IGL',
      'GAS',
      'WATER',
      'RECHARGE',
      'PREPAID',
      'POSTPAID',
      'AIRTEL',
      'JIO',
      'VODAFONE',
      'DTH',
      'TATA PLAY',
    ],
  ],
  [
    'groceries',
    [
      'BLINKIT',
      'BIGBASKET',
      'ZEPTO',
      'INSTAMART',
      'DMART',
      'JIOMART',
      'GROFERS',
      'RELIANCE FRESH',
      'MORE RETAIL',
      'SPENCERS',
      'NATURES BASKET',
      'SUPERMARKET',
      'GROCERY',
      'GROCERIES',
      'KIRANA',
    ],
  ],
  [
    'food',
    [
      'SWIGGY',
      'ZOMATO',
      'CHAI POINT',
      'DOMINOS',
      'MCDONALDS',
      'KFC',
      'STARBUCKS',
      'PIZZA HUT',
      'BURGER KING',
      'HALDIRAMS',
      'EATSURE',
      'RESTAURANT',
      'CAFE',
    ],
  ],
  [
    'travel',
    [
      'UBER',
      'OLA',
      'RAPIDO',
      'IRCTC',
      'MAKEMYTRIP',
      'GOIBIBO',
      'CLEARTRIP',
      'YATRA',
      'INDIGO',
      'AIR INDIA',
      'REDBUS',
      'METRO',
      'FASTAG',
      'HPCL',
      'BPCL',
      'IOCL',
      'INDIAN OIL',
      'PETROL',
      'FUEL',
    ],
  ],
  [
    'shopping',
    [
      'AMAZON',
      'FLIPKART',
      'MYNTRA',
      'AJIO',
      'NYKAA',
      'MEESHO',
      'TATA CLIQ',
      'TRENDS',
      'CROMA',
      'RELIANCE DIGITAL',
      'LIFESTYLE',
      'PANTALOONS',
      'WESTSIDE',
      'DECATHLON',
      'IKEA',
      'SHOPPERS STOP',
    ],
  ],
];

const REFUND = ['REFUND', 'REVERSAL', 'RFND', 'CASHBACK'];
const SALARY = ['SALARY', 'SAL', 'PAYROLL'];
const INTEREST = ['INT PD', 'INTEREST', 'INT CR'];
const CASH_IN = ['CASH DEPOSIT', 'CASH DEP', 'CDM'];
const CASH_OUT = ['ATM', 'CASH WDL', 'CASH WITHDRAWAL'];
const EMI = ['EMI', 'LOAN'];
const RENT = ['RENT', 'NOBROKER'];
const TRANSFER = ['NEFT', 'IMPS', 'RTGS', 'TRANSFER', 'TRF'];

/** " UPI SWIGGY 412345 ": upper case, every run of non-letters/digits one space, padded for whole-word look-ups. */
function words(narration: string): string {
  return ` ${narration.toUpperCase().replace(/[^A-Z0-9]+/g, ' ')} `;
}

function has(text: string, keywords: readonly string[]): boolean {
  return keywords.some((keyword) => text.includes(` ${keyword} `));
}

export interface CategorisableTransaction {
  readonly type: TransactionType;
  readonly mode: TransactionMode;
  readonly narration: string;
}

/**
 * The category of one transaction. Credits: refunds, salary, interest, cash deposits, transfers,
 * other. Debits: cash withdrawals, EMIs, rent, then merchants by name; an unknown card payee is
 * shopping and an unknown UPI or bank-transfer payee a transfer (mostly to people).
 */
export function categoriseTransaction({ type, mode, narration }: CategorisableTransaction): TransactionCategory {
  const text = words(narration);
  if (type === 'CREDIT') {
    if (has(text, REFUND)) return 'refunds';
    if (has(text, SALARY)) return 'salary';
    if (has(text, INTEREST)) return 'interest';
    if (mode === 'CASH' || has(text, CASH_IN)) return 'cash';
    if (mode === 'FT' || mode === 'UPI' || has(text, TRANSFER)) return 'transfers';
    return 'other';
  }
  if (mode === 'ATM' || mode === 'CASH' || has(text, CASH_OUT)) return 'cash';
  if (has(text, EMI)) return 'emi';
  if (has(text, RENT)) return 'rent';
  for (const [category, keywords] of MERCHANT_KEYWORDS) if (has(text, keywords)) return category;
  if (mode === 'CARD') return 'shopping';
  if (mode === 'FT' || mode === 'UPI' || has(text, TRANSFER)) return 'transfers';
  return 'other';
}
