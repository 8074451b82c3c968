import { z } from 'zod';
import { BUREAUS } from '../constants.ts';
import { REPORT_CHANGE_IMPACTS, REPORT_CHANGE_KINDS } from '../credit/report-diff.ts';
import { REPORT_FACTOR_IDS } from '../credit/report-factors.ts';
import { ACCOUNT_TYPES, creditSummarySchema } from '../credit/schemas.ts';
import { SCORE_BANDS, SCORE_STATES } from '../credit/score-rules.ts';
import { invoicePdfResponseSchema } from '../invoices/schemas.ts';
import { ADD_ONS } from './catalogue.ts';
import { HEALTH_REPORT_STATES } from './health-report.ts';
import { ELIGIBILITY_REASONS, PAYMENT_STATUSES, RANK_CRITERIA, RECTIFICATION_ISSUES } from './eligibility.ts';
import { PRODUCT_CATEGORIES } from './products.ts';
import { STEP_UP_REASONS } from './step-up.ts';

/**
 * Payloads of the paid add-ons (spec 001 §1, §3 "Eligibility objects", §4), the purchase flow
 *, the step-up card and the product tiles (spec 001 §7, §9). The spec shows only the
 * field paths of the eligibility objects; the rest of each shape is ours. Money is whole paise.
 */
export { ADD_ON_ROUTES, ADD_ON_ROUTE_METHODS } from './routes.ts';

const instant = z.iso.datetime({ offset: true });
const paise = z.number().int().min(0).max(1e11);

export const addOnSchema = z.enum(ADD_ONS);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const addOnPriceSchema = z.object({
  /** GST-inclusive: what the customer pays. */
  amountPaise: paise,
  taxableValuePaise: paise,
  gstPaise: paise,
  gstPercent: z.number().min(0).max(100),
});

export const addOnProductSchema = z.object({
  addOn: addOnSchema,
  name: z.string(),
  summary: z.string(),
  price: addOnPriceSchema,
});
export type AddOnProductView = z.infer<typeof addOnProductSchema>;

/** spec 001 §3 lastPaymentDetails: the latest purchase of the add-on. */
export const lastPaymentDetailsSchema = z.object({
  purchaseId: z.uuid(),
  paymentStatus: paymentStatusSchema,
  createdAt: instant,
  paidAt: instant.nullable(),
});

const eligibilityFields = {
  eligible: z.boolean(),
  subscribed: z.boolean(),
  reason: z.enum(ELIGIBILITY_REASONS),
  product: addOnProductSchema,
  lastPaymentDetails: lastPaymentDetailsSchema.nullable(),
};

export const rankFactorSchema = z.object({
  criteria: z.enum(RANK_CRITERIA),
  SCORE_LEVEL: z.enum([...SCORE_BANDS, 'NTC', 'NO_HIT']),
});

export const flaggedAccountSchema = z.object({
  accountKey: z.string(),
  /** Masked to its last 4 (spec 001 §5). */
  accountNumber: z.string(),
  lender: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  balance: z.number().int().min(0),
  overdue: z.number().int().min(0),
  writtenOff: z.boolean(),
  settled: z.boolean(),
  open: z.boolean(),
  bureaus: z.array(z.enum(BUREAUS)),
});
export type FlaggedAccountView = z.infer<typeof flaggedAccountSchema>;

export const accountUserInformationResponseSchema = z.object({
  /** spec 001 §3: rankFactors[0].criteria and SCORE_LEVEL, lastPaymentDetails.paymentStatus, paidUser. */
  creditAdvisor: z.object({
    ...eligibilityFields,
    rankFactors: z.array(rankFactorSchema),
    criteria: z.enum([...RANK_CRITERIA, 'NTC']).nullable(),
    isNewToCredit: z.boolean(),
    paidUser: z.boolean(),
  }),
  /** spec 001 §3: lastPaymentDetails.paymentStatus. */
  creditHealth: z.object(eligibilityFields),
  /** spec 001 §3: accountList. */
  collection: z.object({ ...eligibilityFields, accountList: z.array(flaggedAccountSchema) }),
  /** spec 001 §3: crosssellable.products.product.COLLECTIONS subProductList, quoteDetails.order.orderStatus. */
  rectification: z.object({
    ...eligibilityFields,
    crosssellable: z.object({
      products: z.object({
        product: z.object({
          COLLECTIONS: z.object({
            subProductList: z.array(flaggedAccountSchema.extend({ issue: z.enum(RECTIFICATION_ISSUES) })),
          }),
        }),
      }),
    }),
    quoteDetails: z.object({
      order: z.object({ purchaseId: z.uuid(), orderStatus: paymentStatusSchema }).nullable(),
    }),
  }),
});
export type AccountUserInformation = z.infer<typeof accountUserInformationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Purchases

