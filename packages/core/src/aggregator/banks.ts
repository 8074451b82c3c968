/**
 * The account-aggregator bank table (spec 001 §3 "Account-aggregator banks": about 23 entries keyed
 * by provider id, each with id, bankId, bankName, icon and logo) and the §9 lists drawn from it: the
 * top banks, the popular banks for selection, and the two FIPs whose account-linking OTP has 8
 * digits. `id` is the FIP id the aggregator knows the bank by; `bankId` is ours. `icon` and `logo`
 * name a drawn monogram (initials and a colour), never a copied bank logo.
 */
export interface AggregatorBank {
  /** The FIP id at the aggregator (the table's key, spec 001 §3 "keyed by provider id"). */
  readonly id: string;
  readonly bankId: number;
  readonly bankName: string;
  /** Monogram initials drawn as the bank's icon. */
  readonly icon: string;
  /** The monogram's colour (a CSS colour), our stand-in for the logo. */
  readonly logo: string;
  /** A test bank (spec 001 §3 "plus two test banks"): shown only outside production. */
  readonly test?: true;
}

export const AGGREGATOR_BANKS: readonly AggregatorBank[] = [
  { id: 'HDFC-FIP', bankId: 1, bankName: 'HDFC Bank', icon: 'HD', logo: '#1d4f91' },
  { id: 'SBI-FIP', bankId: 2, bankName: 'State Bank of India', icon: 'SB', logo: '#2a6ebb' },
  { id: 'ICICI-FIP', bankId: 3, bankName: 'ICICI Bank', icon: 'IC', logo: '#b0432a' },
  { id: 'AXIS001', bankId: 4, bankName: 'Axis Bank', icon: 'AX', logo: '#97144d' },
  { id: 'BARB0KIMXXX', bankId: 5, bankName: 'Bank of Baroda', icon: 'BB', logo: '#e05a1f' },
  { id: 'KOTAK-FIP', bankId: 6, bankName: 'Kotak Mahindra Bank', icon: 'KM', logo: '#c8102e' },
  { id: 'FDRLFIPPROD', bankId: 7, bankName: 'Federal Bank', icon: 'FB', logo: '#1b3f8b' },
  { id: 'PNB-FIP', bankId: 8, bankName: 'Punjab National Bank', icon: 'PN', logo: '#a2233a' },
  { id: 'CANARA-FIP', bankId: 9, bankName: 'Canara Bank', icon: 'CB', logo: '#0b7bc1' },
  { id: 'UBI-FIP', bankId: 10, bankName: 'Union Bank of India', icon: 'UB', logo: '#d52b1e' },
  { id: 'BOI-FIP', bankId: 11, bankName: 'Bank of India', icon: 'BI', logo: '#f07d00' },
  { id: 'INDUSIND-FIP', bankId: 12, bankName: 'IndusInd Bank', icon: 'II', logo: '#8c2332' },
  { id: 'IOB-FIP', bankId: 13, bankName: 'Indian Overseas Bank', icon: 'IO', logo: '#1c5aa6' },
  { id: 'YESB-FIP', bankId: 14, bankName: 'Yes Bank', icon: 'YB', logo: '#0f4c97' },
  { id: 'UCO-FIP', bankId: 15, bankName: 'UCO Bank', icon: 'UC', logo: '#1f5fa8' },
  { id: 'KTKB-FIP', bankId: 16, bankName: 'Karnataka Bank', icon: 'KB', logo: '#7a3e97' },
  { id: 'IDFCFirstBank-FIP', bankId: 17, bankName: 'IDFC FIRST Bank', icon: 'IF', logo: '#9c1d26' },
  { id: 'KarurVysyaBank-FIP', bankId: 18, bankName: 'Karur Vysya Bank', icon: 'KV', logo: '#1a6b3a' },
  { id: 'AUBank-FIP', bankId: 19, bankName: 'AU Small Finance Bank', icon: 'AU', logo: '#6d2077' },
  { id: 'INDIANBANK-FIP', bankId: 20, bankName: 'Indian Bank', icon: 'IB', logo: '#123f7a' },
  { id: 'FINCARE-FIP', bankId: 21, bankName: 'Fincare Small Finance Bank', icon: 'FS', logo: '#0f7d6b' },
  { id: 'dhanagarbank', bankId: 22, bankName: 'Dhanagar Bank (test)', icon: 'DB', logo: '#5b6770', test: true },
  { id: 'finsharebank', bankId: 23, bankName: 'Finshare Bank (test)', icon: 'FS', logo: '#3d6b8a', test: true },
];

/** spec 001 §9: an account-linking OTP of 8 digits for two banks; every other bank sends 6. */
export const EIGHT_DIGIT_OTP_FIPS: readonly string[] = ['dhanagarbank', 'KarurVysyaBank-FIP'];

export function linkOtpLength(fipId: string): 6 | 8 {
  return EIGHT_DIGIT_OTP_FIPS.includes(fipId) ? 8 : 6;
}

/** spec 001 §9: five top banks in production (HDFC, SBI, ICICI, Axis, Kotak). */
export const TOP_BANK_FIPS: readonly string[] = ['HDFC-FIP', 'SBI-FIP', 'ICICI-FIP', 'AXIS001', 'KOTAK-FIP'];
/** spec 001 §9: "a different list in development" — the two test banks lead it. */
export const TOP_BANK_FIPS_DEVELOPMENT: readonly string[] = [
  'dhanagarbank',
  'finsharebank',
  'HDFC-FIP',
  'SBI-FIP',
  'ICICI-FIP',
];
/** spec 001 §9: popular banks for selection (HDFC, SBI, ICICI, Axis, Bank of Baroda, Federal). */
export const POPULAR_BANK_FIPS: readonly string[] = [
  'HDFC-FIP',
  'SBI-FIP',
  'ICICI-FIP',
  'AXIS001',
  'BARB0KIMXXX',
  'FDRLFIPPROD',
];

export function aggregatorBank(fipId: string): AggregatorBank | undefined {
  return AGGREGATOR_BANKS.find((bank) => bank.id === fipId);
}
