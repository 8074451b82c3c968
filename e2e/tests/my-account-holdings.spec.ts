import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import {
  DEMO_CUSTOMER_LOCKS,
  expectAxeClean,
  screenshot,
  signInWithCallerId,
  watchConsole,
  type ConsoleWatch,
} from '../support.ts';

/**
 * The dashboard's banners for the demo customers' seeded holdings (mutual funds,
 * wallet protection, ONDC loans; MSP myAccount/getMutualFundStatus, wpsp/policyDetails, ondc/loans):
 * the scored customer's funds, policy and loan; the new-to-credit customer's policy due for
 * renewal; the no-hit customer's empty banners. 1280px and 375px, axe-clean, console clean.
 */

// Each journey under its own demo customer's lock (support.ts DEMO_CUSTOMER_LOCKS), so journeys of
// different customers, here and in other files, run side by side.
test.describe.configure({ mode: 'parallel' });

/** The page and the holdings section alone, kept under e2e/artifacts/screenshots. */
async function shot(page: Page, name: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Your investments, cover and loans' });
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, `holdings-${name}.png`);
  await screenshot(section, `holdings-${name}-section.png`);
}

/** Signs in (caller ID) and opens the dashboard; from there on My Account's console must stay clean. */
async function openDashboard(page: Page, mobileNo: string): Promise<ConsoleWatch> {
  await signInWithCallerId(page, mobileNo);
  const consoleClean = watchConsole(page, { warnings: true });
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);
  return consoleClean;
}

test(
  'scored demo customer: funds with SIPs, wallet protection and an ONDC loan; 1280 and 375, axe-clean',
  { lock: DEMO_CUSTOMER_LOCKS.scored },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const problems = await openDashboard(page, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    const section = page.getByRole('region', { name: 'Your investments, cover and loans' });

    const funds = section.getByRole('article', { name: 'Mutual funds' });
    await expect(funds.getByText('Invested', { exact: true })).toBeVisible();
    await expect(funds).toContainText('Invested ₹1,92,000');
    await expect(funds).toContainText('2 SIPs running, ₹7,500 a month');
    await expect(funds).toContainText(/Next SIP ₹5,000 on \d{1,2} \w+ \d{4}/);
    await expect(funds.getByRole('link', { name: 'Invest more in mutual funds' })).toBeVisible();

    const wallet = section.getByRole('article', { name: 'Wallet protection' });
    await expect(wallet.getByText('Active', { exact: true })).toBeVisible();
    await expect(wallet).toContainText('₹1,00,000 cover');
    await expect(wallet).toContainText(/Renews on \d{1,2} \w+ \d{4}/);
    await expect(wallet).toContainText('Policy XXXXXXXXX8213');

    const loans = section.getByRole('article', { name: 'Loans through ONDC' });
    await expect(loans).toContainText('Personal loan · Vistaar Capital');
    await expect(loans).toContainText('₹9,840 EMI a month');
    await expect(loans.getByRole('progressbar', { name: /^\d+ of 24 EMIs paid$/ })).toBeVisible();
    await expect(loans).toContainText('Loan account XXXXXXXX1920');
    await expectAxeClean(page);
    await shot(page, 'scored-1280');

    // Every fund behind the disclosure, by keyboard.
    await funds.getByText('Your 4 funds').focus();
    await page.keyboard.press('Enter');
    const list = funds.getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list).toContainText('Folio XXXXXX6721');
    await expect(list).toContainText('SIP ₹1,500 paused');
    await expectAxeClean(page);
    await shot(page, 'scored-funds-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(section.getByRole('article')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAxeClean(page);
    await shot(page, 'scored-375');
    problems();
  },
);

test(
  'new-to-credit customer: a policy due for renewal, one SIP and no ONDC loan; 375px, axe-clean',
  { lock: DEMO_CUSTOMER_LOCKS.newToCredit },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    const ntcProblems = await openDashboard(page, DEMO_CREDIT_CUSTOMERS.newToCredit.mobileNo);
    const section = page.getByRole('region', { name: 'Your investments, cover and loans' });
    const wallet = section.getByRole('article', { name: 'Wallet protection' });
    await expect(wallet.getByText('Renew soon')).toBeVisible();
    await expect(wallet).toContainText(/Your cover ends in \d+ days?, on/);
    await expect(wallet.getByRole('link', { name: 'Renew now your wallet protection' })).toBeVisible();
    await expect(section.getByRole('article', { name: 'Mutual funds' })).toContainText('1 SIP running, ₹1,000 a month');
    await expect(section.getByRole('article', { name: 'Loans through ONDC' })).toContainText(
      'Personal loans from many lenders, one application',
    );
    await expectAxeClean(page);
    await shot(page, 'ntc-375');
    ntcProblems();
  },
);

test(
  'no-hit customer: each banner’s empty state with a way to the product; 1280px, axe-clean',
  { lock: DEMO_CUSTOMER_LOCKS.noHit },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const section = page.getByRole('region', { name: 'Your investments, cover and loans' });
    const noHitProblems = await openDashboard(page, DEMO_CREDIT_CUSTOMERS.noHit.mobileNo);
    await expect(section.getByRole('article', { name: 'Mutual funds' })).toContainText('Start a SIP from ₹500 a month');
    await expect(section.getByRole('link', { name: 'Explore mutual funds' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'See plans for wallet protection' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Explore ONDC loans' })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'empty-1280');
    noHitProblems();
  },
);
