import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualPercentageRate, cardFee, computeLoanKfs, emi, emiPaise, loanFees, type LoanTerms } from './kfs.ts';
import { loanKfsSchema } from './schemas.ts';

/**
 * A real KFS (RBL Bank "Dial For Cash", RBI Annex A format, issued for repayment from 2025-01-01):
 * sanctioned ₹47,000; 24 monthly EPIs of ₹2,415.14; 21.00% p.a. fixed; processing fee ₹1,175 net
 * of GST (RBI Annex A note 4 lets a lender show fees net of GST); APR 24.16%.
 */
const RBL: LoanTerms = {
  lenderLegalName: 'RBL Bank Limited',
  interestRateType: 'FIXED',
  interestRate: 21,
  amount: { min: 10_000, max: 47_000 },
  tenureMonths: { min: 12, max: 24, default: 24 },
  fees: [{ code: 'PROCESSING_FEE', label: 'Processing fee', payableTo: 'LENDER', flat: 1175, gstPercent: 18 }],
  penalCharges: '₹1,000 per instance of delayed payment',
  foreclosureCharges: '3% of principal outstanding',
  coolingOffDays: 3,
};

describe('EMI', () => {
  it('matches the instalment of a real KFS to the paisa (₹47,000, 21%, 24 months → ₹2,415.14)', () => {
    // The exact EMI is ₹2,415.1256: we round up to ₹2,415.13; the lender's system shows ₹2,415.14
    // (its own rounding of the monthly rate). A paisa apart, never more.
    expect(Math.abs(emi(47_000, 21, 24) - 2415.14)).toBeLessThanOrEqual(0.01 + 1e-9);
  });

  it('matches the textbook EMI of ₹1,00,000 at 12% for 12 months (₹8,884.88)', () => {
    expect(emi(100_000, 12, 12)).toBe(8884.88);
  });

  it('does not round an exact paisa up to the next for floating-point noise', () => {
    // ₹57,02,490 at 30% for one month is exactly ₹58,45,052.25; computed, 584505225.000002 paise.
    expect(emiPaise(570_249_000, 30, 1)).toBe(584_505_225);
    // ₹2,03,06,475 at 0.48% for one month is exactly ₹2,03,14,597.59: (1 + r) − 1 loses digits there.
    expect(emiPaise(2_030_647_500, 0.48, 1)).toBe(2_031_459_759);
  });

  it('is principal / n at 0%, rounded up to the paisa', () => {
    expect(emi(100_000, 0, 3)).toBe(33_333.34);
  });

  it('repays the principal: the EMIs discounted at the loan rate cover it, one paisa less would not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 5_00_00_000 }),
        fc.integer({ min: 1, max: 3000 }).map((bps) => bps / 100),
        fc.integer({ min: 1, max: 360 }),
        (principal, rate, months) => {
          const paise = emiPaise(principal * 100, rate, months);
          const r = rate / 1200;
          // 1 − (1 + r)^−n as −expm1(−n·log1p(r)): written plainly it cancels away most of its
          // digits at small rates, and a ₹5 crore loan at 0.03% then came out 0.001 paise short.
          const pv = (instalment: number) => (instalment * -Math.expm1(-months * Math.log1p(r))) / r;
          expect(pv(paise)).toBeGreaterThanOrEqual(principal * 100 - 1e-3);
          expect(pv(paise - 1)).toBeLessThan(principal * 100);
        },
      ),
    );
  });

  it('refuses a tenure that is not a whole number of months', () => {
    expect(() => emi(1000, 10, 0)).toThrow(RangeError);
    expect(() => emi(1000, 10, 1.5)).toThrow(RangeError);
  });
});

describe('APR (RBI KFS Annex B: IRR of net disbursed vs instalments, monthly × 12)', () => {
  it("reproduces the real KFS's 24.16% from its fee with GST", () => {
    // IRR 24.154% → 24.15%; the lender prints 24.16% (it rounds up): a basis point apart.
    const apr = annualPercentageRate(47_000 - 1175 * 1.18, 2415.14, 24);
    expect(Math.abs(apr - 24.16)).toBeLessThanOrEqual(0.01 + 1e-9);
  });

  it('equals the interest rate when nothing is deducted, and rises with every fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 50_00_000 }),
        fc.integer({ min: 500, max: 3000 }).map((bps) => bps / 100),
        fc.integer({ min: 6, max: 240 }),
        fc.integer({ min: 50, max: 500 }).map((bps) => bps / 100),
        (principal, rate, months, feePercent) => {
          const instalment = emi(principal, rate, months);
          const noFees = annualPercentageRate(principal, instalment, months);
          // Rounding the EMI up a paisa moves the IRR by far less than a basis point.
          expect(Math.abs(noFees - rate)).toBeLessThanOrEqual(0.01);
          const withFee = annualPercentageRate(principal * (1 - feePercent / 100), instalment, months);
          expect(withFee).toBeGreaterThan(noFees);
        },
      ),
    );
  });
});

