import { describe, expect, it } from 'vitest';
import { cardFee, computeLoanKfs } from './kfs.ts';
import { flattenOffers, summaryOfferCount, tileOffers } from './answers.ts';
import { MAX_OFFER_BULLETS, OFFER_ROUTES, OFFER_ROUTE_METHODS, statementSegments } from './routes.ts';
import { offerResponseSchema, offerSchema, type Offer } from './schemas.ts';

const kfs = computeLoanKfs({
  lenderLegalName: 'Example Finance Limited',
  interestRateType: 'FIXED',
  interestRate: 11.5,
  amount: { min: 50_000, max: 5_00_000 },
  tenureMonths: { min: 12, max: 60, default: 36 },
  fees: [
    { code: 'PROCESSING_FEE', label: 'Processing fee', payableTo: 'LENDER', percentOfAmount: 1.5, gstPercent: 18 },
  ],
  penalCharges: '2% per month on the overdue instalment',
  foreclosureCharges: 'Nil after 12 instalments',
  coolingOffDays: 3,
});

function loanOffer(offerId: string, overrides: Partial<Offer> = {}): Offer {
  return {
    offerId,
    productType: 'PL',
    productName: 'Personal Loan',
    bannerTitle: 'Pre-approved up to ₹5,00,000',
    imageUrl: {
      partnerImage: 'http://localhost:4000/assets/offers/partners/example.svg',
      productTypeImage: 'http://localhost:4000/assets/offers/products/pl.svg',
      renderImage: 'http://localhost:4000/assets/offers/render/pl.svg',
    },
    features: { shortDescriptionApp: ['Instant disbursal', 'No collateral'] },
    statement: { statementText: 'Interest from ^^11.50% p.a.^^ for up to 60 months' },
    action: { carouselAction: [{ type: 'APPLY', payload: { text: 'Apply Now' } }] },
    lender: { id: 'example', name: 'Example Finance', legalName: 'Example Finance Limited' },
    validTill: '2030-12-12',
    preApproved: true,
    kfs,
    cardTerms: null,
    ...overrides,
  };
}

describe('offer schema (spec 000 §3)', () => {
  it('accepts a loan offer with its KFS', () => {
    expect(offerSchema.parse(loanOffer('o1'))).toEqual(loanOffer('o1'));
  });

  it('takes insurance with its policy terms only: none on a loan, and no KFS or card terms on cover', () => {
    const insuranceTerms = {
      insurerLegalName: 'Suraksha Health Insurance Company Limited',
      kind: 'HEALTH' as const,
      sumInsured: 10_00_000,
      premium: cardFee(9200, 0),
      policyTermYears: 1,
      claimSettlementRatio: 96.4,
      waitingPeriods: '3 years for pre-existing conditions',
      freeLookDays: 30,
      keyBenefits: ['Cashless treatment'],
      exclusions: 'Cosmetic treatment',
    };
    const cover = loanOffer('o', { productType: 'INS', kfs: null, insuranceTerms });
    expect(offerSchema.safeParse(cover).success).toBe(true);
    expect(offerSchema.safeParse({ ...cover, insuranceTerms: null }).success).toBe(false);
    expect(offerSchema.safeParse({ ...cover, kfs: loanOffer('o').kfs }).success).toBe(false);
    expect(offerSchema.safeParse(loanOffer('o', { insuranceTerms })).success).toBe(false);
    expect(offerSchema.safeParse({ ...cover, insuranceTerms: { ...insuranceTerms, freeLookDays: 7 } }).success).toBe(
      false,
    );
  });

  it('refuses more than 6 bullets, a loan without a KFS, a card without card terms, and third-party-free URLs only', () => {
    const bullets = Array.from({ length: MAX_OFFER_BULLETS + 1 }, (_, i) => `Bullet ${i}`);
    expect(offerSchema.safeParse(loanOffer('o', { features: { shortDescriptionApp: bullets } })).success).toBe(false);
    expect(offerSchema.safeParse(loanOffer('o', { kfs: null })).success).toBe(false);
    expect(offerSchema.safeParse(loanOffer('o', { productType: 'CC' })).success).toBe(false);
    const card = loanOffer('o', {
      productType: 'CC',
      kfs: null,
      cardTerms: {
        cardKind: 'UNSECURED',
        network: 'VISA',
        joiningFee: cardFee(499),
        annualFee: cardFee(499),
        annualFeeWaiver: null,
        creditLimit: { min: 50_000, max: 2_00_000 },
        financeChargesMonthlyPercent: 3.6,
        rewards: ['5% cashback online'],
        minimumFixedDeposit: null,
      },
    });
    expect(offerSchema.safeParse(card).success).toBe(true);
    const badImage = { ...card.imageUrl, partnerImage: 'javascript:alert(1)' };
    expect(offerSchema.safeParse({ ...card, imageUrl: badImage }).success).toBe(false);
  });

  it('keys a response by product and answers {} for no offers', () => {
    expect(offerResponseSchema.parse({})).toEqual({});
    expect(offerResponseSchema.safeParse({ XX: { subProductList: [loanOffer('o')] } }).success).toBe(false);
    expect(offerResponseSchema.safeParse({ PL: { subProductList: [] } }).success).toBe(false);
  });

  it('splits statement text on ^^', () => {
    expect(statementSegments('Interest from ^^11.50% p.a.^^ for up to 60 months')).toEqual([
      'Interest from',
      '11.50% p.a.',
      'for up to 60 months',
    ]);
    expect(statementSegments('^^ ^^only^^')).toEqual(['only']);
  });

  it('shows at most 2 offers in the tile and counts at most 3 in the summary (spec 000 §9)', () => {
    const response = {
      PL: { subProductList: [loanOffer('a'), loanOffer('b')] },
      HL: { subProductList: [loanOffer('c', { productType: 'HL' }), loanOffer('d', { productType: 'HL' })] },
    };
    expect(flattenOffers(response).map((o) => o.offerId)).toEqual(['a', 'b', 'c', 'd']);
    expect(tileOffers(response).map((o) => o.offerId)).toEqual(['a', 'b']);
    expect(summaryOfferCount(response)).toBe(3);
    expect(summaryOfferCount({})).toBe(0);
  });

  it('gives every route a method and keeps the spec paths', () => {
    expect(Object.keys(OFFER_ROUTE_METHODS).sort()).toEqual(Object.keys(OFFER_ROUTES).sort());
    expect(OFFER_ROUTES.pcoOffers).toBe('/MSP/api/v1/pco/offers');
    expect(OFFER_ROUTES.getOffers).toBe('/BSP/api/v2/offer/getOffers');
    expect(OFFER_ROUTES.offersV3).toBe('/BSP/api/v3/offers');
    expect(OFFER_ROUTES.fetchQuotes).toBe('/BSP/api/v1/offer/fetchQuotes');
  });
});
