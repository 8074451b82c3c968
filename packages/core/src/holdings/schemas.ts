import { z } from 'zod';
import { FUND_CATEGORIES, FUND_PLANS, ONDC_LOAN_STATUSES, POLICY_STATUSES, SIP_STATUSES } from './rules.ts';

/**
 * Answers of the holdings calls (spec 001 §3 account slice userMutualFundStatus,
 * walletProtectionData, ONDCDisbursedLeads; §7 paths). The spec shows no shapes, so these are ours.
 * A customer with nothing gets the empty answer (NOT_INVESTED, no policy, no loans), never an
 * error. Money is whole paise, calendar dates India's YYYY-MM-DD; identifiers (folio, policy and
 * loan account numbers) are masked per spec 001 §5 before they leave the server.
 */
export { HOLDINGS_ROUTES, HOLDINGS_LINKS, type HoldingsLink, type HoldingsRoute } from './routes.ts';

const paise = z.number().int().min(0).max(1e13);
const signedPaise = z.number().int().min(-1e13).max(1e13);
const date = z.iso.date();
/** Where the banner leads (the product's site); null when no site address is configured. */
const link = z.string().nullable();

export const sipSchema = z.object({
  status: z.enum(SIP_STATUSES),
  amountPaise: paise,
  /** The day of the month the instalment is debited (1–28). */
  dayOfMonth: z.number().int().min(1).max(28),
  /** The next debit (ACTIVE only). */
  nextDate: date.nullable(),
});
export type Sip = z.infer<typeof sipSchema>;

export const mutualFundFolioSchema = z.object({
  folioId: z.uuid(),
  /** Masked: last 4 characters, the rest X. */
  folioNumber: z.string(),
  amcName: z.string(),
  schemeName: z.string(),
  category: z.enum(FUND_CATEGORIES),
  plan: z.enum(FUND_PLANS),
  /** Decimal strings as the AMC reports them (units to 3 places, NAV in rupees to 4). */
  units: z.string(),
  nav: z.string(),
  navDate: date,
  investedPaise: paise,
  currentValuePaise: paise,
  gainPaise: signedPaise,
  sip: sipSchema.nullable(),
});
export type MutualFundFolio = z.infer<typeof mutualFundFolioSchema>;

export const mutualFundSummarySchema = z.object({
  investedPaise: paise,
  currentValuePaise: paise,
  gainPaise: signedPaise,
  /** Absolute return on the amount invested, in basis points (1380 = 13.80 %). */
  gainBasisPoints: z.number().int(),
  /** The latest NAV date among the folios. */
  asOf: date,
  activeSips: z.number().int().min(0),
  monthlySipPaise: paise,
  /** The soonest active SIP debit. */
  nextSip: z.object({ date, amountPaise: paise, schemeName: z.string() }).nullable(),
});

/** spec 001 §7 myAccount/getMutualFundStatus (account slice userMutualFundStatus). */
export const mutualFundStatusSchema = z.object({
  status: z.enum(['INVESTED', 'NOT_INVESTED']),
  summary: mutualFundSummarySchema.nullable(),
  /** Largest first. */
  folios: z.array(mutualFundFolioSchema),
  exploreUrl: link,
});
export type MutualFundStatus = z.infer<typeof mutualFundStatusSchema>;

export const walletProtectionPolicySchema = z.object({
  policyId: z.uuid(),
  /** Masked: last 4 characters, the rest X. */
  policyNumber: z.string(),
  insurerName: z.string(),
  planName: z.string(),
  coverPaise: paise,
  /** Yearly premium, GST included. */
  premiumPaise: paise,
  startDate: date,
  /** The last day of cover: the renewal date. */
  endDate: date,
  status: z.enum(POLICY_STATUSES),
  /** Days until endDate (0 on the day); negative once the cover has ended. */
  daysToRenewal: z.number().int(),
  cardsCovered: z.number().int().min(0),
  benefits: z.array(z.string()),
});
export type WalletProtectionPolicy = z.infer<typeof walletProtectionPolicySchema>;

/** spec 001 §7 wpsp/policyDetails (account slice walletProtectionData): the latest policy, or none. */
export const policyDetailsResponseSchema = z.object({
  policy: walletProtectionPolicySchema.nullable(),
  manageUrl: link,
});
export type PolicyDetailsResponse = z.infer<typeof policyDetailsResponseSchema>;

export const ondcLoanSchema = z.object({
  loanId: z.uuid(),
  /** The lender's loan account number, masked: last 4 characters, the rest X. */
  loanAccount: z.string(),
  lenderName: z.string(),
  productName: z.string(),
  principalPaise: paise,
  /** Yearly interest rate in basis points (1650 = 16.50 % p.a., reducing balance). */
  annualRateBasisPoints: z.number().int().min(0),
  tenureMonths: z.number().int().min(1),
  emiPaise: paise,
  disbursedOn: date,
  emisPaid: z.number().int().min(0),
  nextEmiDate: date.nullable(),
  outstandingPaise: paise,
  status: z.enum(ONDC_LOAN_STATUSES),
});
export type OndcLoan = z.infer<typeof ondcLoanSchema>;

/** spec 001 §7 ondc/loans (account slice ONDCDisbursedLeads): loans disbursed through ONDC, newest first. */
export const ondcLoansResponseSchema = z.object({
  loans: z.array(ondcLoanSchema),
  dashboardUrl: link,
});
export type OndcLoansResponse = z.infer<typeof ondcLoansResponseSchema>;
