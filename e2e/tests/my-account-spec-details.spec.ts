import { expect, test, type Page } from '@playwright/test';
import { API_URL } from '../urls.ts';
import { expectAxeClean, randomMobile, screenshot, signInToMyAccount, watchConsole } from '../support.ts';

/**
 * spec 001's smaller details, as a customer meets them, at 1280px and 375px, axe-clean:
 * - the bank-linking journey records each step (§7 consent/stateCapture): a customer who leaves at
 *   the account type, or after the bank's OTP, comes back to that step;
 * - personal details ask the bank at a turnover band of §3 specialAnnualTurnOverKeys;
 * - the "ONDC eligible" switch (§9) is on in the demo: the ONDC loans banner is drawn.
 */

const WIDTHS = [1280, 375] as const;

async function check(page: Page, name: string): Promise<void> {
  await expect(page.locator('.pv-skeleton')).toHaveCount(0);
  await expectAxeClean(page);
  await screenshot(page, `details-${name}.png`, { fullPage: true });
}

/** The bank's linking OTP the simulated bank sent to the local outbox (development only). */
async function bankOtp(page: Page, mobileNo: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await page.request.get(`${API_URL}/dev/outbox.json`);
    const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
    const message = messages.find((entry) => entry.to.endsWith(mobileNo) && entry.text.includes('to link your'));
    code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

for (const width of WIDTHS) {
  test(`bank linking: a customer who leaves comes back to the step they left, at ${width}px`, async ({ page }) => {
    test.setTimeout(240_000);
    const consoleClean = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const mobileNo = randomMobile();
    await signInToMyAccount(page, mobileNo);

    await page.goto(`${API_URL}/myaccount/account-aggregator`);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Select your bank' })).toBeVisible();
    await page.getByRole('region', { name: 'Popular banks' }).getByRole('button', { name: 'HDFC Bank' }).click();
    await expect(page.getByRole('heading', { name: 'Choose the accounts to link' })).toBeVisible();

    // Away to the dashboard, and back another time: the accounts at HDFC Bank again.
    await page.goto(`${API_URL}/myaccount/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`${API_URL}/myaccount/account-aggregator`);
    await expect(page.getByRole('heading', { name: 'Choose the accounts to link' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Accounts at HDFC Bank' }).getByRole('checkbox').first(),
    ).toBeChecked();
    await expect(page.getByText('Step 3 of 5: Account type')).toBeVisible();
    await check(page, `resumed-account-type-${width}`);

    // Linked with the bank's OTP, then the page is closed before approving: back at the permissions.
    await page.getByRole('button', { name: /^Link (account|\d accounts)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the OTP from HDFC Bank' });
    await dialog.getByRole('textbox', { name: '6-digit OTP' }).fill(await bankOtp(page, mobileNo));
    await expect(page.getByRole('heading', { name: 'Review what you share' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Review what you share' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Accounts you’re sharing' })).toContainText('HDFC Bank');
    await check(page, `resumed-permissions-${width}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Verification Complete' })).toBeVisible();

    // Done: the journey opens at its landing, which offers the linked accounts.
    await page.goto(`${API_URL}/myaccount/account-aggregator`);
    await expect(page.getByRole('link', { name: 'View linked accounts' })).toBeVisible();
    consoleClean();
  });

  test(`personal details ask the bank at a special turnover band; the ONDC banner shows, at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const consoleClean = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await signInToMyAccount(page, randomMobile());

    // spec 001 §9 "ONDC eligible" is on in the demo environment: the banner is drawn.
    const holdings = page.getByRole('region', { name: 'Your investments, cover and loans' });
    await expect(holdings.getByRole('article', { name: 'Loans through ONDC' })).toBeVisible();
    await expect(holdings.getByRole('link', { name: /ONDC/ })).toBeVisible();
    await holdings.scrollIntoViewIfNeeded();
    await expect(page.locator('.pv-skeleton')).toHaveCount(0);
    await expectAxeClean(page);
    await screenshot(holdings, `details-ondc-${width}.png`);

    await page.goto(`${API_URL}/myaccount/personal-details`);
    await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
    await page.getByRole('radio', { name: 'Self Employed Business' }).check();
    await page.getByRole('combobox', { name: 'Business type' }).selectOption({ label: 'Proprietor' });
    const turnover = page.getByRole('combobox', { name: 'Annual turnover' });
    await turnover.selectOption({ label: '₹25 lakh to ₹50 lakh' });
    await expect(page.getByRole('combobox', { name: 'Bank of your main account (optional)' })).toBeVisible();
    await turnover.selectOption({ label: '₹50 lakh to ₹1 crore' });
    const bank = page.getByRole('combobox', { name: 'Bank of your main business account' });
    await expect(bank).toBeVisible();
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Please choose the bank that holds your main business account')).toBeVisible();
    await check(page, `special-turnover-${width}`);
    consoleClean();
  });
}
