import { z } from 'zod';
import { MAX_OFFER_BULLETS, OFFER_PRODUCTS, isInsuranceProduct, isLoanProduct } from './routes.ts';

/**
 * Offer payloads of spec 000 §3 ("Offer response") and the paths of spec 000 §7 / spec 001 §7, §9
 *. Every answer travels in the spec's envelope; the schemas here describe its
 * `response`.
 *
 * Units: money is in rupees with at most two decimals (paise), computed in whole paise
 * (kfs.ts) so sums never drift; rates are percent per annum with at most two decimals unless a
 * name says otherwise; days are YYYY-MM-DD.
 */

export const offerProductSchema = z.enum(OFFER_PRODUCTS);

/** Rupees to the paisa. */
const money = z.number().min(0).max(1e11).multipleOf(0.01);
const percent = z.number().min(0).max(100);
const daySchema = z.iso.date();
const text = (max: number) => z.string().min(1).max(max);
/** Images are served by our own server (absolute http(s) URL), never a third party's. */
const imageUrl = z.url({ protocol: /^https?$/ }).max(500);

// ---------------------------------------------------------------------------------------------
// Disclosures: the RBI Key Facts Statement (loans) and card terms

/**
 * Fee codes: ONDC FIS12's APPLICATION and PROCESSING_FEE plus the other one-time charges a KFS
 * lists (RBI KFS Annex A item 8: processing, insurance, valuation, any other).
 */
export const LOAN_FEE_CODES = [
  'PROCESSING_FEE',
  'APPLICATION',
  'DOCUMENTATION',
  'STAMP_DUTY',
  'VALUATION',
  'LEGAL',
  'INSURANCE',
] as const;
export const loanFeeCodeSchema = z.enum(LOAN_FEE_CODES);
export type LoanFeeCode = z.infer<typeof loanFeeCodeSchema>;

/** One fee with its GST (reference: "every fee and charge with GST"). total = amount + gst. */
export const feeSchema = z.object({
  code: loanFeeCodeSchema,
  label: text(80),
  /** Who receives it (RBI KFS item 8: payable to the RE, or to a third party through the RE). */
  payableTo: z.enum(['LENDER', 'THIRD_PARTY']),
  amount: money,
  gstPercent: percent,
  gst: money,
  total: money,
});
export type Fee = z.infer<typeof feeSchema>;

export const INTEREST_RATE_TYPES = ['FIXED', 'FLOATING'] as const;

/**
 * What RBI's Key Facts Statement requires a borrower to see before applying (reference
 * "Loan offers: RBI Key Facts Statement", field names after ONDC FIS12): lender's legal name,
 * sanctioned and net disbursed amount, rate type and APR, tenure and EMI, every fee with GST,
 * total payable, penal charges and the cooling-off period. A fee not listed here may not be
 * charged, so `fees` is the whole list.
 */
export const loanKfsSchema = z.object({
  lenderLegalName: text(160),
  sanctionedAmount: money,
  /** sanctionedAmount less every upfront fee with its GST: what reaches the borrower's account. */
  netDisbursedAmount: money,
  interestRateType: z.enum(INTEREST_RATE_TYPES),
  /** Nominal rate, percent per annum. */
  interestRate: percent,
  /**
   * RBI KFS Annex B: IRR of the net disbursed amount against the instalments, monthly × 12. Not
   * capped at 100: a small short loan with large fees costs more than that a year, and the KFS
   * must say so.
   */
  annualPercentageRate: z.number().min(0).max(10_000),
  tenureMonths: z.number().int().min(1).max(480),
  repaymentFrequency: z.literal('MONTHLY'),
  numberOfInstalments: z.number().int().min(1).max(480),
  /** The EMI, rounded up to the paisa (lenders never round an instalment down). */
  instalmentAmount: money,
  fees: z.array(feeSchema).max(LOAN_FEE_CODES.length),
  /** Every fee with GST. */
  totalFees: money,
  totalInterest: money,
  /** Instalments plus fees: everything the borrower pays over the loan. */
  totalAmountPayable: money,
  /** RBI KFS item 10 (i), contingent charges; RBI's 2023 penal-charges rules: a charge, never interest. */
  penalCharges: text(300),
  foreclosureCharges: text(300),
  /** Days after disbursal in which the loan may be returned without penalty (at least one). */
  coolingOffDays: z.number().int().min(1).max(30),
});
export type LoanKfs = z.infer<typeof loanKfsSchema>;

