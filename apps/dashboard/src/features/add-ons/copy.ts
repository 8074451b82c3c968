import type { EligibilityReason, PaymentStatus } from '@pravesh/core/add-ons/eligibility.ts';

/** Paise to the spec's amount display (spec 001 §5: 0 decimals, Indian grouping), exact when there are paise. */
export function formatPaise(paise: number): string {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: Number.isInteger(rupees) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** Why a card is not for sale, in the customer's words (reasons from core add-ons/eligibility.ts). */
export const REASON_TEXT: Readonly<Record<EligibilityReason, string>> = {
  ELIGIBLE: '',
  SUBSCRIBED: 'You have this service.',
  PAYMENT_IN_PROGRESS: 'We are confirming your payment with your bank. This usually takes a few minutes.',
  REPORT_NOT_READY: 'Available once we have your credit report. Check your score first.',
  NO_CREDIT_FILE: 'The credit bureaus have no credit history for you yet, so there is nothing for us to work on.',
  SCORE_IN_GOOD_SHAPE: 'Your credit score is already in good shape. Nothing on your report needs fixing.',
  NOTHING_TO_RESOLVE: 'None of your accounts is overdue. Nothing to resolve.',
  NOTHING_TO_RECTIFY: 'We found no entries on your report that need correcting.',
};

export const STATUS_TEXT: Readonly<Record<PaymentStatus, string>> = {
  CREATED: 'Awaiting payment',
  PENDING: 'Payment being confirmed',
  SUCCESS: 'Paid',
  FAILED: 'Payment failed',
};
