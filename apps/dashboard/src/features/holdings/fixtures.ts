import type {
  MutualFundStatus,
  OndcLoansResponse,
  PolicyDetailsResponse,
  WalletProtectionPolicy,
} from '@pravesh/core/holdings/schemas.ts';

/** The holdings calls' answers as the server gives them, for the dashboard's tests. */
export const INVESTED: MutualFundStatus = {
  status: 'INVESTED',
  summary: {
    investedPaise: 1_34_000_00,
    currentValuePaise: 1_61_317_00,
    gainPaise: 27_317_00,
    gainBasisPoints: 2039,
    asOf: '2026-11-20',
    activeSips: 2,
    monthlySipPaise: 7_500_00,
    nextSip: {
      date: '2026-12-05',
      amountPaise: 5_000_00,
      schemeName: 'Sahyadri Flexi Cap Fund – Direct Plan – Growth',
    },
  },
  folios: [
    {
      folioId: '6c1f3a0e-8d2b-4f5e-9a7c-1b2d3e4f5a60',
      folioNumber: 'XXXXXX6721',
      amcName: 'Sahyadri Mutual Fund',
      schemeName: 'Sahyadri Flexi Cap Fund – Direct Plan – Growth',
      category: 'EQUITY',
      plan: 'DIRECT',
      units: '1482.317',
      nav: '71.2384',
      navDate: '2026-11-20',
      investedPaise: 86_000_00,
      currentValuePaise: 1_05_598_00,
      gainPaise: 19_598_00,
      sip: { status: 'ACTIVE', amountPaise: 5_000_00, dayOfMonth: 5, nextDate: '2026-12-05' },
    },
    {
      folioId: '7d2a4b1f-9e3c-4a6f-8b8d-2c3e4f5a6b71',
      folioNumber: 'XXXXXX0913',
      amcName: 'Ganga Mutual Fund',
      schemeName: 'Ganga Nifty 50 Index Fund – Direct Plan – Growth',
      category: 'INDEX',
      plan: 'DIRECT',
      units: '2310.845',
      nav: '24.1120',
      navDate: '2026-11-20',
      investedPaise: 48_000_00,
      currentValuePaise: 55_719_00,
      gainPaise: 7_719_00,
      sip: { status: 'PAUSED', amountPaise: 2_500_00, dayOfMonth: 12, nextDate: null },
    },
  ],
  exploreUrl: 'http://localhost:4100/mutual-funds',
};

export const NOT_INVESTED: MutualFundStatus = {
  status: 'NOT_INVESTED',
  summary: null,
  folios: [],
  exploreUrl: 'http://localhost:4100/mutual-funds',
};

export function policyFixture(overrides: Partial<WalletProtectionPolicy> = {}): PolicyDetailsResponse {
  return {
    policy: {
      policyId: '8e3b5c2a-0f4d-4b7a-9c9e-3d4f5a6b7c82',
      policyNumber: 'XXXXXXXXX8213',
      insurerName: 'Kavach General Insurance',
      planName: 'Wallet Protect Plus',
      coverPaise: 1_00_000_00,
      premiumPaise: 999_00,
      startDate: '2026-01-25',
      endDate: '2027-01-24',
      status: 'ACTIVE',
      daysToRenewal: 64,
      cardsCovered: 4,
      benefits: [
        'All your cards blocked with one call, day or night',
        'Fraudulent spends on lost or stolen cards covered up to your cover amount',
        'Emergency travel and hotel help up to ₹50,000 when you lose your wallet away from home',
        'Replacement PAN card and driving licence arranged for you',
      ],
      ...overrides,
    },
    manageUrl: 'http://localhost:4100/wallet-protect',
  };
}

export const ONDC_LOANS: OndcLoansResponse = {
  loans: [
    {
      loanId: '9f4c6d3b-1a5e-4c8b-8dad-4e5f6a7b8c93',
      loanAccount: 'XXXXXXXX1920',
      lenderName: 'Vistaar Capital',
      productName: 'Personal loan',
      principalPaise: 2_00_000_00,
      annualRateBasisPoints: 1650,
      tenureMonths: 24,
      emiPaise: 9_840_48,
      disbursedOn: '2026-04-30',
      emisPaid: 6,
      nextEmiDate: '2026-12-05',
      outstandingPaise: 1_51_282_17,
      status: 'ACTIVE',
    },
  ],
  dashboardUrl: 'http://localhost:4100/ondc',
};
