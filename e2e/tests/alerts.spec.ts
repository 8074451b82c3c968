import { copyFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { newOtpFromOutbox, screenshot } from '../support.ts';

/**
 * Issue 15 §4 (credit alerts, every score change explained): the scored demo customer, seeded by
 * npm start with an earlier and a current CIBIL pull, signs in and sees on the dashboard why their
 * score changed and the alerts of what changed; marks one read; axe-clean at 1280px and 375px.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const masked = (mobileNo: string) => `${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`;

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** Kept under e2e/artifacts and, for a person to look at, as /tmp/alerts-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `alerts-${name}.png`, { fullPage: true });
  copyFileSync(`${import.meta.dirname}/../artifacts/screenshots/alerts-${name}.png`, `/tmp/alerts-${name}.png`);
}

async function signInOnDemoSite(page: Page, mobileNo: string): Promise<void> {
  await page.goto(`${DEMO_SITE_A}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const frame = page.frameLocator('pravesh-sign-in iframe');
  await frame.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  const code = await newOtpFromOutbox(page, mobileNo, () => frame.getByRole('button', { name: 'Get OTP' }).click());
  await frame.getByRole('textbox', { name: 'One-time password (OTP)' }).fill(code);
  await frame.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText(`Signed in as ${masked(mobileNo)}`);
}

test('the scored demo customer sees why their score changed and their credit alerts, and marks one read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobileNo } = DEMO_CREDIT_CUSTOMERS.scored;
  await signInOnDemoSite(page, mobileNo);
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);

  const why = page.getByRole('region', { name: 'Why your score changed' });
  await expect(why).toContainText('Up 18 points');
  await expect(why.getByRole('listitem').first()).toContainText('Your credit utilisation went down');

  const alerts = page.getByRole('region', { name: /Credit alerts/ });
  await expect(alerts.getByRole('listitem').first()).toContainText('Your score went up by 18 points');
  await expect(alerts).toContainText('New credit enquiry by Axis Bank');
  await expect(alerts).toContainText('New Credit Card with Axis Bank');
  await expect(alerts.getByRole('switch', { name: 'CIBIL' })).toBeChecked();
  await expectAxeClean(page);
  await shot(page, 'desktop');

  const heading = alerts.getByRole('heading', { level: 2 });
  const before = Number((await heading.innerText()).replace(/\D/g, ''));
  await alerts.getByRole('button', { name: /^Mark as read\s*: Your score went up by 18 points$/ }).click();
  await expect(heading).toContainText(String(before - 1));

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(why).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'phone');
});
