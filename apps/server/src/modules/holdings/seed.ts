import { randomUUID } from 'node:crypto';
import {
  DEMO_CREDIT_CUSTOMERS,
  addDays,
  addMonths,
  emiPaise,
  indianDate,
  nextMonthlyDate,
  type DemoCreditCustomer,
} from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';
import type { mutualFundFolios } from '../../db/schema/holdings.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';
import { createCustomerStore } from '../sso/index.ts';
import { createHoldingsStore } from './store.ts';

type Folio = Omit<typeof mutualFundFolios.$inferInsert, 'folioId' | 'customerId' | 'navDate' | 'updatedAt'>;

interface DemoHoldings {
  folios: Folio[];
  /** Days of cover already used; the policy runs a year. */
  policy?: {
    policyNumber: string;
    planName: string;
    coverPaise: number;
    premiumPaise: number;
    daysIn: number;
    cardsCovered: number;
  };
  loan?: {
    loanAccountNumber: string;
    principalPaise: number;
    annualRateBasisPoints: number;
    tenureMonths: number;
    daysAgo: number;
  };
}

const INSURER = 'Kavach General Insurance';
const ONDC_LENDER = 'Vistaar Capital';
const BENEFITS = [
  'All your cards blocked with one call, day or night',
  'Fraudulent spends on lost or stolen cards covered up to your cover amount',
  'Emergency travel and hotel help up to ₹50,000 when you lose your wallet away from home',
  'Replacement PAN card and driving licence arranged for you',
];

/**
 * What the demo customers hold: the scored customer invests through four folios (two
 * SIPs running, one paused, one lump sum), has a wallet protection policy well within its year and
 * a personal loan disbursed through ONDC seven months ago; the new-to-credit customer has started
 * a small tax-saving SIP and their policy is due for renewal; the NO_HIT customer holds nothing
 * (the banners' empty state). Dates are relative to the seed, so the demo reads as current.
 */
const DEMO: Partial<Record<DemoCreditCustomer, DemoHoldings>> = {
  scored: {
    folios: [
      {
        folioNumber: '9103456721',
        isin: 'INF0SH101FC4',
        amcName: 'Sahyadri Mutual Fund',
        schemeName: 'Sahyadri Flexi Cap Fund – Direct Plan – Growth',
        category: 'EQUITY',
        plan: 'DIRECT',
        units: '1482.317',
        nav: '71.2384',
        investedPaise: 86_000_00,
        sipStatus: 'ACTIVE',
        sipAmountPaise: 5_000_00,
        sipDay: 5,
      },
      {
        folioNumber: '4417820913',
        isin: 'INF0GA102IX8',
        amcName: 'Ganga Mutual Fund',
        schemeName: 'Ganga Nifty 50 Index Fund – Direct Plan – Growth',
        category: 'INDEX',
        plan: 'DIRECT',
        units: '2310.845',
        nav: '24.1120',
        investedPaise: 48_000_00,
        sipStatus: 'ACTIVE',
        sipAmountPaise: 2_500_00,
        sipDay: 12,
      },
      {
        folioNumber: '3390124508',
        isin: 'INF0NG103SD2',
        amcName: 'Nilgiri Mutual Fund',
        schemeName: 'Nilgiri Short Duration Fund – Regular Plan – Growth',
        category: 'DEBT',
        plan: 'REGULAR',
        units: '3120.550',
        nav: '12.8841',
        investedPaise: 38_000_00,
        sipStatus: null,
        sipAmountPaise: null,
        sipDay: null,
      },
      {
        folioNumber: '7025511864',
        isin: 'INF0KV104TS6',
        amcName: 'Kaveri Mutual Fund',
        schemeName: 'Kaveri Tax Saver (ELSS) Fund – Direct Plan – Growth',
        category: 'ELSS',
        plan: 'DIRECT',
        units: '512.004',
        nav: '43.5567',
        investedPaise: 20_000_00,
        sipStatus: 'PAUSED',
        sipAmountPaise: 1_500_00,
        sipDay: 20,
      },
    ],
    policy: {
      policyNumber: 'WPP2610048213',
      planName: 'Wallet Protect Plus',
      coverPaise: 1_00_000_00,
      premiumPaise: 999_00,
      daysIn: 300,
      cardsCovered: 4,
    },
    loan: {
      loanAccountNumber: 'VCPL00731920',
      principalPaise: 2_00_000_00,
      annualRateBasisPoints: 1650,
      tenureMonths: 24,
      daysAgo: 205,
    },
  },
  newToCredit: {
    folios: [
      {
        folioNumber: '7025590317',
        isin: 'INF0KV104TS6',
        amcName: 'Kaveri Mutual Fund',
        schemeName: 'Kaveri Tax Saver (ELSS) Fund – Direct Plan – Growth',
        category: 'ELSS',
        plan: 'DIRECT',
        units: '45.912',
        nav: '43.5567',
        investedPaise: 2_000_00,
        sipStatus: 'ACTIVE',
        sipAmountPaise: 1_000_00,
        sipDay: 10,
      },
    ],
    policy: {
      policyNumber: 'WPB2590017734',
      planName: 'Wallet Protect',
      coverPaise: 50_000_00,
      premiumPaise: 599_00,
      daysIn: 352,
      cardsCovered: 1,
    },
  },
};