export const CARD_KINDS = ['UNSECURED', 'SECURED'] as const;
export const CARD_NETWORKS = ['VISA', 'MASTERCARD', 'RUPAY'] as const;

/** A card fee: amount before and with GST (18% on card fees in India). */
export const cardFeeSchema = z.object({ amount: money, gstPercent: percent, gst: money, total: money });
export type CardFee = z.infer<typeof cardFeeSchema>;

/**
 * Card offers ("card offers carry fees, limit range and rewards"); cards are exempt
 * from the KFS, so these are the terms a card's Most Important Terms and Conditions lead with.
 */
export const cardTermsSchema = z.object({
  cardKind: z.enum(CARD_KINDS),
  network: z.enum(CARD_NETWORKS),
  joiningFee: cardFeeSchema,
  annualFee: cardFeeSchema,
  /** e.g. "Annual fee waived on spends of ₹1,50,000 in a year"; null when never waived. */
  annualFeeWaiver: text(200).nullable(),
  creditLimit: z.object({ min: money, max: money }).refine((limit) => limit.min <= limit.max, 'min above max'),
  /** Finance charges on a revolving balance, percent per month. */
  financeChargesMonthlyPercent: percent,
  rewards: z.array(text(160)).min(1).max(4),
  /** A secured card's limit stands on a fixed deposit of at least this; null for unsecured cards. */
  minimumFixedDeposit: money.nullable(),
});
export type CardTerms = z.infer<typeof cardTermsSchema>;

export const INSURANCE_KINDS = ['HEALTH', 'TERM_LIFE'] as const;

/**
 * Insurance offers (spec 001 §3 insuranceOffers): what a policy's customer information sheet
 * leads with. The premium is yearly, with its GST (individual health and life cover has been GST
 * exempt since 22 September 2025, so gstPercent is 0 for them); freeLookDays is IRDAI's free-look
 * period (30 days for policies sold from 2024), in which a policy may be returned for a refund.
 */
export const insuranceTermsSchema = z.object({
  insurerLegalName: text(160),
  kind: z.enum(INSURANCE_KINDS),
  /** The cover: the most the policy pays (health: per policy year; term life: on death). */
  sumInsured: money,
  premium: cardFeeSchema,
  /** Years the cover runs (health policies: 1, renewed yearly). */
  policyTermYears: z.number().int().min(1).max(50),
  /** The insurer's published claim settlement ratio, percent of claims settled. */
  claimSettlementRatio: percent,
  /** Health: the waiting periods (pre-existing conditions at most 3 years under IRDAI's 2024 rules); null for term cover. */
  waitingPeriods: text(300).nullable(),
  freeLookDays: z.number().int().min(15).max(30),
  keyBenefits: z.array(text(160)).min(1).max(4),
  exclusions: text(300),
});
export type InsuranceTerms = z.infer<typeof insuranceTermsSchema>;

// ---------------------------------------------------------------------------------------------
// The offer response (spec 000 §3)

export const CAROUSEL_ACTION_TYPES = ['APPLY', 'CONTINUE'] as const;

/**
 * One subProductList item. The spec's fields first (offerId, productType, productName,
 * bannerTitle, imageUrl, features.shortDescriptionApp, statement.statementText,
 * action.carouselAction[0]); after them ours: the lender, the validity, and the disclosure a
 * customer must see before applying (kfs for loans, cardTerms for cards, insuranceTerms for
 * insurance; exactly one is set).
 */
export const offerSchema = z
  .object({
    offerId: text(64),
    productType: offerProductSchema,
    productName: text(120),
    bannerTitle: text(160),
    imageUrl: z.object({ partnerImage: imageUrl, productTypeImage: imageUrl, renderImage: imageUrl }),
    features: z.object({ shortDescriptionApp: z.array(text(160)).min(1).max(MAX_OFFER_BULLETS) }),
    statement: z.object({ statementText: text(300) }),
    action: z.object({
      carouselAction: z
        .array(z.object({ type: z.enum(CAROUSEL_ACTION_TYPES), payload: z.object({ text: text(40) }) }))
        .min(1)
        .max(2),
    }),
    lender: z.object({ id: text(64), name: text(120), legalName: text(160) }),
    /** Last day the offer stands; OFFER_PLACEHOLDER_DATE where the lender gave none (spec 000 §9). */
    validTill: daySchema,
    /** Always true on these routes: the rules (rules.ts) pre-approved it for this customer. */
    preApproved: z.literal(true),
    kfs: loanKfsSchema.nullable(),
    cardTerms: cardTermsSchema.nullable(),
    /** Insurance offers only (INS); absent or null on loans and cards. */
    insuranceTerms: insuranceTermsSchema.nullable().optional(),
  })
  .refine((offer) => (offer.kfs !== null) === isLoanProduct(offer.productType), {
    message: 'a loan offer carries kfs, a card offer does not',
    path: ['kfs'],
  })
  .refine((offer) => (offer.cardTerms !== null) === (offer.productType === 'CC'), {
    message: 'a card offer carries cardTerms, a loan offer does not',
    path: ['cardTerms'],
  })
  .refine((offer) => (offer.insuranceTerms != null) === isInsuranceProduct(offer.productType), {
    message: 'an insurance offer carries insuranceTerms, a loan or card offer does not',
    path: ['insuranceTerms'],
  });
