import { siteIdOfKey } from '../sites.ts';

/**
 * The recent-activity site list (spec 000 §3): one entry per product line, each with the title,
 * subtitle and icon its recent-activity rows show. The spec names the product lines and titles;
 * the subtitles and icon names are ours (icons are names the widgets map to their own artwork).
 * Only these sites' activity is shown (spec 000 §5: "sites not in the configured list are skipped").
 */
export interface RecentActivitySite {
  readonly siteId: number;
  readonly title: string;
  readonly subtitle: string;
  readonly icon: string;
}

const LIST = [
  ['PL_MARKETPLACE', 'Personal Loan', 'Continue your personal loan application', 'personal-loan'],
  ['DIGITAL_LENDING', 'Personal Loan', 'Continue your instant loan application', 'personal-loan'],
  ['HOME_LOAN', 'Home Loan', 'Continue your home loan application', 'home-loan'],
  ['CREDIT_CARD', 'Credit Card', 'Continue your credit card application', 'credit-card'],
  ['MUTUAL_FUND', 'Mutual Fund', 'Continue your mutual fund investment', 'mutual-fund'],
  ['STEP_UP_CARD', 'Step Up Credit Card', 'Continue your step up credit card application', 'step-up-card'],
] as const;

export type RecentActivityProductLine = (typeof LIST)[number][0];

export const RECENT_ACTIVITY_SITES: Readonly<Record<RecentActivityProductLine, RecentActivitySite>> =
  Object.fromEntries(
    LIST.map(([key, title, subtitle, icon]) => [key, { siteId: siteIdOfKey(key), title, subtitle, icon }]),
  ) as Record<RecentActivityProductLine, RecentActivitySite>;

/** Recent activity: 10 rows in total, 2 per site (spec 000 §9; siteTotalDisplayCount from config). */
export const RECENT_ACTIVITY_TOTAL = 10;
export const RECENT_ACTIVITY_PER_SITE = 2;
