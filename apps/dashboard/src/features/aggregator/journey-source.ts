import type { CampaignData } from '../../session/campaign.ts';

/**
 * Where a customer came to the consent journey from (spec 001 §9 "Site sources of journey:
 * bureau, pl, bl, loans, skippable"), read from the campaign data (`?source=` or `utm_source`):
 *
 * - the verify-mobile step has a bureau and a loan variant (spec 001 §2 step 2);
 * - the consent window is asked by source, pl or myaccount (§9);
 * - the finished journey returns where it began (the Finvu slice's consent page redirection source).
 */
export type JourneyVariant = 'bureau' | 'loan' | 'myaccount';
export type ConsentSource = 'pl' | 'myaccount';

const LOAN_SOURCES = ['pl', 'bl', 'loans'];

export function journeyVariant(campaign: CampaignData | null): JourneyVariant {
  const sources = [campaign?.source, campaign?.utmSource].map((value) => value?.toLowerCase());
  if (sources.includes('bureau')) return 'bureau';
  if (sources.some((source) => source !== undefined && LOAN_SOURCES.includes(source))) return 'loan';
  return 'myaccount';
}

/** spec 001 §9 "Consent window by source (pl, myaccount)": loan journeys ask as pl. */
export function consentSourceOf(variant: JourneyVariant): ConsentSource {
  return variant === 'loan' ? 'pl' : 'myaccount';
}

/** Where "Continue" leads once the accounts are linked. */
export const RETURN_PATHS: Readonly<Record<JourneyVariant, { path: string; label: string }>> = {
  bureau: { path: '/credit-report', label: 'Back to your credit report' },
  loan: { path: '/dashboard#offers', label: 'See your loan offers' },
  myaccount: { path: '/linked-accounts', label: 'View linked accounts' },
};
