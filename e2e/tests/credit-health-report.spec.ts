import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import { DEMO_CUSTOMERS_LOCK, expectAxeClean, openMyAccount, screenshot, watchConsole } from '../support.ts';

/**
 * What a customer bought and what a customer without a score can do (spec 001 §1, §4, §5, §8): the
 * scored demo customer pays for the Credit Health Report and opens it from the purchase
 * confirmation, the card and the purchase list, reads it at 1280px and 375px and downloads its
 * PDF; the new-to-credit customer's dashboard shows the new-to-credit state with how to build a
 * score and the report link, not the no-hit card; the no-hit customer's card names what the
 * bureaus match on. Axe-clean and console-clean; screenshots under e2e/artifacts/screenshots.
 */

// Journeys of the seeded demo customers run one at a time (support.ts DEMO_CUSTOMERS_LOCK).
test.describe.configure({ lock: DEMO_CUSTOMERS_LOCK });
test.setTimeout(180_000);

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const artifacts = path.resolve(import.meta.dirname, '../artifacts');

async function settled(page: Page): Promise<void> {
  await expect(page.locator('.pv-skeleton')).toHaveCount(0, { timeout: 30_000 });
}

test('the Credit Health Report: bought, opened from the confirmation and the card, read at 1280 and 375, as a PDF', async ({
  page,
}) => {
  const { mobileNo } = DEMO_CREDIT_CUSTOMERS.scored;
  await page.setViewportSize(DESKTOP);
  await openMyAccount(page, mobileNo);
  const consoleClean = watchConsole(page);
  const services = page.getByRole('region', { name: 'Services for your credit' });
  const card = services
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Credit Health Report', exact: true }) });
  const buy = card.getByRole('button', { name: 'Buy now Credit Health Report' });
  const open = card.getByRole('link', { name: 'Open your report' });
  await expect(buy.or(open)).toBeVisible({ timeout: 30_000 });
  if (await buy.isVisible()) {
    await page.request.post(`${API_URL}/dev/payment/outcome`, { data: { outcome: 'success' } });
    await buy.click();
    await page
      .getByRole('dialog', { name: 'Buy Credit Health Report' })
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    const result = page.getByRole('dialog', { name: 'Credit Health Report' });
    await expect(result.getByText('Payment successful')).toBeVisible();
    await expectAxeClean(page, 'the confirmation');
    await screenshot(page, 'health-confirmation-1280.png');
    // Straight from the confirmation to what was bought.
    await result.getByRole('link', { name: 'Open your report' }).click();
  } else {
    await open.click();
  }

  await expect(page).toHaveURL(`${API_URL}/myaccount/credit-health-report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Health Report' })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Your credit health' });
  await expect(overview).toContainText('helping your score', { timeout: 30_000 });
  const standing = overview.getByRole('list', { name: 'Your score at each bureau' });
  for (const bureau of ['CIBIL', 'Experian', 'CRIF High Mark', 'Equifax']) await expect(standing).toContainText(bureau);
  // CIBIL's report and the one before it: what changed, in plain words.
  const cibil = page.getByRole('region', { name: 'CIBIL', exact: true });
  await expect(cibil).toContainText('What changed since your report before');
  await expect(cibil).toContainText('Your score went up by 18 points');
  await expect(page.getByRole('region', { name: 'What to do next' }).getByRole('listitem').first()).toBeVisible();
  await settled(page);
  await expectAxeClean(page, 'the report at 1280px');
  await screenshot(page, 'health-report-1280.png', { fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    overview.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^credit-health-report-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfFile = path.join(artifacts, 'credit-health-report.pdf');
  await download.saveAs(pdfFile);
  expect(readFileSync(pdfFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.setViewportSize(PHONE);
  await settled(page);
  await expectAxeClean(page, 'the report at 375px');
  await screenshot(page, 'health-report-375.png', { fullPage: true });

  // From the dashboard: the card opens it.
  await page.goto(`${API_URL}/myaccount/dashboard`);
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Health Report' })).toBeVisible();
  consoleClean();
});

test('new to credit: the dashboard explains the thin file, how to build a score, and links the report', async ({
  page,
}) => {
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
});

test('no file at any bureau: the card says what the bureaus match on and where to check it', async ({ page }) => {
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
});
