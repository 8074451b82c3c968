import type { CardFee, Fee, LoanFeeCode, LoanKfs } from './schemas.ts';

/**
 * The loan maths behind an RBI Key Facts Statement (reference "Loan offers: RBI Key Facts
 * Statement"; RBI circular DOR.STR.REC.13/13.03.00/2024-25, Annex A and the APR illustration of
 * Annex B). Pure and zod-free. Money is worked in whole paise so that fees, GST and totals add
 * up exactly; answers are rupees with two decimals.
 */

/** GST on financial services fees in India (processing, documentation, card fees): 18%. */
export const GST_PERCENT = 18;

/** How a catalogue loan fee is charged: a share of the amount within bounds, or a flat sum. */
export interface LoanFeeRule {
  readonly code: LoanFeeCode;
  readonly label: string;
  readonly payableTo: 'LENDER' | 'THIRD_PARTY';
  /** Percent of the sanctioned amount (e.g. 2 for 2%). */
  readonly percentOfAmount?: number;
  /** A flat fee in rupees (added to the percentage part when both are set). */
  readonly flat?: number;
  /** Bounds in rupees on the fee before GST. */
  readonly min?: number;
  readonly max?: number;
  /** 0 for stamp duty and other pass-through charges that carry no GST. */
  readonly gstPercent: number;
}

/** What a catalogue loan offer stores; computeLoanKfs turns it into the KFS for one amount and tenure. */
export interface LoanTerms {
  readonly lenderLegalName: string;
  readonly interestRateType: 'FIXED' | 'FLOATING';
  /** Percent per annum. */
  readonly interestRate: number;
  /** Rupees; max is the pre-approved (sanctioned) amount. */
  readonly amount: { readonly min: number; readonly max: number };
  readonly tenureMonths: { readonly min: number; readonly max: number; readonly default: number };
  readonly fees: readonly LoanFeeRule[];
  readonly penalCharges: string;
  readonly foreclosureCharges: string;
  readonly coolingOffDays: number;
}

const toPaise = (rupees: number): number => Math.round(rupees * 100);
const toRupees = (paise: number): number => paise / 100;
/** Two decimals, half away from zero (rates and APR are shown to two decimals). */
const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * The equated monthly instalment in paise: P·r·(1+r)^n / ((1+r)^n − 1) with r the monthly rate
 * (annual / 12 / 100), P/n at 0%. Rounded up to the paisa: an instalment rounded down would leave
 * principal unpaid at the end.
 */
export function emiPaise(principalPaise: number, annualRatePercent: number, months: number): number {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be a whole number ≥ 1');
  if (annualRatePercent === 0) return Math.ceil(principalPaise / months);
  const monthly = annualRatePercent / 1200;
  // (1+r)^n − 1 as expm1(n·log1p(r)): subtracting 1 from (1+r)^n cancels away its leading digits at
  // small rates (0.48% a year for a month was off by a part in 10^13, a paisa on ₹2 crore).
  const growthLessOne = Math.expm1(months * Math.log1p(monthly));
  const exact = (principalPaise * monthly * (growthLessOne + 1)) / growthLessOne;
  // Floating-point noise lifts an exact paisa a few parts in 10^15 above itself (₹57,02,490 at 30%
  // for one month came out 584505225.000002 paise): within a part in 10^13 of a whole paisa is that
  // paisa, not the next. Relative, not absolute: at crores of paise the noise outgrows any fixed
  // fraction. At most 0.0005 paise of a ₹5 crore loan is left uncovered this way.
  return Math.ceil(exact * (1 - 1e-13));
}

/** The EMI in rupees (two decimals) for a principal in rupees. */
export function emi(principal: number, annualRatePercent: number, months: number): number {
  return toRupees(emiPaise(toPaise(principal), annualRatePercent, months));
}

/**
 * The annual percentage rate (RBI KFS Annex B): the monthly internal rate of return that equates
 * the net disbursed amount with the instalments, times 12, in percent to two decimals. Solved by
 * bisection: the present value of the instalments falls strictly as the rate rises, so there is
 * exactly one root when the instalments add up to more than the amount received.
 */
