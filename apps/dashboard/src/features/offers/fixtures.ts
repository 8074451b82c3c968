import { cardFee, computeLoanKfs } from '@pravesh/core/offers/kfs.ts';
import type { Offer, OfferResponse } from '@pravesh/core/offers/schemas.ts';

/** Offers as the offers service answers them (its catalogue shape), for the dashboard's tests. */
const images = (id: string) => ({
  partnerImage: `http://localhost:4000/assets/offers/partners/${id}.svg`,
  productTypeImage: 'http://localhost:4000/assets/offers/products/PL.svg',
  renderImage: `http://localhost:4000/assets/offers/render/${id}.svg`,
});

export const LOAN_OFFER: Offer = {
  offerId: 'sahyadri-pl-prime',
  productType: 'PL',
  productName: 'Sahyadri Personal Loan',
  bannerTitle: 'Pre-approved Personal Loan up to ₹5 lakh',
  imageUrl: images('sahyadri-bank'),
  features: { shortDescriptionApp: ['Pre-approved up to ₹5,00,000', 'Money in your account within 24 hours'] },
  statement: { statementText: 'Pre-approved for ^^₹5,00,000^^ at ^^10.99% p.a.^^' },
  action: { carouselAction: [{ type: 'APPLY', payload: { text: 'Apply Now' } }] },
  lender: { id: 'sahyadri-bank', name: 'Sahyadri Bank', legalName: 'Sahyadri Bank Limited' },
  validTill: '2027-03-31',
  preApproved: true,
  kfs: computeLoanKfs({
    lenderLegalName: 'Sahyadri Bank Limited',
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
        gstPercent: 18,
      },
    ],
    penalCharges: '2% per month on the overdue instalment',
    foreclosureCharges: 'Nil after 12 EMIs',
    coolingOffDays: 3,
  }),
  cardTerms: null,
};

export const SECURED_CARD_OFFER: Offer = {
  offerId: 'kaveri-cc-secure',
  productType: 'CC',
  productName: 'Kaveri Secure Credit Card',
  bannerTitle: 'Build your credit score with a card against your FD',
  imageUrl: images('kaveri-sfb'),
  features: { shortDescriptionApp: ['No income proof or credit history needed'] },
  statement: { statementText: 'Start with an FD of ^^₹10,000^^ and ^^no annual fee^^' },
  action: { carouselAction: [{ type: 'APPLY', payload: { text: 'Apply Now' } }] },
  lender: { id: 'kaveri-sfb', name: 'Kaveri Small Finance Bank', legalName: 'Kaveri Small Finance Bank Limited' },
  validTill: '2030-12-12',
  preApproved: true,
  kfs: null,
  cardTerms: {
    cardKind: 'SECURED',
    network: 'RUPAY',
    joiningFee: cardFee(0),
    annualFee: cardFee(0),
    annualFeeWaiver: null,
    creditLimit: { min: 9000, max: 4_50_000 },
    financeChargesMonthlyPercent: 3.5,
    rewards: ['1 reward point per ₹100 spent'],
    minimumFixedDeposit: 10_000,
  },
};

export const ALL_OFFERS: OfferResponse = {
  PL: { subProductList: [LOAN_OFFER] },
  CC: { subProductList: [SECURED_CARD_OFFER] },
};

export const HEALTH_COVER_OFFER: Offer = {
  offerId: 'suraksha-health-shield',
  productType: 'INS',
  productName: 'Suraksha Health Shield',
  bannerTitle: 'Health cover of ₹10 lakh from ₹9,200 a year',
  imageUrl: images('suraksha-health'),
  features: { shortDescriptionApp: ['Cover of ₹10,00,000 for hospital bills'] },
  statement: { statementText: 'Cover of ^^₹10,00,000^^ from ^^₹9,200 a year^^' },
  action: { carouselAction: [{ type: 'APPLY', payload: { text: 'Apply Now' } }] },
  lender: {
    id: 'suraksha-health',
    name: 'Suraksha Health Insurance',
    legalName: 'Suraksha Health Insurance Company Limited',
  },
  validTill: '2030-12-12',
  preApproved: true,
  kfs: null,
  cardTerms: null,
  insuranceTerms: {
    insurerLegalName: 'Suraksha Health Insurance Company Limited',
    kind: 'HEALTH',
    sumInsured: 10_00_000,
    premium: cardFee(9200, 0),
    policyTermYears: 1,
    claimSettlementRatio: 96.4,
    waitingPeriods: '3 years for pre-existing conditions',
    freeLookDays: 30,
    keyBenefits: ['Cashless treatment at 9,500+ hospitals'],
    exclusions: 'Cosmetic treatment is not covered',
  },
};
