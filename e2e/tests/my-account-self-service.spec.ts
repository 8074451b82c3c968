import { expect, test, type Page } from '@playwright/test';
import { API_URL } from '../urls.ts';
import {
  expectAxeClean,
  maskedMobile,
  openMyAccount,
  randomMobile,
  screenshot,
  secondBrowser,
  signInToMyAccount,
} from '../support.ts';

/**
 * spec 001 §2 preferences, active-devices, consent-revocation: a customer
 * signed in on two browsers turns SMS offers off, signs the other browser out from Active devices
 * (that browser is signed out at once), and sees the consents page; every screen at 1280px and
 * 375px, axe-clean.
 */

/** Kept under e2e/artifacts as self-service-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `self-service-${name}.png`, { fullPage: true });
}

test('preferences, active devices and consents: change, sign another device out, review; 1280px and 375px, axe-clean', async ({
  page,
  browser,
  reducedMotion,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const mobileNo = randomMobile();
  // The other browser signs in first, by caller ID: the customer's older device (a second OTP to
  // the number within its resend window would have the journey move the server's clock).
  const other = await secondBrowser(browser, reducedMotion);
  await openMyAccount(other.page, mobileNo);
  await signInToMyAccount(page, mobileNo);

  // Preferences: SMS offers off, saved at once; the number masked (spec 001 §5).
  await page.goto(`${API_URL}/myaccount/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Communication preferences' })).toBeVisible();
  const sms = page.getByRole('switch', { name: 'SMS' });
  await expect(sms).toBeChecked();
  await expect(page.getByText(`Text messages to ${maskedMobile(mobileNo)}`)).toBeVisible();
  await sms.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('SMS turned off. Your choice is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS' })).not.toBeChecked();
  await expectAxeClean(page);
  await shot(page, 'preferences-1280');

  // Active devices: this one marked, the other signed out everywhere.
  await page.goto(`${API_URL}/myaccount/active-devices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Active devices' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device', { exact: true })).toHaveCount(1);
  // Named by a maintained user-agent parser (Chromium is not "Safari on Linux"), times in IST.
  await expect(list).toContainText(/Computer · Chrome on \w+/);
  await expect(list).not.toContainText('Safari');
  await expect(list).toContainText(/\d{1,2}:\d{2} [ap]m IST/);
  await expect(list).not.toContainText('time zone');
  await expectAxeClean(page);
  await shot(page, 'devices-1280');
  await list.getByRole('button', { name: /^Sign out / }).click();
  await expect(page.getByText(/is signed out\. It will need a new OTP/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('You’re not signed in anywhere else.')).toBeVisible();

  // The other browser's session is over: My Account there starts a new sign-in (the accounts
  // host's OTP form, locally) instead of showing the dashboard.
  await other.page.goto(`${API_URL}/myaccount/dashboard`);
  await expect(
    other.page
      .getByRole('heading', { name: 'Sign in with your mobile number' })
      .or(other.page.getByRole('button', { name: 'Sign in to My Account' })),
  ).toBeVisible();
  await expect(other.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
  await other.context.close();

  // Consents: the list (or its empty state) from the ledger.
  await page.goto(`${API_URL}/myaccount/consent-revocation`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consents' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Consents you’ve given' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'consents-1280');

  // Phone width: each screen again.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, heading, name] of [
    ['preferences', 'Communication preferences', 'preferences-375'],
    ['active-devices', 'Active devices', 'devices-375'],
    ['consent-revocation', 'Consents', 'consents-375'],
  ] as const) {
    await page.goto(`${API_URL}/myaccount/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.pv-skeleton')).toHaveCount(0);
    await expectAxeClean(page);
    await shot(page, name);
  }
});