export const purchaseSchema = z.object({
  purchaseId: z.uuid(),
  addOn: addOnSchema,
  name: z.string(),
  status: paymentStatusSchema,
  price: addOnPriceSchema,
  /** The gateway's order id the checkout pays; null until the order is made. */
  orderId: z.string().nullable(),
  createdAt: instant,
  paidAt: instant.nullable(),
  /** The gateway's reason for a failed payment, in words a customer may read. */
  failureReason: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * A client-made key, the same for every retry of one purchase (ARCHITECTURE.md "every write that a
 * client may retry is idempotent"): a UUID or similar, 8 to 64 URL-safe characters.
 */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be 8 to 64 letters, digits, "-" or "_"');

export const createOrderBodySchema = z.object({ addOn: addOnSchema, idempotencyKey: idempotencyKeySchema });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const confirmPaymentBodySchema = z.object({
  purchaseId: z.uuid(),
  /** What a real gateway's checkout hands back (payment id, signature), passed to the provider as is. */
  gatewayResponse: z.record(z.string().max(64), z.string().max(512)).optional(),
});
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBodySchema>;

export const orderStatusQuerySchema = z.object({ purchaseId: z.uuid() });

/** spec 001 §7 myAccount/transactions (account slice transactionsDetails): purchases, newest first. */
export const addOnTransactionsResponseSchema = z.object({ transactions: z.array(purchaseSchema) });
export type AddOnTransactionsResponse = z.infer<typeof addOnTransactionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Step-up card (spec 001 §3 stepUpCardDetails) and product tiles (§9)

export const stepUpCardResponseSchema = z.object({
  hasSecuredCard: z.boolean(),
  securedCard: z
    .object({
      productName: z.string(),
      lenderName: z.string(),
      issuedAt: instant,
    })
    .nullable(),
  stepUp: z
    .object({
      eligible: z.boolean(),
      reason: z.enum(STEP_UP_REASONS),
      monthsHeld: z.number().int().min(0),
      monthsRemaining: z.number().int().min(0),
      monthsRequired: z.number().int().min(1),
      offer: z
        .object({
          offerId: z.string(),
          productName: z.string(),
          lenderName: z.string(),
          bullets: z.array(z.string()),
          creditLimit: z.object({ min: z.number(), max: z.number() }).nullable(),
        })
        .nullable(),
    })
    .nullable(),
});
export type StepUpCardResponse = z.infer<typeof stepUpCardResponseSchema>;

export const productListResponseSchema = z.object({
  products: z.array(
    z.object({
      redirectKey: z.string(),
      name: z.string(),
      tagline: z.string(),
      category: z.enum(PRODUCT_CATEGORIES),
      /** Absolute http(s) address of the product's page. */
      url: z.url(),
    }),
  ),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The Credit Health Report (spec 001 §1, §4; health-report.ts builds it)

const healthNextStepSchema = z.object({
  title: z.string(),
  detail: z.string(),
  bureaus: z.array(z.enum(BUREAUS)),
});

export const creditHealthReportResponseSchema = z.object({
  generatedAt: z.iso.datetime({ offset: true }),
  state: z.enum(HEALTH_REPORT_STATES),
  activeBureau: z.enum(BUREAUS).nullable(),
  headline: z.string(),
  bureaus: z.array(
    z.object({
      creditBureau: z.enum(BUREAUS),
      scoreState: z.enum(SCORE_STATES),
      score: z.number().int().nullable(),
      scoreBand: z.enum(SCORE_BANDS).nullable(),
      reportDate: z.iso.datetime({ offset: true }).nullable(),
      change: z.object({ from: z.number().int(), to: z.number().int(), delta: z.number().int() }).nullable(),
      summary: creditSummarySchema.nullable(),
      factors: z.array(
        z.object({
          id: z.enum(REPORT_FACTOR_IDS),
          rating: z.enum(['GOOD', 'FAIR', 'POOR', 'NONE']),
          weightLevel: z.enum(['HIGH', 'MEDIUM', 'LOW']),
          name: z.string(),
          ratingName: z.string(),
          text: z.string(),
        }),
      ),
      changes: z.array(
        z.object({
          kind: z.enum(REPORT_CHANGE_KINDS),
          impact: z.enum(REPORT_CHANGE_IMPACTS),
          title: z.string(),
          explanation: z.string(),
        }),
      ),
    }),
  ),
  nextSteps: z.array(healthNextStepSchema),
});
export type CreditHealthReportResponse = z.infer<typeof creditHealthReportResponseSchema>;

/** The report as a PDF for a JSON client: the same file envelope as an invoice's. */
export const creditHealthReportPdfResponseSchema = invoicePdfResponseSchema;
