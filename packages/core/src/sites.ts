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

/**
 * The site keys in id order: a site's id is its place in this list, from 1. Kept apart from the
 * names and consent ids so that code needing only ids or keys (the visitor script checks site ids
 * on every storage call) does not carry the names: the lists below are marked pure for bundlers.
 */
export const SITE_KEYS = [
  'CREDIT_REPORT',
  'HOMEPAGE',
  'PL_MARKETPLACE',
  'PL_SEO',
  'DIGITAL_LENDING',
  'HOME_LOAN',
  'CREDIT_CARD',
  'SEO',
  'MUTUAL_FUND',
  'STEP_UP_CARD',
  'SSO',
  'DEFAULT_HUB',
  'PERSONALISED_OFFERS',
  'MY_ACCOUNT',
  'AFFILIATES',
  'DOCUMENT_MANAGEMENT',
  'WALLET_INSURANCE',
  'ONDC',
  'LOAN_AGAINST_SECURITIES',
  'RIA',
  'MONEY_APP',
  'MF_ADVISORY',
  'LOAN_AGAINST_CAR',
  'LOAN_AGAINST_PROPERTY',
  'BILL_PAYMENTS',
  'INVESTMENT_BONDS',
] as const;

export type SiteKey = (typeof SITE_KEYS)[number];

/**
 * Each site's name and consentId, in the order of SITE_KEYS; the comment names the row's key and
 * sites.test.ts holds every row to it. (A record keyed by key reads as well but costs the scripts
 * that carry the names, the core and sign-on scripts, 0.1 KB of gzip.)
 */
const SITE_DETAILS: readonly (readonly [name: string, consentId: string])[] = [
  ['Credit report', 'pb-tnc-credit-report'], // CREDIT_REPORT
  ['Homepage', 'pb-tnc-homepage'], // HOMEPAGE
  ['Personal loan marketplace', 'pb-tnc-personal-loan'], // PL_MARKETPLACE
  ['Personal loan SEO pages', ''], // PL_SEO
  ['Digital lending', 'pb-tnc-digital-lending'], // DIGITAL_LENDING
  ['Home loan', 'pb-tnc-home-loan'], // HOME_LOAN
  ['Credit card', 'pb-tnc-credit-card'], // CREDIT_CARD
  ['SEO pages', ''], // SEO
  ['Mutual fund', 'pb-tnc-mutual-fund'], // MUTUAL_FUND
  ['Step-up card', 'pb-tnc-step-up-card'], // STEP_UP_CARD
  ['Single sign-on', ''], // SSO
  ['Default hub key', ''], // DEFAULT_HUB
  ['Personalised offers', 'pb-tnc-personalised-offers'], // PERSONALISED_OFFERS
  ['My account', 'pb-tnc-my-account'], // MY_ACCOUNT
  ['Affiliates', ''], // AFFILIATES
  ['Document management', ''], // DOCUMENT_MANAGEMENT
  ['Wallet insurance', 'pb-tnc-wallet-insurance'], // WALLET_INSURANCE
  ['ONDC', 'pb-tnc-ondc'], // ONDC
  ['Loan against securities', 'pb-tnc-las'], // LOAN_AGAINST_SECURITIES
  ['Registered investment advisor', 'pb-tnc-ria'], // RIA
  ['Money app', 'pb-tnc-money'], // MONEY_APP
  ['Mutual fund advisory', 'pb-tnc-mf-advisory'], // MF_ADVISORY
  ['Loan against car', 'pb-tnc-lac'], // LOAN_AGAINST_CAR
  ['Loan against property', 'pb-tnc-lap'], // LOAN_AGAINST_PROPERTY
  ['Bill payments', 'pb-tnc-bill-payments'], // BILL_PAYMENTS
  ['Investment bonds', 'pb-tnc-bonds'], // INVESTMENT_BONDS
];

export const SITES: readonly Site[] = /* @__PURE__ */ SITE_KEYS.map((key, index) => ({
  id: index + 1,
  key,
  name: SITE_DETAILS[index]![0],
  consentId: SITE_DETAILS[index]![1],
}));

export const SITE_IDS: readonly number[] = /* @__PURE__ */ SITE_KEYS.map((_, index) => index + 1);

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

/** A configured site's id, given as a number or a string of digits ("7"); undefined for anything else. */
export function siteIdOf(id: unknown): number | undefined {
  const numeric = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return Number.isInteger(numeric) && (numeric as number) >= 1 && (numeric as number) <= SITE_KEYS.length
    ? (numeric as number)
    : undefined;
}

/** The id of the site `key` names (SITE_KEYS). */
export function siteIdOfKey(key: SiteKey): number {
  return SITE_KEYS.indexOf(key) + 1;
}

export function findSite(id: unknown): Site | undefined {
  const siteId = siteIdOf(id);
  return siteId === undefined ? undefined : SITES[siteId - 1];
}