describe('computeLoanKfs', () => {
  const kfs = computeLoanKfs(RBL);

  it('works out the real KFS: fees with GST, net disbursed, EMI, totals and APR', () => {
    expect(loanKfsSchema.parse(kfs)).toEqual(kfs);
    expect(kfs.fees).toEqual([
      {
        code: 'PROCESSING_FEE',
        label: 'Processing fee',
        payableTo: 'LENDER',
        amount: 1175,
        gstPercent: 18,
        gst: 211.5,
        total: 1386.5,
      },
    ]);
    expect(kfs).toMatchObject({
      lenderLegalName: 'RBL Bank Limited',
      sanctionedAmount: 47_000,
      netDisbursedAmount: 45_613.5,
      instalmentAmount: 2415.13,
      numberOfInstalments: 24,
      tenureMonths: 24,
      totalFees: 1386.5,
      // 24 × ₹2,415.13 = ₹57,963.12 in instalments.
      totalInterest: 10_963.12,
      totalAmountPayable: 59_349.62,
      coolingOffDays: 3,
    });
    expect(Math.abs(kfs.annualPercentageRate - 24.16)).toBeLessThanOrEqual(0.01 + 1e-9);
  });

  it('adds up: net = sanctioned − fees, payable = instalments + fees, interest = instalments − sanctioned', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 2_00_00_000 }),
        fc.integer({ min: 6, max: 360 }),
        fc.integer({ min: 0, max: 300 }).map((bps) => bps / 100),
        fc.integer({ min: 0, max: 2000 }),
        (amount, months, percent, flat) => {
          const terms: LoanTerms = {
            ...RBL,
            amount: { min: 10_000, max: 2_00_00_000 },
            tenureMonths: { min: 6, max: 360, default: 60 },
            fees: [
              {
                code: 'PROCESSING_FEE',
                label: 'Processing',
                payableTo: 'LENDER',
                percentOfAmount: percent,
                gstPercent: 18,
              },
              { code: 'STAMP_DUTY', label: 'Stamp duty', payableTo: 'THIRD_PARTY', flat, gstPercent: 0 },
            ],
          };
          const k = computeLoanKfs(terms, amount, months);
          const paise = (x: number) => Math.round(x * 100);
          expect(paise(k.netDisbursedAmount)).toBe(paise(k.sanctionedAmount) - paise(k.totalFees));
          expect(paise(k.totalFees)).toBe(k.fees.reduce((sum, fee) => sum + paise(fee.total), 0));
          for (const fee of k.fees) expect(paise(fee.total)).toBe(paise(fee.amount) + paise(fee.gst));
          expect(paise(k.totalAmountPayable)).toBe(paise(k.instalmentAmount) * months + paise(k.totalFees));
          expect(paise(k.totalInterest)).toBe(paise(k.instalmentAmount) * months - paise(k.sanctionedAmount));
          expect(k.annualPercentageRate).toBeGreaterThanOrEqual(k.interestRate - 0.01);
          expect(loanKfsSchema.safeParse(k).success).toBe(true);
        },
      ),
    );
  });

  it('states an APR above 100% when fees dwarf a small short loan, as the KFS must', () => {
    const stampDuty = {
      code: 'STAMP_DUTY',
      label: 'Stamp duty',
      payableTo: 'THIRD_PARTY',
      flat: 1899,
      gstPercent: 0,
    } as const;
    const tiny = computeLoanKfs({ ...RBL, fees: [stampDuty], tenureMonths: { min: 6, max: 24, default: 6 } }, 10_000);
    expect(tiny.netDisbursedAmount).toBe(8101);
    expect(tiny.annualPercentageRate).toBeGreaterThan(100);
    expect(loanKfsSchema.parse(tiny)).toEqual(tiny);
  });

  it('never quotes more than was pre-approved nor a tenure outside the offer', () => {
    expect(computeLoanKfs(RBL, 90_000, 60)).toMatchObject({ sanctionedAmount: 47_000, tenureMonths: 24 });
    expect(computeLoanKfs(RBL, 5_000, 3)).toMatchObject({ sanctionedAmount: 10_000, tenureMonths: 12 });
  });

  it('bounds a percentage fee by its minimum and maximum', () => {
    const rule = {
      code: 'PROCESSING_FEE',
      label: 'P',
      payableTo: 'LENDER',
      percentOfAmount: 2,
      min: 999,
      max: 10_000,
      gstPercent: 18,
    } as const;
    expect(loanFees([rule], 20_000)[0]).toMatchObject({ amount: 999, gst: 179.82, total: 1178.82 });
    expect(loanFees([rule], 1_00_000)[0]).toMatchObject({ amount: 2000, gst: 360, total: 2360 });
    expect(loanFees([rule], 10_00_000)[0]).toMatchObject({ amount: 10_000, gst: 1800, total: 11_800 });
  });
});

describe('card fees', () => {
  it('adds 18% GST to the paisa', () => {
    expect(cardFee(499)).toEqual({ amount: 499, gstPercent: 18, gst: 89.82, total: 588.82 });
    expect(cardFee(0)).toEqual({ amount: 0, gstPercent: 18, gst: 0, total: 0 });
  });
});
