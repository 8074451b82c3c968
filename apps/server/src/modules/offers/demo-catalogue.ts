import {
  GST_PERCENT,
  cardFee,
  type CardTerms,
  type InsuranceTerms,
  type LoanTerms,
  type OfferProduct,
  type ScoreBand,
} from '@pravesh/core';

/**
 * The demo offer catalogue of "Kosh", the demo marketplace: fictional lenders (no
 * real bank's name beside made-up rates), Indian products and rupee amounts as such offers are
 * written. Seeded by `npm run seed` (cli/seed.ts), never by a migration.
 *
 * Rates, fees and limits sit inside what Indian lenders published in 2025: personal loans
 * 10.5–16% with a 1–2% processing fee, home loans 8.4–9.5% repo-linked, LAP about 1% above home
 * loans, cards with 18% GST on their fees. Penal charges follow RBI's 2023 rules: a charge on
 * the overdue amount, never interest added to the rate.
 */

export interface DemoLender {
  readonly lenderId: string;
  readonly name: string;
  readonly legalName: string;
  readonly brandColour: string;
}

export const DEMO_LENDERS: readonly DemoLender[] = [
  { lenderId: 'sahyadri-bank', name: 'Sahyadri Bank', legalName: 'Sahyadri Bank Limited', brandColour: '#0b4f8a' },
  {
    lenderId: 'ganga-finance',
    name: 'Ganga Finance',
    legalName: 'Ganga Finance and Investment Limited',
    brandColour: '#c2410c',
  },
  {
    lenderId: 'nilgiri-housing',
    name: 'Nilgiri Housing Finance',
    legalName: 'Nilgiri Housing Finance Limited',
    brandColour: '#15803d',
  },
  {
    lenderId: 'vistaar-capital',
    name: 'Vistaar Capital',
    legalName: 'Vistaar Capital Private Limited',
    brandColour: '#6d28d9',
  },
  {
    lenderId: 'kaveri-sfb',
    name: 'Kaveri Small Finance Bank',
    legalName: 'Kaveri Small Finance Bank Limited',
    brandColour: '#be123c',
  },
  {
    lenderId: 'suraksha-health',
    name: 'Suraksha Health Insurance',
    legalName: 'Suraksha Health Insurance Company Limited',
    brandColour: '#0f766e',
  },
  {
    lenderId: 'vishwas-life',
    name: 'Vishwas Life Insurance',
    legalName: 'Vishwas Life Insurance Company Limited',
    brandColour: '#1e3a8a',
  },
];

export interface DemoOffer {
  readonly offerId: string;
  readonly lenderId: string;
  readonly product: OfferProduct;
  readonly productName: string;
  readonly bannerTitle: string;
  readonly bullets: readonly string[];
  readonly statementText: string;
  readonly cardKind: 'SECURED' | 'UNSECURED' | null;
  readonly minBand: ScoreBand;
  readonly rank: number;
  /** null: the lender gave no end date (the answer shows spec 000 §9's placeholder). */
  readonly validTill: string | null;
  readonly loanTerms: LoanTerms | null;
  readonly cardTerms: CardTerms | null;
  /** Insurance (INS) only. */
  readonly insuranceTerms?: InsuranceTerms | null;
}

const PENAL_UNSECURED = '2% per month on the overdue instalment, charged as penal charges and never added to the rate';
const PENAL_SECURED = '2% per annum on the overdue amount, charged as penal charges and never added to the rate';

/**
 * Individual health and life cover have been GST exempt since 22 September 2025 (56th GST
 * Council), so the demo premiums carry 0% GST. Premiums are the "from" price for a healthy
 * 25-year-old, as insurers advertise them; the insurer prices the policy on the proposal.
 */
const INSURANCE_GST_PERCENT = 0;

const lender = (id: string): DemoLender => DEMO_LENDERS.find((entry) => entry.lenderId === id)!;

