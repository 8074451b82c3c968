import { z } from 'zod';

/**
 * Offer payloads of spec 000 §3 ("Offer response") and the paths of spec 000 §7 / spec 001 §7, §9
 * (issue 14 §2). Every answer travels in the spec's envelope; the schemas here describe its
 * `response`.
 *
 * Units: money is in rupees with at most two decimals (paise), computed in whole paise
 * (kfs.ts) so sums never drift; rates are percent per annum with at most two decimals unless a
 * name says otherwise; days are YYYY-MM-DD.
 */

/**
 * Products an offer is for (spec 000 §3 "keyed by product (PL, CC and so on)"; the codes are the
 * data-item products of spec 000 §5). A secured card is a CC whose cardTerms.cardKind is SECURED.
 */
export const OFFER_PRODUCTS = ['PL', 'CC', 'HL', 'BL', 'LAP'] as const;
export type OfferProduct = (typeof OFFER_PRODUCTS)[number];
export const offerProductSchema = z.enum(OFFER_PRODUCTS);

export const OFFER_PRODUCT_NAMES: Readonly<Record<OfferProduct, string>> = {
  PL: 'Personal Loan',
  CC: 'Credit Card',
  HL: 'Home Loan',
  BL: 'Business Loan',
  LAP: 'Loan Against Property',
};

/** Loans carry an RBI Key Facts Statement; cards are exempt from it and carry cardTerms instead. */
export const LOAN_PRODUCTS = ['PL', 'HL', 'BL', 'LAP'] as const satisfies readonly OfferProduct[];
export type LoanProduct = (typeof LOAN_PRODUCTS)[number];
export function isLoanProduct(product: OfferProduct): product is LoanProduct {
  return (LOAN_PRODUCTS as readonly string[]).includes(product);
}

/** spec 000 §9: the date an offer shows when its validity is missing. */
export const OFFER_PLACEHOLDER_DATE = '2030-12-12';
/** spec 000 §3: shortDescriptionApp holds up to 6 bullets. */
export const MAX_OFFER_BULLETS = 6;
/** spec 000 §3: statement.statementText is made of segments separated by a double caret. */
export const STATEMENT_SEPARATOR = '^^';
/** spec 000 §9: at most 2 offers in the nudge tile and in the offers modal. */
export const MAX_OFFERS_PER_TILE = 2;
/** spec 000 §9: the total-offer count of the home summary is capped at 3. */
export const MAX_SUMMARY_OFFER_COUNT = 3;

/** The segments of a statementText ("Pre-approved ^^₹5,00,000^^ at 10.99%"), blanks dropped. */
export function statementSegments(statementText: string): string[] {
  return statementText
    .split(STATEMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

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
  /** RBI KFS Annex B: IRR of the net disbursed amount against the instalments, monthly × 12. */
  annualPercentageRate: percent,
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
 * Card offers (issue 14 §2: "card offers carry fees, limit range and rewards"); cards are exempt
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

// ---------------------------------------------------------------------------------------------
// The offer response (spec 000 §3)

export const CAROUSEL_ACTION_TYPES = ['APPLY', 'CONTINUE'] as const;

/**
 * One subProductList item. The spec's fields first (offerId, productType, productName,
 * bannerTitle, imageUrl, features.shortDescriptionApp, statement.statementText,
 * action.carouselAction[0]); after them ours: the lender, the validity, and the disclosure a
 * customer must see before applying (kfs for loans, cardTerms for cards; exactly one is set).
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
  })
  .refine((offer) => (offer.kfs !== null) === isLoanProduct(offer.productType), {
    message: 'a loan offer carries kfs, a card offer does not',
    path: ['kfs'],
  })
  .refine((offer) => (offer.cardTerms !== null) === (offer.productType === 'CC'), {
    message: 'a card offer carries cardTerms, a loan offer does not',
    path: ['cardTerms'],
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

/** Every offer of a response, in display order (products in OFFER_PRODUCTS order). */
export function flattenOffers(response: OfferResponse): Offer[] {
  return OFFER_PRODUCTS.flatMap((product) => response[product]?.subProductList ?? []);
}

/** The offers the nudge tile and modal show: the first MAX_OFFERS_PER_TILE (spec 000 §9). */
export function tileOffers(response: OfferResponse): Offer[] {
  return flattenOffers(response).slice(0, MAX_OFFERS_PER_TILE);
}

/** The home summary's count: capped at MAX_SUMMARY_OFFER_COUNT (spec 000 §9). */
export function summaryOfferCount(response: OfferResponse): number {
  return Math.min(flattenOffers(response).length, MAX_SUMMARY_OFFER_COUNT);
}

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

/**
 * Paths of spec 000 §7 and spec 001 §7/§9. Where the spec shows no method or no path, the choice
 * is ours and kept the same on every route (as CREDIT_ROUTES does): every offer read is GET; the
 * customer is the one whose access token the request carries (the pass token's sso strategy,
 * i.e. the `sso-authentication-token` header moved in by the SDK, or `pb-access-token`), so no
 * customer id travels in a URL; every answer uses the spec's envelope.
 */
export const OFFER_ROUTES = {
  /**
   * spec 000 §7 "Pre-approved offers GET (headers pb-access-token and sso-authentication-token;
   * reply status and response keyed by product)"; path ours → OfferResponse.
   */
  preApprovedOffers: '/MSP/api/v1/pco/preApprovedOffers',
  /** spec 000 §7 / spec 001 §9 pco/offers (method not shown: GET) → OfferResponse. */
  pcoOffers: '/MSP/api/v1/pco/offers',
  /** spec 000 §4 "A personalization fetch sets stored offers"; path ours → PersonalizationResponse. */
  personalization: '/MSP/api/v1/pco/personalization',
  /** spec 001 §7 → OfferResponse (the dashboard's preApprovedOffers). */
  getOffers: '/BSP/api/v2/offer/getOffers',
  /** spec 001 §7 → OffersPageResponse (the offers page). */
  offersV3: '/BSP/api/v3/offers',
  /** spec 001 §7 → FetchQuotesResponse. */
  fetchQuotes: '/BSP/api/v1/offer/fetchQuotes',
} as const;
export type OfferRoute = keyof typeof OFFER_ROUTES;

export const OFFER_ROUTE_METHODS: Readonly<Record<OfferRoute, 'GET' | 'POST'>> = {
  preApprovedOffers: 'GET',
  pcoOffers: 'GET',
  personalization: 'GET',
  getOffers: 'GET',
  offersV3: 'GET',
  fetchQuotes: 'GET',
};

/** Where the server serves offer images (outside the service prefixes: images carry no pass token). */
export const OFFER_IMAGE_PREFIX = '/assets/offers/';
