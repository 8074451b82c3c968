import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import { DEMO_CUSTOMER_LOCKS, expectAxeClean, screenshot, signInWithCallerId } from '../support.ts';

/**
 * The scored demo customer opens the credit report analysis screen from the
 * dashboard's score section, walks the score history chart with the keyboard, reads the factors,
 * accounts (masked numbers, 36-month payment grid) and enquiries, at 1280px and 375px, axe-clean.
 */

// No two journeys of one seeded demo customer at once (support.ts DEMO_CUSTOMER_LOCKS).
test.describe.configure({ lock: DEMO_CUSTOMER_LOCKS.scored });

/** Kept under e2e/artifacts as my-account-report-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `my-account-report-${name}.png`, { fullPage: true });
}

test('scored customer: score history chart by keyboard, then the full credit report at 1280px and 375px, axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobileNo } = DEMO_CREDIT_CUSTOMERS.scored;
  await signInWithCallerId(page, mobileNo);
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);

  // Score section: tabs in spec order, the history chart of the shown bureau.
  const scores = page.getByRole('region', { name: 'Your credit score' });
  await expect(scores.getByRole('tab')).toHaveText(['CIBIL', 'Experian', 'CRIF High Mark', 'Equifax']);
  const history = scores.getByRole('group', { name: 'Your score over time' });
  const chart = history.getByRole('img', { name: /^CIBIL score from / });
  await expect(chart).toBeVisible();
  // The text alternative: 12+ months in a (visually hidden) table.
  const months = history.getByRole('table', { name: 'CIBIL score by month' }).getByRole('rowheader');
  await expect(months.first()).toBeAttached();
  expect(await months.count()).toBeGreaterThanOrEqual(12);
  // Keyboard-reachable data: focus the chart, walk back a month, hear it.
  await chart.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(history.locator('[aria-live="polite"]')).toHaveText(/^[A-Z][a-z]+ \d{4}: \d{3}$/);
  await expectAxeClean(page);

  // "See full report" of the Experian tab opens its report.
  await scores.getByRole('tab', { name: 'Experian' }).click();
  await scores.getByRole('link', { name: 'See full report from Experian' }).click();
  await expect(page).toHaveURL(`${API_URL}/myaccount/credit-report?bureau=EXPERIAN`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your credit report' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Experian' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'What’s shaping your score' })).toBeVisible();
  await expect(panel.locator('.ma-factor')).toHaveCount(5);
  await expect(panel.getByRole('heading', { name: /^Accounts \(\d+\)$/ })).toBeVisible();
  // Account numbers masked to their last 4 (spec 001 §5).
  const accountNumbers = await panel.locator('.ma-account-facts dt:text("Account number") + dd').allInnerTexts();
  expect(accountNumbers.length).toBeGreaterThan(0);
  for (const number of accountNumbers) expect(number).toMatch(/^X+[A-Za-z0-9]{4}$/);
  // The first account's 36-month grid.
  await panel.locator('.ma-account-history summary').first().click();
  const grid = panel.getByRole('table', { name: /^Payment history of / }).first();
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveCount(12);
  await expect(panel.getByRole('group', { name: 'Your score over time' }).getByRole('img')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, '1280');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(panel.getByRole('heading', { name: 'What’s shaping your score' })).toBeVisible();
  // Nothing wider than the phone: wide tables scroll inside their own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
  await shot(page, '375');
  // What a phone shows: the top of the report, and the open payment grid.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'my-account-report-375-top.png');
  await grid.scrollIntoViewIfNeeded();
  await screenshot(page, 'my-account-report-375-grid.png');
});