export type Offer = z.infer<typeof offerSchema>;

export const productOffersSchema = z.object({ subProductList: z.array(offerSchema).min(1).max(50) });
export type ProductOffers = z.infer<typeof productOffersSchema>;

/**
 * spec 000 §3 "Offer response: keyed by product". A product without offers is left out, and a
 * customer without offers gets `{}` (spec 000 §5: "Offers with an empty response are not shown").
 * Products appear in OFFER_PRODUCTS order; within one, the best offer first.
 */
export const offerResponseSchema = z.partialRecord(offerProductSchema, productOffersSchema);
export type OfferResponse = z.infer<typeof offerResponseSchema>;

/**
 * The personalisation fetch (spec 000 §4 "A personalization fetch sets stored offers"): what the
 * nudge stores for the signed-out tile. totalOffers is the uncapped count ("You have {n}
 * Exclusive Offers"); offers are at most MAX_OFFERS_PER_TILE, keyed by product like every answer.
 */
export const personalizationResponseSchema = z.object({
  totalOffers: z.number().int().min(0),
  offers: offerResponseSchema,
  /** When this was computed: the stored copy is shown signed out and replaced on the next fetch. */
  generatedAt: z.iso.datetime({ offset: true }),
});
export type PersonalizationResponse = z.infer<typeof personalizationResponseSchema>;

/**
 * BSP v3/offers: the offers page in one answer (spec 001 §3 offer slice: hasPreApprovedOffers,
 * preApprovedOffers). `offers` has the one shape of every offer answer.
 */
export const offersPageResponseSchema = z.object({
  hasPreApprovedOffers: z.boolean(),
  totalOffers: z.number().int().min(0),
  offers: offerResponseSchema,
});
export type OffersPageResponse = z.infer<typeof offersPageResponseSchema>;

/**
 * BSP offer/fetchQuotes (spec 001 §3 fetchQuotesList): the customer's pre-approved offers of one
 * product, each with its KFS (or card terms) worked out for the amount and tenure asked for,
 * within the offer's own limits (a quote never exceeds what was pre-approved).
 */
export const fetchQuotesResponseSchema = z.object({
  product: offerProductSchema,
  quotes: z.array(
    z.object({
      offer: offerSchema,
      /** The amount and tenure this quote is for, after clamping to the offer's limits. */
      amount: money.nullable(),
      tenureMonths: z.number().int().min(1).max(480).nullable(),
    }),
  ),
});
export type FetchQuotesResponse = z.infer<typeof fetchQuotesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and paths

/**
 * The optional product filter of the offer reads. Kept as text here: an unknown product is
 * answered with the catalogue's productNotAllowed text (spec 000 §8), not a schema message.
 */
export const offersQuerySchema = z.object({
  product: z.string().max(16).optional(),
  /**
   * Optional and only a claim: the customer is the access token's. When sent it must be that
   * customer (else "Token not validated"), so a client bug that mixes customers fails loudly.
   */
  customerId: z.string().max(64).optional(),
});
export type OffersQuery = z.infer<typeof offersQuerySchema>;

const positiveIntText = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number);
export const fetchQuotesQuerySchema = z.object({
  /** Required; checked by the service so that a missing one answers "[product] is required". */
  product: z.string().max(16).optional(),
  customerId: z.string().max(64).optional(),
  /** Rupees wanted; the offer's pre-approved amount when absent. */
  amount: positiveIntText.optional(),
  tenureMonths: positiveIntText.optional(),
});
export type FetchQuotesQuery = z.infer<typeof fetchQuotesQuerySchema>;
