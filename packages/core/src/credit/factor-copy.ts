import type { Bureau } from '../constants.ts';
import {
  dpdStatus,
  type FactorRating,
  type FactorWeightLevel,
  type ReportFactor,
  type ReportFactorId,
} from './report-factors.ts';
import type { ScoreBand } from './score-rules.ts';

/**
 * The plain words for bureaus, bands and the score factors (report-factors.ts), in one place: the
 * score card, the report screen, the Credit Health Report screen and its PDF all say the same
 * thing about the same factor.
 */

/** Bureau names as customers know them (HIGHMARK is CRIF High Mark). */
export const BUREAU_NAMES: Readonly<Record<Bureau, string>> = {
  CIBIL: 'CIBIL',
  EXPERIAN: 'Experian',
  HIGHMARK: 'CRIF High Mark',
  EQUIFAX: 'Equifax',
};

/** spec 001 §5 band names: Excellent, Very Good, Good, Average, Needs Help (LOW and VERY_LOW). */
export const BAND_NAMES: Readonly<Record<ScoreBand, string>> = {
  EXCELLENT: 'Excellent',
  VERY_GOOD: 'Very Good',
  GOOD: 'Good',
  FAIR: 'Average',
  LOW: 'Needs Help',
  VERY_LOW: 'Needs Help',
};

export const FACTOR_NAMES: Readonly<Record<ReportFactorId, string>> = {
  PAYMENT_HISTORY: 'Payment history',
  UTILISATION: 'Credit card utilisation',
  ACCOUNT_AGE: 'Age of your credit',
  ENQUIRIES: 'Credit enquiries',
  CREDIT_MIX: 'Credit mix',
};

export const RATING_NAMES: Readonly<Record<FactorRating, string>> = {
  GOOD: 'Helping your score',
  FAIR: 'Could be better',
  POOR: 'Hurting your score',
  NONE: 'Not enough history',
};

export const WEIGHT_NAMES: Readonly<Record<FactorWeightLevel, string>> = {
  HIGH: 'High impact',
  MEDIUM: 'Medium impact',
  LOW: 'Low impact',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 75 → "6 years 3 months". */
export function formatAge(months: number): string {
  if (months < 1) return 'Less than a month';
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years > 0 ? plural(years, 'year') : '', rest > 0 ? plural(rest, 'month') : ''].filter(Boolean).join(' ');
}

/** What the factor means for this customer, and the one thing that would help. */
export function factorText(factor: Pick<ReportFactor, 'id' | 'rating' | 'value'>): string {
  const value = factor.value ?? 0;
  switch (factor.id) {
    case 'PAYMENT_HISTORY':
      if (factor.rating === 'GOOD') return 'Every EMI and card bill in your report was paid on time. Keep it up.';
      if (factor.rating === 'NONE')
        return 'No repayments reported yet. Your first on-time EMIs or card bills start this.';
      if (factor.rating === 'FAIR')
        return `${plural(value, 'late payment')} in the last 3 years. Paying every due on time — at least the minimum on a card — lifts this month by month.`;
      return `${value > 0 ? `${plural(value, 'late payment')} in the last 3 years` : 'A written-off or settled account'} ${value > 1 ? 'are' : 'is'} pulling your score down. Clearing any overdue amount first helps the most.`;
    case 'UTILISATION':
      if (factor.rating === 'NONE')
        return 'You have no credit card or overdraft, so there’s no utilisation to measure.';
      if (factor.rating === 'GOOD')
        return `You use ${value}% of your card limits — under 30% is what lenders like to see.`;
      if (factor.rating === 'FAIR')
        return `You use ${value}% of your card limits. Bringing it under 30% can raise your score.`;
      return `You use ${value}% of your card limits. Paying balances down below 30% is the quickest way to lift your score.`;
    case 'ACCOUNT_AGE':
      if (factor.rating === 'NONE') return 'Your credit age starts with your first loan or card.';
      if (factor.rating === 'GOOD')
        return `Your oldest account is ${formatAge(value).toLowerCase()} old. A long record works in your favour.`;
      return `Your oldest account is ${formatAge(value).toLowerCase()} old. This improves on its own — keep your oldest card open.`;
    case 'ENQUIRIES':
      if (factor.rating === 'GOOD')
        return `${value === 0 ? 'No lender enquiries' : value === 1 ? '1 lender enquiry' : `${value} lender enquiries`} in the last 6 months. Checking your own score here never counts.`;
      if (factor.rating === 'FAIR')
        return `${value} lender enquiries in the last 6 months. Space out new applications: each one is a hard enquiry.`;
      return `${value} lender enquiries in the last 6 months. Many applications in a short time make lenders cautious — pause new ones for a few months.`;
    case 'CREDIT_MIX':
      if (factor.rating === 'NONE') return 'Your mix builds up as you take different kinds of credit.';
      if (factor.rating === 'GOOD')
        return 'You have both secured loans (such as a home or vehicle loan) and unsecured credit (such as cards or personal loans).';
      if (factor.rating === 'FAIR')
        return `${value} kinds of credit, all of one sort. A mix of secured and unsecured helps a little — never borrow just for this.`;
      return 'One kind of credit so far. This matters least — never take a loan just to improve it.';
  }
}

/** One month of the DPD grid in words, as a screen reader says it (its status is dpdStatus's). */
export function dpdInWords(dpd: number | null): string {
  const status = dpdStatus(dpd);
  if (status === 'ON_TIME') return 'Paid on time';
  if (status === 'NOT_REPORTED') return 'Not reported by the lender';
  return `${dpd} days late`;
}
