import { CONSENT_CONFIG_CONTRACTS, SITES } from '@pravesh/core';
import type { ConsentStore } from './store.ts';

/**
 * The demo contracts (issue 5): one per non-empty consentId of the site list (spec 000 §3) and the
 * four of the sign-on configuration's consent config, each with a short version 1. Seeding never
 * adds a version to a contract that has one, so an operator's published versions stay latest.
 */
const TERMS_BASE = 'https://www.example.in/legal';

function link(path: string, text: string): string {
  return `<a href="${TERMS_BASE}/${path}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

export function demoMarkup(subject: string): string {
  return (
    `<p>We have updated our ${link('terms-of-use', 'Terms of Use')}, ${link('privacy-policy', 'Privacy Policy')} ` +
    `and ${link('credit-report-terms', 'Credit Report Terms')}.</p>` +
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
    title: `${site.name} terms`,
    siteId: site.id,
    markup: demoMarkup(`the ${site.name.toLowerCase()} service`),
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