export function annualPercentageRate(netDisbursed: number, instalment: number, months: number): number {
  if (netDisbursed <= 0 || instalment <= 0 || months < 1) throw new RangeError('amounts and months must be positive');
  if (instalment * months <= netDisbursed) return 0;
  const presentValue = (rate: number): number => instalment * ((1 - Math.pow(1 + rate, -months)) / rate);
  let low = 1e-12;
  let high = 1;
  for (let step = 0; step < 200 && high - low > 1e-15; step++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > netDisbursed) low = mid;
    else high = mid;
  }
  return round2(((low + high) / 2) * 12 * 100);
}

/** A fee before GST in paise for `amountPaise`, by its rule's percentage, flat part and bounds. */
function feeBasePaise(rule: LoanFeeRule, amountPaise: number): number {
  let fee = Math.round((amountPaise * (rule.percentOfAmount ?? 0)) / 100) + toPaise(rule.flat ?? 0);
  if (rule.min !== undefined) fee = Math.max(fee, toPaise(rule.min));
  if (rule.max !== undefined) fee = Math.min(fee, toPaise(rule.max));
  return fee;
}

/** GST on a fee, to the paisa. */
function gstPaise(feePaise: number, gstPercent: number): number {
  return Math.round((feePaise * gstPercent) / 100);
}

export function loanFees(rules: readonly LoanFeeRule[], amount: number): Fee[] {
  const amountPaise = toPaise(amount);
  return rules.map((rule) => {
    const base = feeBasePaise(rule, amountPaise);
    const gst = gstPaise(base, rule.gstPercent);
    return {
      code: rule.code,
      label: rule.label,
      payableTo: rule.payableTo,
      amount: toRupees(base),
      gstPercent: rule.gstPercent,
      gst: toRupees(gst),
      total: toRupees(base + gst),
    };
  });
}

/** Keeps a wanted value within [min, max]; the default when none was asked for. */
export function clampTo(value: number | undefined, range: { min: number; max: number }, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(value, range.min), range.max);
}

/**
 * The Key Facts Statement of a loan offer for `amount` and `tenureMonths` (each clamped to what
 * the offer allows; the pre-approved amount and the default tenure when absent). Every fee is
 * deducted upfront, so the net disbursed amount is the sanctioned amount less every fee with GST,
 * and the APR is worked out on what the borrower actually receives.
 */
export function computeLoanKfs(terms: LoanTerms, amount?: number, tenureMonths?: number): LoanKfs {
  const sanctioned = Math.round(clampTo(amount, terms.amount, terms.amount.max));
  const months = Math.round(clampTo(tenureMonths, terms.tenureMonths, terms.tenureMonths.default));
  const principalPaise = toPaise(sanctioned);
  const fees = loanFees(terms.fees, sanctioned);
  const totalFeesPaise = fees.reduce((sum, fee) => sum + toPaise(fee.total), 0);
  const instalmentPaise = emiPaise(principalPaise, terms.interestRate, months);
  const instalmentsPaise = instalmentPaise * months;
  const netDisbursedPaise = principalPaise - totalFeesPaise;
  return {
    lenderLegalName: terms.lenderLegalName,
    sanctionedAmount: toRupees(principalPaise),
    netDisbursedAmount: toRupees(netDisbursedPaise),
    interestRateType: terms.interestRateType,
    interestRate: terms.interestRate,
    annualPercentageRate: annualPercentageRate(toRupees(netDisbursedPaise), toRupees(instalmentPaise), months),
    tenureMonths: months,
    repaymentFrequency: 'MONTHLY',
    numberOfInstalments: months,
    instalmentAmount: toRupees(instalmentPaise),
    fees,
    totalFees: toRupees(totalFeesPaise),
    totalInterest: toRupees(instalmentsPaise - principalPaise),
    totalAmountPayable: toRupees(instalmentsPaise + totalFeesPaise),
    penalCharges: terms.penalCharges,
    foreclosureCharges: terms.foreclosureCharges,
    coolingOffDays: terms.coolingOffDays,
  };
}

/** A card fee with GST (18% unless said otherwise). */
export function cardFee(amount: number, gstPercent = GST_PERCENT): CardFee {
  const base = toPaise(amount);
  const gst = gstPaise(base, gstPercent);
  return { amount: toRupees(base), gstPercent, gst: toRupees(gst), total: toRupees(base + gst) };
}
