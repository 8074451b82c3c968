import { BRAND } from './brand.ts';

/**
 * The site list of spec 000 §3: 26 entries with numeric ids 1 to 26, a name and a consentId
 * (empty where the site collects no terms consent). Origins differ per deployment, so they live
 * in the server's configuration, not here.
 */
export interface Site {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly consentId: string;
}

const SITE_LIST = [
  ['CREDIT_REPORT', 'Credit report', 'pb-tnc-credit-report'],
  ['HOMEPAGE', 'Homepage', 'pb-tnc-homepage'],
  ['PL_MARKETPLACE', 'Personal loan marketplace', 'pb-tnc-personal-loan'],
  ['PL_SEO', 'Personal loan SEO pages', ''],
  ['DIGITAL_LENDING', 'Digital lending', 'pb-tnc-digital-lending'],
  ['HOME_LOAN', 'Home loan', 'pb-tnc-home-loan'],
  ['CREDIT_CARD', 'Credit card', 'pb-tnc-credit-card'],
  ['SEO', 'SEO pages', ''],
  ['MUTUAL_FUND', 'Mutual fund', 'pb-tnc-mutual-fund'],
  ['STEP_UP_CARD', 'Step-up card', 'pb-tnc-step-up-card'],
  ['SSO', 'Single sign-on', ''],
  ['DEFAULT_HUB', 'Default hub key', ''],
  ['PERSONALISED_OFFERS', 'Personalised offers', 'pb-tnc-personalised-offers'],
  ['MY_ACCOUNT', 'My account', 'pb-tnc-my-account'],
  ['AFFILIATES', 'Affiliates', ''],
  ['DOCUMENT_MANAGEMENT', 'Document management', ''],
  ['WALLET_INSURANCE', 'Wallet insurance', 'pb-tnc-wallet-insurance'],
  ['ONDC', 'ONDC', 'pb-tnc-ondc'],
  ['LOAN_AGAINST_SECURITIES', 'Loan against securities', 'pb-tnc-las'],
  ['RIA', 'Registered investment advisor', 'pb-tnc-ria'],
  ['MONEY_APP', 'Money app', 'pb-tnc-money'],
  ['MF_ADVISORY', 'Mutual fund advisory', 'pb-tnc-mf-advisory'],
  ['LOAN_AGAINST_CAR', 'Loan against car', 'pb-tnc-lac'],
  ['LOAN_AGAINST_PROPERTY', 'Loan against property', 'pb-tnc-lap'],
  ['BILL_PAYMENTS', 'Bill payments', 'pb-tnc-bill-payments'],
  ['INVESTMENT_BONDS', 'Investment bonds', 'pb-tnc-bonds'],
] as const;

export const SITES: readonly Site[] = SITE_LIST.map(([key, name, consentId], index) => ({
  id: index + 1,
  key,
  name,
  consentId,
}));

export const SITE_IDS: readonly number[] = SITES.map((site) => site.id);

/** The single sign-on site: the only one allowed to set customer data (spec 000 §5). */
export const SSO_SITE_ID = 11;

/**
 * A site as customers know it: the brand's name, not the site list's internal name ("Homepage" is
 * the brand's main site, so it is just "Kosh"). Consent titles and "given on …" lines use it.
 */
const CUSTOMER_SITE_NAMES: Readonly<Partial<Record<string, string>>> = {
  HOMEPAGE: '',
  CREDIT_CARD: 'Cards',
  MY_ACCOUNT: 'My Account',
};

export function siteLabel(site: Pick<Site, 'key' | 'name'>): string {
  const own = CUSTOMER_SITE_NAMES[site.key] ?? site.name;
  return own === '' ? BRAND.name : `${BRAND.name} ${own}`;
}

export function findSite(id: unknown): Site | undefined {
  const numeric = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return SITES.find((site) => site.id === numeric);
}
