import { CONSENT_CONFIG_CONTRACTS, SITES, siteLabel } from '@pravesh/core';
import type { ConsentStore } from './store.ts';

/**
 * The demo contracts: one per non-empty consentId of the site list (spec 000 §3) and the
 * four of the sign-on configuration's consent config, each with a short version 1. Seeding never
 * adds a version to a contract that has one, so an operator's published versions stay latest.
 */
/**
 * The marketplace's own pages, as paths: a contract is shown on the marketplace's sites, so the
 * links open that site's /terms and /privacy (never a placeholder domain).
 */
const TERMS_PATHS = { terms: '/terms', privacy: '/privacy', creditReport: '/terms#credit-report' } as const;

function link(path: string, text: string): string {
  return `<a href="${path}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

/** A first version: it asks the customer to read the terms, and says nothing was "updated". */
export function demoMarkup(subject: string): string {
  return (
    `<p>Please read our ${link(TERMS_PATHS.terms, 'Terms of Use')}, ${link(TERMS_PATHS.privacy, 'Privacy Policy')} ` +
    `and ${link(TERMS_PATHS.creditReport, 'Credit Report Terms')}.</p>` +
    `<p>By clicking Accept you agree to them for ${subject}. You can withdraw your consent at any time ` +
    `from My Account, as easily as you gave it.</p>`
  );
}

const CONFIG_TITLES: Record<keyof typeof CONSENT_CONFIG_CONTRACTS, string> = {
  main: 'Terms of Use, Privacy Policy and Credit Report Terms',
  accountAggregator: 'Account aggregator consent',
  otpVerify: 'OTP verification consent',
  freed: 'Freed consent',
};

export function demoContracts(): { contractId: string; title: string; siteId: number | null; markup: string }[] {
  const fromSites = SITES.filter((site) => site.consentId !== '').map((site) => ({
    contractId: site.consentId,
    title: `${siteLabel(site)} Terms of Use`,
    siteId: site.id,
    markup: demoMarkup(siteLabel(site)),
  }));
  const fromConfig = (Object.keys(CONSENT_CONFIG_CONTRACTS) as (keyof typeof CONSENT_CONFIG_CONTRACTS)[]).map(
    (key) => ({
      contractId: CONSENT_CONFIG_CONTRACTS[key],
      title: CONFIG_TITLES[key],
      siteId: null,
      markup: demoMarkup(key === 'main' ? 'every service of the marketplace' : CONFIG_TITLES[key].toLowerCase()),
    }),
  );
  return [...fromSites, ...fromConfig];
}

/** Answers how many first versions it added (0 once seeded). */
export function seedDemoContracts(store: ConsentStore, now: () => number): Promise<number> {
  return store.seed(demoContracts(), new Date(now()), 'seed');
}
