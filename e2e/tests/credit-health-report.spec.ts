import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import { DEMO_CUSTOMER_LOCKS, expectAxeClean, openMyAccount, watchConsole } from '../support.ts';

/**
 * What a customer without a score can do (spec 001 §5, §8): the new-to-credit customer's dashboard shows the new-to-credit state with how to build a
 * score and the report link, not the no-hit card; the no-hit customer's card names what the
 * bureaus match on. Axe-clean and console-clean; screenshots under e2e/artifacts/screenshots.
 */

// Each journey under its own demo customer's lock (support.ts DEMO_CUSTOMER_LOCKS), so journeys of
// different customers, here and in other files, run side by side.
test.describe.configure({ mode: 'parallel' });
test.setTimeout(180_000);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const artifacts = path.resolve(import.meta.dirname, '../artifacts');

async function settled(page: Page): Promise<void> {
  await expect(page.locator('.pv-skeleton')).toHaveCount(0, { timeout: 30_000 });
}

test(
  'new to credit: the dashboard explains the thin file, how to build a score, and links the report',
  { lock: DEMO_CUSTOMER_LOCKS.newToCredit },
  async ({ page }) => {
    const { mobileNo } = DEMO_CREDIT_CUSTOMERS.newToCredit;
    await page.setViewportSize(DESKTOP);
    await openMyAccount(page, mobileNo);
    const consoleClean = watchConsole(page);
    const score = page.getByRole('region', { name: 'Your credit score' });
    await expect(score.getByRole('heading', { name: 'Your credit file is too new for a score' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(score).not.toContainText('We couldn’t find your Credit Score!');
    await expect(score).toContainText('CIBIL and Experian have a credit file for you');
    await expect(score.getByRole('heading', { name: 'How to build your score' })).toBeVisible();
    await settled(page);
    await expectAxeClean(page, 'new to credit at 1280px');
    await score.screenshot({ path: path.join(artifacts, 'screenshots', 'score-new-to-credit-1280.png') });
    await page.setViewportSize(PHONE);
    await expectAxeClean(page, 'new to credit at 375px');
    await score.screenshot({ path: path.join(artifacts, 'screenshots', 'score-new-to-credit-375.png') });
    await score.getByRole('link', { name: 'See your credit report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your credit report' })).toBeVisible();
    consoleClean();
  },
);

test(
  'no file at any bureau: the card says what the bureaus match on and where to check it',
  { lock: DEMO_CUSTOMER_LOCKS.noHit },
  async ({ page }) => {
    const { mobileNo } = DEMO_CREDIT_CUSTOMERS.noHit;
    await page.setViewportSize(PHONE);
    await openMyAccount(page, mobileNo);
    const score = page.getByRole('region', { name: 'Your credit score' });
    await expect(score.getByRole('heading', { name: 'We couldn’t find your Credit Score!' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(score).toContainText('name, PAN and date of birth');
    await expect(score.getByRole('button', { name: 'Try again' })).toBeVisible();
    await settled(page);
    await expectAxeClean(page, 'no hit at 375px');
    await score.screenshot({ path: path.join(artifacts, 'screenshots', 'score-no-hit-375.png') });
    await page.setViewportSize(DESKTOP);
    await expectAxeClean(page, 'no hit at 1280px');
    await score.screenshot({ path: path.join(artifacts, 'screenshots', 'score-no-hit-1280.png') });
    await score.getByRole('link', { name: 'Check your details' }).click();
    await expect(page).toHaveURL(`${API_URL}/myaccount/personal-details`);
  },
);
