import {
  AGGREGATOR_BANKS,
  EIGHT_DIGIT_OTP_FIPS,
  POPULAR_BANK_FIPS,
  TOP_BANK_FIPS_DEVELOPMENT,
} from '@pravesh/core/aggregator/banks.ts';
import { CONSENT_WINDOW } from '@pravesh/core/aggregator/constants.ts';
import type {
  AccountsDetailResponse,
  CreateConsentResponse,
  JourneyInitiateResponse,
  LinkedAccountView,
  TransactionsResponse,
} from '@pravesh/core/aggregator/schemas.ts';
import type { TransactionTab } from '@pravesh/core/aggregator/constants.ts';
import type { InsightsResponse } from './api.ts';

/** Test answers of the OVI service, shaped as apps/server/src/modules/aggregator answers them. */

export const CONSENT_HANDLE = '7d1f0c62-5b8a-4c2e-9f3d-1a2b3c4d5e6f';
export const LINK_REF = '0e8c3a51-7f2b-4d6e-8a9c-112233445566';

export const initiateFixture = (stateId: JourneyInitiateResponse['stateId'] = 'NO_USER_STATE_PRESENT') =>
  ({
    aggregator: 'FINVU',
    stateId,
    consentWindow: { ...CONSENT_WINDOW },
    banks: AGGREGATOR_BANKS.map(({ id, bankId, bankName, icon, logo }) => ({ id, bankId, bankName, icon, logo })),
    topBanks: [...TOP_BANK_FIPS_DEVELOPMENT],
    popularBanks: [...POPULAR_BANK_FIPS],
    eightDigitOtpBanks: [...EIGHT_DIGIT_OTP_FIPS],
  }) satisfies JourneyInitiateResponse;

export function consentFixture(mobileNo: string, stateId: CreateConsentResponse['stateId'] = 'AA_LOGIN') {
  return {
    stateId,
    aaCustomerId: `${mobileNo}@finvu`,
    consent: {
      consentHandle: CONSENT_HANDLE,
      consentRequestStatus: 'PENDING',
      consentId: null,
      consentStatus: null,
      templateId: CONSENT_WINDOW.templateId,
      source: 'myaccount',
      createdAt: '2026-11-27T05:00:00.000Z',
      ConsentDetail: {
        consentStart: '2026-11-27T05:00:00.000Z',
        consentExpiry: '2027-11-27T05:00:00.000Z',
        consentMode: 'STORE',
        fetchType: 'PERIODIC',
        consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
        fiTypes: ['DEPOSIT'],
        DataConsumer: { id: 'KOSH-FIU', type: 'FIU' },
        Customer: { id: `${mobileNo}@finvu`, Identifiers: [{ type: 'MOBILE', value: mobileNo }] },
        Purpose: {
          code: '102',
          refUri: 'https://api.rebit.org.in/aa/purpose/102.xml',
          text: 'Customer spending patterns, budget or other reportings',
          Category: { type: 'string' },
        },
        FIDataRange: { from: '2024-11-27T05:00:00.000Z', to: '2026-11-27T05:00:00.000Z' },
        DataLife: { unit: 'MONTH', value: 1 },
        Frequency: { unit: 'HOUR', value: 1 },
      },
    },
  } satisfies CreateConsentResponse;
}

export const discovered = (fipId: string, count = 2) =>
  Array.from({ length: count }, (_, index) => ({
    accRefNumber: `${fipId}-ref-${index}`,
    maskedAccNumber: `XXXXXXXX${4411 + index * 1111}`,
    accType: index === 1 ? ('CURRENT' as const) : ('SAVINGS' as const),
    fiType: 'DEPOSIT' as const,
  }));

export const ACCOUNT_A: LinkedAccountView = {
  accountId: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  fipId: 'HDFC-FIP',
  bankName: 'HDFC Bank',
  maskedAccNumber: 'XXXXXXXX4411',
  accType: 'SAVINGS',
  currentBalance: 184_250.4,
  balanceDateTime: '2026-11-27T05:01:00.000Z',
  branch: 'Andheri East',
  ifscCode: 'HDFC0000123',
};

export const ACCOUNT_B: LinkedAccountView = {
  ...ACCOUNT_A,
  accountId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  fipId: 'SBI-FIP',
  bankName: 'State Bank of India',
  maskedAccNumber: 'XXXXXXXX5522',
  accType: 'CURRENT',
  currentBalance: 12_000,
};

export function accountsFixture(overrides: Partial<AccountsDetailResponse> = {}): AccountsDetailResponse {
  const accounts = overrides.accounts ?? [ACCOUNT_A, ACCOUNT_B];
  return {
    consentStatus: 'ACTIVE',
    fetchStatus: 'COMPLETED',
    bannerState: 'data_available',
    totalBalance: accounts.reduce((sum, account) => sum + (account.currentBalance ?? 0), 0),
    lastFetchedAt: '2026-11-27T05:01:00.000Z',
    nextRefreshAt: null,
    ...overrides,
    accounts,
  };
}

/** 45 credits and 60 debits, newest first, 20 a page (the server's TRANSACTIONS_PAGE_SIZE). */
export function transactionsFixture(type: TransactionTab, page: number): TransactionsResponse {
  const total = type === 'Credit' ? 45 : type === 'Debit' ? 60 : 105;
  const pageSize = 20;
  const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
  return {
    type,
    page,
    pageSize,
    totalRecords: total,
    pageCount: Math.ceil(total / pageSize),
    transactions: Array.from({ length: count }, (_, index) => {
      const n = (page - 1) * pageSize + index;
      const credit = type === 'Credit' || (type === 'All' && n % 3 === 0);
      return {
        txnId: `${type}-${n}`,
        type: credit ? ('CREDIT' as const) : ('DEBIT' as const),
        mode: credit ? ('FT' as const) : ('UPI' as const),
        amount: credit ? 85_000 : 249.5 + n,
        currentBalance: 100_000 - n * 10,
        transactionTimestamp: '2026-11-20T10:15:00+05:30',
        valueDate: '2026-11-20',
        narration: credit ? `NEFT SALARY ACME LTD ${n}` : `UPI/SWIGGY/${n}`,
        reference: `REF${n}`,
      };
    }),
  };
}

export const insightsFixture: InsightsResponse = {
  months: [
    { month: '2026-09', inflow: 85_000, outflow: 61_200 },
    { month: '2026-10', inflow: 85_000, outflow: 70_400 },
    { month: '2026-11', inflow: 92_500, outflow: 58_900 },
  ],
  categories: [
    { category: 'rent', amount: 75_000, share: 0.4 },
    { category: 'food', amount: 28_000, share: 0.15 },
  ],
  asOf: '2026-11-27T05:01:00.000Z',
};