export type DemoHoldingsDeps = Pick<ModuleDeps, 'db' | 'config' | 'now'>;

/**
 * The seed step's entry (cli/seed.ts SEEDERS), outside production only. Each demo customer is found
 * (or created) by number as sign-in does; rows already there are kept, so running it again adds
 * nothing. Answers one line for the seed's output.
 */
export async function seedDemoHoldings({ db, config, now }: DemoHoldingsDeps): Promise<string> {
  if (config.environment === 'production') return 'skipped in production (demo data)';
  const customers = createCustomerStore(db, now, { pii: createPiiCipher(config.pii, config.piiHashKey) });
  const store = createHoldingsStore(db);
  const at = new Date(now());
  const today = indianDate(at);
  const added = { folios: 0, policies: 0, loans: 0 };
  for (const [key, holdings] of Object.entries(DEMO) as [DemoCreditCustomer, DemoHoldings][]) {
    const { customerId } = await customers.findOrCreate(DEMO_CREDIT_CUSTOMERS[key].mobileNo);
    added.folios += await store.addFolios(
      holdings.folios.map((folio) => ({
        ...folio,
        folioId: randomUUID(),
        customerId,
        navDate: addDays(today, -1),
        updatedAt: at,
      })),
    );
    if (holdings.policy) {
      const { daysIn, ...policy } = holdings.policy;
      const startDate = addDays(today, -daysIn);
      added.policies += await store.addPolicy({
        ...policy,
        policyId: randomUUID(),
        customerId,
        insurerName: INSURER,
        startDate,
        endDate: addDays(addMonths(startDate, 12), -1),
        benefits: BENEFITS,
        updatedAt: at,
      });
    }
    if (holdings.loan) {
      const { daysAgo, ...loan } = holdings.loan;
      const disbursedOn = addDays(today, -daysAgo);
      added.loans += await store.addLoan({
        ...loan,
        loanId: randomUUID(),
        customerId,
        lenderName: ONDC_LENDER,
        productName: 'Personal loan',
        emiPaise: emiPaise(loan.principalPaise, loan.annualRateBasisPoints / 100, loan.tenureMonths),
        disbursedOn,
        // The first EMI falls on the 5th at least 20 days after the money arrives.
        firstEmiDate: nextMonthlyDate(5, addDays(disbursedOn, 20)),
        updatedAt: at,
      });
    }
  }
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `${count(added.folios, 'fund folio', 'fund folios')}, ` +
    `${count(added.policies, 'wallet protection policy', 'wallet protection policies')} and ` +
    `${count(added.loans, 'ONDC loan', 'ONDC loans')} added`
  );
}