export const DEMO_OFFERS: readonly DemoOffer[] = [
  {
    offerId: 'sahyadri-pl-prime',
    lenderId: 'sahyadri-bank',
    product: 'PL',
    productName: 'Sahyadri Personal Loan',
    bannerTitle: 'Pre-approved Personal Loan up to ₹5 lakh',
    bullets: [
      'Pre-approved up to ₹5,00,000',
      'Interest from 10.99% p.a. (fixed)',
      'Money in your account within 24 hours',
      'No collateral, no guarantor',
      'Repay over 1 to 5 years',
      'No foreclosure charges after 12 EMIs',
    ],
    statementText: 'Pre-approved for ^^₹5,00,000^^ at ^^10.99% p.a.^^',
    cardKind: null,
    minBand: 'VERY_GOOD',
    rank: 1,
    validTill: '2027-03-31',
    loanTerms: {
      lenderLegalName: lender('sahyadri-bank').legalName,
      interestRateType: 'FIXED',
      interestRate: 10.99,
      amount: { min: 50_000, max: 5_00_000 },
      tenureMonths: { min: 12, max: 60, default: 48 },
      fees: [
        {
          code: 'PROCESSING_FEE',
          label: 'Processing fee (1%, ₹999 to ₹7,500)',
          payableTo: 'LENDER',
          percentOfAmount: 1,
          min: 999,
          max: 7500,
          gstPercent: GST_PERCENT,
        },
      ],
      penalCharges: PENAL_UNSECURED,
      foreclosureCharges: '3% of the principal outstanding before 12 EMIs; nil after',
      coolingOffDays: 3,
    },
    cardTerms: null,
  },
  {
    offerId: 'ganga-pl-instant',
    lenderId: 'ganga-finance',
    product: 'PL',
    productName: 'Ganga Instant Personal Loan',
    bannerTitle: 'Instant Personal Loan up to ₹3 lakh',
    bullets: [
      'Pre-approved up to ₹3,00,000',
      'Interest from 14.50% p.a. (fixed)',
      'Paperless: no income documents needed',
      'Repay over 1 to 4 years',
    ],
    statementText: 'Get up to ^^₹3,00,000^^ at ^^14.50% p.a.^^ in minutes',
    cardKind: null,
    minBand: 'GOOD',
    rank: 2,
    validTill: null,
    loanTerms: {
      lenderLegalName: lender('ganga-finance').legalName,
      interestRateType: 'FIXED',
      interestRate: 14.5,
      amount: { min: 25_000, max: 3_00_000 },
      tenureMonths: { min: 12, max: 48, default: 36 },
      fees: [
        {
          code: 'PROCESSING_FEE',
          label: 'Processing fee (2%, at least ₹1,499)',
          payableTo: 'LENDER',
          percentOfAmount: 2,
          min: 1499,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'DOCUMENTATION',
          label: 'Documentation charges',
          payableTo: 'LENDER',
          flat: 499,
          gstPercent: GST_PERCENT,
        },
      ],
      penalCharges: PENAL_UNSECURED,
      foreclosureCharges: '4% of the principal outstanding',
      coolingOffDays: 3,
    },
    cardTerms: null,
  },
  {
    offerId: 'sahyadri-cc-signature',
    lenderId: 'sahyadri-bank',
    product: 'CC',
    productName: 'Sahyadri Signature Credit Card',
    bannerTitle: 'Lifetime travel benefits with Sahyadri Signature',
    bullets: [
      '4 reward points on every ₹150 spent',
      '8 airport lounge visits a year',
      'Annual fee waived on ₹3,00,000 yearly spends',
      '1% fuel surcharge waiver',
    ],
    statementText: 'Credit limit up to ^^₹8,00,000^^ with ^^8 lounge visits^^ a year',
    cardKind: 'UNSECURED',
    minBand: 'EXCELLENT',
    rank: 1,
    validTill: '2026-12-31',
    loanTerms: null,
    cardTerms: {
      cardKind: 'UNSECURED',
      network: 'VISA',
      joiningFee: cardFee(2500),
      annualFee: cardFee(2500),
      annualFeeWaiver: 'Annual fee waived on spends of ₹3,00,000 in a card year',
      creditLimit: { min: 2_00_000, max: 8_00_000 },
      financeChargesMonthlyPercent: 3.5,
      rewards: [
        '4 reward points per ₹150 spent',
        '8 domestic airport lounge visits a year',
        '1% fuel surcharge waiver on ₹400 to ₹4,000',
      ],
      minimumFixedDeposit: null,
    },
  },
  {
    offerId: 'kaveri-cc-cashback',
    lenderId: 'kaveri-sfb',
    product: 'CC',
    productName: 'Kaveri Cashback Credit Card',
    bannerTitle: '5% cashback on everything you buy online',
    bullets: [
      '5% cashback on online shopping (up to ₹1,000 a month)',
      '1% cashback on all other spends',
      'Pay by UPI with your RuPay credit card',
      'Annual fee waived on ₹1,00,000 yearly spends',
    ],
    statementText: 'Earn ^^5% cashback^^ online for a joining fee of ^^₹499^^',
    cardKind: 'UNSECURED',
    minBand: 'FAIR',
    rank: 2,
    validTill: null,
    loanTerms: null,
    cardTerms: {
      cardKind: 'UNSECURED',
      network: 'RUPAY',
      joiningFee: cardFee(499),
      annualFee: cardFee(499),
      annualFeeWaiver: 'Annual fee waived on spends of ₹1,00,000 in a card year',
      creditLimit: { min: 25_000, max: 1_50_000 },
      financeChargesMonthlyPercent: 3.75,
      rewards: ['5% cashback on online spends, up to ₹1,000 a month', '1% cashback on other spends'],
      minimumFixedDeposit: null,
    },
  },
  {
    offerId: 'kaveri-cc-secure',
    lenderId: 'kaveri-sfb',
    product: 'CC',
    productName: 'Kaveri Secure Credit Card',
    bannerTitle: 'Build your credit score with a card against your FD',
    bullets: [
      'No income proof or credit history needed',
      'Limit up to 90% of your fixed deposit',
      'Your FD keeps earning up to 7.25% p.a.',
      'Lifetime free: no joining or annual fee',
      'On-time payments build your credit score',
    ],
    statementText: 'Start with an FD of ^^₹10,000^^ and ^^no annual fee^^',
    cardKind: 'SECURED',
    // A secured card stands on the deposit, not on a score (offerRules never reads this for it).
    minBand: 'VERY_LOW',
    rank: 3,
    validTill: null,
    loanTerms: null,
    cardTerms: {
      cardKind: 'SECURED',
      network: 'RUPAY',
      joiningFee: cardFee(0),
      annualFee: cardFee(0),
      annualFeeWaiver: null,
      creditLimit: { min: 9000, max: 4_50_000 },
      financeChargesMonthlyPercent: 3.5,
      rewards: ['1 reward point per ₹100 spent', 'Fixed deposit interest up to 7.25% p.a.'],
      minimumFixedDeposit: 10_000,
    },
  },
  {
    offerId: 'sahyadri-hl',
    lenderId: 'sahyadri-bank',
    product: 'HL',
    productName: 'Sahyadri Home Loan',
    bannerTitle: 'Home Loan at 8.50% p.a., linked to the repo rate',
    bullets: [
      'Pre-approved up to ₹75,00,000',
      'Interest from 8.50% p.a. (repo-linked)',
      'Repay over up to 30 years',
      'No foreclosure charges on floating-rate loans',
      'Tax benefits under sections 24(b) and 80C',
    ],
    statementText: 'Pre-approved for ^^₹75,00,000^^ at ^^8.50% p.a.^^',
    cardKind: null,
    minBand: 'GOOD',
    rank: 1,
    validTill: '2027-03-31',
    loanTerms: {
      lenderLegalName: lender('sahyadri-bank').legalName,
      interestRateType: 'FLOATING',
      interestRate: 8.5,
      amount: { min: 5_00_000, max: 75_00_000 },
      tenureMonths: { min: 60, max: 360, default: 240 },
      fees: [
        {
          code: 'PROCESSING_FEE',
          label: 'Processing fee (0.35%, up to ₹10,000)',
          payableTo: 'LENDER',
          percentOfAmount: 0.35,
          max: 10_000,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'VALUATION',
          label: 'Property valuation',
          payableTo: 'THIRD_PARTY',
          flat: 3000,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'LEGAL',
          label: 'Legal opinion on title',
          payableTo: 'THIRD_PARTY',
          flat: 5000,
          gstPercent: GST_PERCENT,
        },
      ],
      penalCharges: PENAL_SECURED,
      foreclosureCharges: 'Nil on floating-rate home loans',
      coolingOffDays: 3,
    },
    cardTerms: null,
  },
  {
    offerId: 'nilgiri-hl',
    lenderId: 'nilgiri-housing',
    product: 'HL',
    productName: 'Nilgiri Home Loan',
    bannerTitle: 'Home Loan up to ₹50 lakh for your first home',
    bullets: [
      'Pre-approved up to ₹50,00,000',
      'Interest from 8.75% p.a. (repo-linked)',
      'Up to 90% of the property value',
      'PMAY subsidy support for first homes',
    ],
    statementText: 'Own your home with ^^₹50,00,000^^ at ^^8.75% p.a.^^',
    cardKind: null,
    minBand: 'FAIR',
    rank: 2,
    validTill: null,
    loanTerms: {
      lenderLegalName: lender('nilgiri-housing').legalName,
      interestRateType: 'FLOATING',
      interestRate: 8.75,
      amount: { min: 3_00_000, max: 50_00_000 },
      tenureMonths: { min: 60, max: 360, default: 240 },
      fees: [
        {
          code: 'PROCESSING_FEE',
          label: 'Processing fee (0.5%, up to ₹15,000)',
          payableTo: 'LENDER',
          percentOfAmount: 0.5,
          max: 15_000,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'VALUATION',
          label: 'Property valuation',
          payableTo: 'THIRD_PARTY',
          flat: 3000,
          gstPercent: GST_PERCENT,
        },
      ],
      penalCharges: PENAL_SECURED,
      foreclosureCharges: 'Nil on floating-rate home loans',
      coolingOffDays: 3,
    },
    cardTerms: null,
  },
  {
    offerId: 'vistaar-bl',
    lenderId: 'vistaar-capital',
    product: 'BL',
    productName: 'Vistaar Business Loan',
    bannerTitle: 'Collateral-free Business Loan up to ₹10 lakh',
    bullets: [
      'Pre-approved up to ₹10,00,000',
      'Interest from 16% p.a. (fixed)',
      'No collateral needed',
      'Funds in 48 hours after documents',
      'Repay over 1 to 3 years',
    ],
    statementText: 'Grow your business with ^^₹10,00,000^^ at ^^16% p.a.^^',
    cardKind: null,
    minBand: 'GOOD',
    rank: 1,
    validTill: '2027-09-30',
    loanTerms: {
      lenderLegalName: lender('vistaar-capital').legalName,
      interestRateType: 'FIXED',
      interestRate: 16,
      amount: { min: 1_00_000, max: 10_00_000 },
      tenureMonths: { min: 12, max: 36, default: 36 },
      fees: [
        {
          code: 'PROCESSING_FEE',
          label: 'Processing fee (2%)',
          payableTo: 'LENDER',
          percentOfAmount: 2,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'STAMP_DUTY',
          label: 'Stamp duty (as per state law)',
          payableTo: 'THIRD_PARTY',
          flat: 500,
          gstPercent: 0,
        },
      ],
      penalCharges: PENAL_UNSECURED,
      foreclosureCharges: '4% of the principal outstanding',
      coolingOffDays: 3,
    },
    cardTerms: null,
  },
  {
    offerId: 'nilgiri-lap',
    lenderId: 'nilgiri-housing',
    product: 'LAP',
    productName: 'Nilgiri Loan Against Property',
    bannerTitle: 'Unlock up to ₹40 lakh from your property',
    bullets: [
      'Pre-approved up to ₹40,00,000',
      'Interest from 9.75% p.a. (repo-linked)',
      'Residential or commercial property',
      'Repay over up to 15 years',
    ],
    statementText: 'Get ^^₹40,00,000^^ against your property at ^^9.75% p.a.^^',
    cardKind: null,
    minBand: 'FAIR',
    rank: 1,
    validTill: null,
    loanTerms: {
      lenderLegalName: lender('nilgiri-housing').legalName,
      interestRateType: 'FLOATING',
      interestRate: 9.75,
      amount: { min: 5_00_000, max: 40_00_000 },
      tenureMonths: { min: 60, max: 180, default: 120 },
      fees: [
        {
          code: 'PROCESSING_FEE',
          label: 'Processing fee (1%)',
          payableTo: 'LENDER',
          percentOfAmount: 1,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'VALUATION',
          label: 'Property valuation',
          payableTo: 'THIRD_PARTY',
          flat: 3500,
          gstPercent: GST_PERCENT,
        },
        {
          code: 'LEGAL',
          label: 'Legal opinion on title',
          payableTo: 'THIRD_PARTY',
          flat: 5000,
          gstPercent: GST_PERCENT,
        },
      ],
      penalCharges: PENAL_SECURED,
      foreclosureCharges: 'Nil on floating-rate loans to individuals',
      coolingOffDays: 3,
    },
    cardTerms: null,
  },
  {
    offerId: 'suraksha-health-shield',
    lenderId: 'suraksha-health',
    product: 'INS',
    productName: 'Suraksha Health Shield',
    bannerTitle: 'Health cover of ₹10 lakh from ₹9,200 a year',
    bullets: [
      'Cover of ₹10,00,000 for hospital bills',
      'Cashless treatment at 9,500+ network hospitals',
      'No GST on the premium',
      'Cover doubles after two claim-free years',
    ],
    statementText: 'Cover of ^^₹10,00,000^^ from ^^₹9,200 a year^^',
    cardKind: null,
    // Cover is not credit: offerRules never reads a band for insurance.
    minBand: 'VERY_LOW',
    rank: 1,
    validTill: null,
    loanTerms: null,
    cardTerms: null,
    insuranceTerms: {
      insurerLegalName: lender('suraksha-health').legalName,
      kind: 'HEALTH',
      sumInsured: 10_00_000,
      premium: cardFee(9200, INSURANCE_GST_PERCENT),
      policyTermYears: 1,
      claimSettlementRatio: 96.4,
      waitingPeriods: '30 days for illnesses (accidents covered from day one); 3 years for pre-existing conditions',
      freeLookDays: 30,
      keyBenefits: [
        'Room rent up to a single private room',
        'Pre- and post-hospitalisation for 60 and 180 days',
        'Annual health check-up',
      ],
      exclusions: 'Cosmetic treatment, self-inflicted injuries and treatment outside India are not covered',
    },
  },
  {
    offerId: 'vishwas-term-life',
    lenderId: 'vishwas-life',
    product: 'INS',
    productName: 'Vishwas Term Life Plan',
    bannerTitle: 'Life cover of ₹1 crore from ₹11,800 a year',
    bullets: [
      'Life cover of ₹1,00,00,000 for your family',
      'Premium fixed for the whole term',
      'Cover until age 60',
      'Tax benefit on the premium under section 80C (old regime)',
    ],
    statementText: 'Life cover of ^^₹1 crore^^ from ^^₹11,800 a year^^',
    cardKind: null,
    minBand: 'VERY_LOW',
    rank: 2,
    validTill: '2027-03-31',
    loanTerms: null,
    cardTerms: null,
    insuranceTerms: {
      insurerLegalName: lender('vishwas-life').legalName,
      kind: 'TERM_LIFE',
      sumInsured: 1_00_00_000,
      premium: cardFee(11_800, INSURANCE_GST_PERCENT),
      policyTermYears: 35,
      claimSettlementRatio: 98.7,
      waitingPeriods: null,
      freeLookDays: 30,
      keyBenefits: ['Paid to your nominee in one lump sum', 'Terminal illness pays the cover early'],
      exclusions: 'Suicide within the first 12 months: 80% of the premiums paid is refunded instead',
    },
  },
];
