import { expect, test } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import { DEMO_CUSTOMER_LOCKS, expectAxeClean, screenshot, signInWithCallerId } from '../support.ts';

/**
 * The score predictor (spec 001 §9 redirect target "score predictor"): the scored demo customer
 * opens it from the dashboard's score section, tries paying the cards down (no change: they are
 * already under 30 %), then a missed payment (a fall), with the keyboard alone, at 1280px and 375px, axe-clean.
 */

// No two journeys of one seeded demo customer at once (support.ts DEMO_CUSTOMER_LOCKS).
test.describe.configure({ lock: DEMO_CUSTOMER_LOCKS.scored });

test('scored customer: what if I pay my cards down, or miss a payment; 1280px and 375px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithCallerId(page, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);

  const scores = page.getByRole('region', { name: 'Your credit score' });
  await scores.getByRole('link', { name: 'What if? Try the score predictor for CIBIL' }).click();
  await expect(page).toHaveURL(`${API_URL}/myaccount/score-predictor?bureau=CIBIL`);
  await expect(page.getByRole('heading', { level: 1, name: 'Score predictor' })).toBeVisible();
  const bureau = page.getByRole('combobox', { name: 'Credit bureau' });
  await expect(bureau).toHaveValue('CIBIL');

  // Paying the cards down, moved with the keyboard: this customer's cards already use under 30 %.
  const result = page.getByRole('status').filter({ hasText: /would likely|Little or no change/ });
  const slider = page.getByRole('slider', { name: /^Use \d+% of your card limits/ });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAccessibleName(/^Use 0% of your card limits/);
  await expect(result).toContainText('Little or no change expected');
  await expect(result).toContainText('where utilisation stops costing points');
  await expectAxeClean(page, 'paying the cards down');
  await screenshot(page, 'score-predictor-pay-down-1280.png', { fullPage: true });

  // A missed payment: chosen and answered by keyboard.
  await page.getByRole('radio', { name: /Pay my cards down/ }).focus();
  await page.keyboard.press('ArrowDown'); // arrow keys move within the radio group
  while (!(await page.getByRole('radio', { name: /Miss a payment/ }).isChecked())) {
    await page.keyboard.press('ArrowDown');
  }
  await page.getByRole('radio', { name: '90 days' }).check();
  await expect(result).toContainText('Your score would likely go down');
  await expect(result).toContainText('payment history');
  await expectAxeClean(page, 'a missed payment');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByText(/not a credit bureau’s own calculation/)).toBeVisible();
  // Nothing wider than the phone: the account picker's long names wrap inside the card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAxeClean(page, 'at phone width');
  await screenshot(page, 'score-predictor-missed-375.png', { fullPage: true });

  // Another bureau from the picker: the URL follows, so a reload keeps it.
  await bureau.selectOption('EXPERIAN');
  await expect(page).toHaveURL(`${API_URL}/myaccount/score-predictor?bureau=EXPERIAN`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Credit bureau' })).toHaveValue('EXPERIAN');
});
