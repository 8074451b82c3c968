import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_URL } from '../urls.ts';
import { expectAxeClean, maskedMobile, randomMobile, screenshot, signInToMyAccount, watchConsole } from '../support.ts';

/**
 * spec 001 §2 the four aggregator routes: a new customer links a bank through
 * FINVU (landing → verify mobile → select bank → account type → the bank's OTP → access
 * permissions → Verification Complete), sees the linked accounts, pages the transactions, opens
 * the dashboard's insights, downloads a 3-month statement PDF (rendered with pdftoppm and looked
 * at) and revokes consent; a declined consent is "Verification Incomplete"; an 8-digit-OTP bank
 * asks 8 digits. Every screen at 1280px and 375px, axe-clean, with a clean console. The simulator
 * answers fast here (PRAVESH_AA_SIM_READY_MS, PRAVESH_AA_WORKER_MS in playwright.config.ts).
 */

const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');

/** Axe-clean, then kept under e2e/artifacts/screenshots. */
async function check(page: Page, name: string): Promise<void> {
  await expect(page.locator('.pv-skeleton')).toHaveCount(0);
  await expectAxeClean(page);
  await screenshot(page, `aa-${name}.png`, { fullPage: true });
}

/** One part of a long page, for a person to look at (a full-page shot of the dashboard is too tall to read). */
async function shotOf(locator: Locator, name: string): Promise<void> {
  await screenshot(locator, `aa-${name}.png`);
}

/** The bank's linking OTP the simulated bank sent to the local outbox (development only). */
async function bankOtp(page: Page, mobileNo: string, length: 6 | 8): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await page.request.get(`${API_URL}/dev/outbox.json`);
    const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
    const message = messages.find((entry) => entry.to.endsWith(mobileNo) && entry.text.includes('to link your'));
    code = new RegExp(`\\b(\\d{${length}})\\b`).exec(message?.text ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

/** From the dashboard's banner to the accounts at `bankName`, checking each screen on the way. */
async function journeyToAccounts(page: Page, bankName: string, shots?: string): Promise<void> {
  const banner = page.getByRole('region', { name: 'See all your bank balances in one place' });
  await banner.getByRole('link', { name: 'Start Now' }).click();
  await expect(page).toHaveURL(`${API_URL}/myaccount/account-aggregator`);
  await expect(page.getByRole('heading', { name: 'See all your bank accounts in one place' })).toBeVisible();
  if (shots) await check(page, `landing-${shots}`);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your mobile number' })).toBeFocused();
  if (shots) await check(page, `verify-mobile-${shots}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Select your bank' })).toBeVisible();
  if (shots) await check(page, `select-bank-${shots}`);
  const popular = page.getByRole('region', { name: 'Popular banks' });
  if (await popular.getByRole('button', { name: bankName }).count()) {
    await popular.getByRole('button', { name: bankName }).click();
  } else {
    await page.getByRole('searchbox', { name: 'Search for your bank' }).fill(bankName.slice(0, 5));
    await page.getByRole('button', { name: bankName }).click();
  }
  await expect(page.getByRole('heading', { name: 'Choose the accounts to link' })).toBeVisible();
}

/** A day `daysAgo` before today in India time, as a date field and the address write it (YYYY-MM-DD). */
function indiaDay(daysAgo: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** How many transactions the table on screen says there are ("… 1 to 20 of 245"). */
async function totalShown(page: Page): Promise<number> {
  const caption = (await page.locator('.ma-aa-txn-table caption').textContent()) ?? '';
  return Number(/of ([\d,]+)$/.exec(caption)?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

/**
 * The date range beside the tabs: fewer transactions between two dates, kept in the address through
 * a reload; a backwards range named under its field; bad dates in the address said plainly; cleared.
 */
async function dateRangeSteps(page: Page, width: string): Promise<void> {
  const filter = page.getByRole('form', { name: 'Dates of transactions' });
  await expect(page.locator('.ma-aa-txn-table caption')).toHaveText(/ of [\d,]+$/);
  const everything = await totalShown(page);
  const [from, to] = [indiaDay(14), indiaDay(0)];
  await filter.getByLabel('From').fill(from);
  await filter.getByLabel('To').fill(to);
  await filter.getByRole('button', { name: /^Show/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}&to=${to}$`));
  await expect.poll(() => totalShown(page)).toBeLessThan(everything);
  const inRange = await totalShown(page);
  expect(inRange).toBeGreaterThan(0);
  await page.reload();
  await expect(filter.getByLabel('From')).toHaveValue(from);
  await expect(filter.getByLabel('To')).toHaveValue(to);
  // The range still applies after the reload. Not an equal count: the account's background fetch
  // may have stored newer transactions meanwhile (in CI, the bank data grew between two reads).
  await expect.poll(() => totalShown(page)).toBeGreaterThanOrEqual(inRange);
  const inRangeAfterReload = await totalShown(page);
  await check(page, `transactions-dates-${width}`);

  await filter.getByLabel('From').fill(to);
  await filter.getByLabel('To').fill(from);
  await filter.getByRole('button', { name: /^Show/ }).click();
  await expect(filter.getByText('The end date must be on or after the start date.')).toBeVisible();
  await expect(filter.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}&to=${to}$`));
  await check(page, `transactions-dates-backwards-${width}`);

  const address = new URL(page.url());
  address.searchParams.set('from', '2026-02-30');
  await page.goto(address.toString());
  await expect(page.getByText('These dates can’t be used')).toBeVisible();
  await expect(page.getByText(/Enter a real start date/)).toBeVisible();
  await check(page, `transactions-dates-bad-address-${width}`);
  await filter.getByRole('button', { name: 'Clear dates' }).click();
  await expect(page).not.toHaveURL(/[?&](from|to)=/);
  // Every transaction again: at least as many as before the range (newer ones may have arrived).
  await expect.poll(() => totalShown(page)).toBeGreaterThanOrEqual(everything);
  expect(await totalShown(page)).toBeGreaterThan(inRangeAfterReload);
}

test.describe('bank linking through FINVU', () => {
  test('new customer: journey → linked accounts → transactions → insights → statement PDF → revoke, at 1280px', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    const watched = watchConsole(page, { warnings: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const mobileNo = randomMobile();
    await signInToMyAccount(page, mobileNo);

    await journeyToAccounts(page, 'HDFC Bank', '1280');
    const accounts = page.getByRole('group', { name: 'Accounts at HDFC Bank' });
    await expect(accounts.getByRole('checkbox').first()).toBeChecked();
    for (const number of await accounts.locator('.ma-aa-account-number').allInnerTexts()) {
      // Read out as "ending in 1234"; shown as the spec 001 §5 mask.
      expect(number.trim()).toMatch(/^ending in (\d{4}), shown as\s+X+\1$/);
    }
    await check(page, 'account-type-1280');
    await page.getByRole('button', { name: /^Link (account|\d accounts)$/ }).click();

    // The bank's OTP: 6 digits at HDFC; a wrong one first.
    const dialog = page.getByRole('dialog', { name: 'Enter the OTP from HDFC Bank' });
    await expect(dialog).toContainText(`6-digit OTP to ${maskedMobile(mobileNo)}`);
    const otp = await bankOtp(page, mobileNo, 6);
    await dialog.getByRole('textbox', { name: '6-digit OTP' }).fill(otp === '000000' ? '111111' : '000000');
    await expect(dialog.getByText('OTP is Incorrect, Please enter valid OTP')).toBeVisible();
    // The bank said no (HTTP 400), on purpose: the only console line the journey may leave.
    await watched.forgive(/status of 400 \(Bad Request\)/);
    await check(page, 'otp-1280');
    await dialog.getByRole('textbox', { name: '6-digit OTP' }).fill(otp);

    // Access permissions in plain words, then approve.
    await expect(page.getByRole('heading', { name: 'Review what you share' })).toBeVisible();
    const terms = page.locator('.ma-aa-terms');
    await expect(terms).toContainText('Your account holder details, balance and transactions');
    await expect(terms).toContainText('At most once an hour');
    await expect(terms).toContainText(`${maskedMobile(mobileNo)}@finvu`);
    await check(page, 'permissions-1280');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Verification Complete' })).toBeVisible();
    // The step updates itself once the first fetch is in: no reload.
    await expect(
      page.getByText(/^Your balance and transactions are ready: ₹[\d,]+ across \d+ accounts?\.$/),
    ).toBeVisible({
      timeout: 30_000,
    });
    await check(page, 'verified-1280');

    // Linked accounts: the total and each account masked, once the first fetch is in.
    await page.getByRole('link', { name: 'View linked accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Linked bank accounts' })).toBeVisible();
    const total = page.getByRole('region', { name: 'Total balance' });
    await expect(total.locator('.ma-aa-total-amount')).toHaveText(/^₹[\d,]+$/, { timeout: 30_000 });
    const list = page.getByRole('region', { name: 'Your accounts' });
    for (const meta of await list.locator('.ma-aa-identity-meta').allInnerTexts()) {
      expect(meta).toMatch(/^(Savings|Current) account\s· X+\d{4}$/);
    }
    // The total shows once the first account is in; a second may still be fetching, its Refresh
    // busy ("Updating…"). "Next refresh after" shows only once the fetch is over: wait for it first.
    await expect(page.getByText(/Next refresh after/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    await check(page, 'linked-accounts-1280');

    // Transactions: All first, paged; Credit and Debit tabs.
    await list
      .getByRole('link', { name: /^Transactions of HDFC Bank/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account transactions' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: /^All transactions, 1 to 20 of / });
    await expect(table.getByRole('row')).toHaveCount(21);
    await check(page, 'transactions-1280');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByRole('table', { name: /^All transactions, 21 to 40 of / })).toBeVisible();
    await page.getByRole('tab', { name: 'Credit' }).click();
    const credits = page.getByRole('table', { name: /^Credit transactions, 1 to / });
    await expect(credits).toBeVisible();
    await expect(credits.locator('.ma-aa-txn-amount.is-debit')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Credit' }).press('ArrowRight');
    await expect(page.getByRole('table', { name: /^Debit transactions, 1 to / })).toBeVisible();
    await check(page, 'transactions-debit-1280');
    await dateRangeSteps(page, '1280');

    // The dashboard banner: the total, and insights opened in place.
    await page.goto(`${API_URL}/myaccount/dashboard`);
    const banner = page.getByRole('region', { name: 'Total bank balance' });
    await expect(banner.getByText(/^₹[\d,]+$/)).toBeVisible();
    // With reduced motion the chart draws at once (insights-charts.tsx): nothing to wait out before axe.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await banner.getByRole('button', { name: 'View Insights' }).click();
    const insights = banner.getByRole('group', { name: 'Your money insights' });
    await expect(insights.getByRole('img', { name: /^Bar chart of money in and out/ })).toBeVisible();
    await expect(insights.getByRole('list', { name: 'Spend by category' }).getByRole('listitem').first()).toBeVisible();
    await check(page, 'dashboard-insights-1280');
    await shotOf(banner, 'insights-banner-1280');

    // Statement: 3 months, a PDF; rendered to PNG and kept for a person to look at.
    await page.goto(`${API_URL}/myaccount/linked-accounts`);
    await page
      .getByRole('region', { name: 'Your accounts' })
      .getByRole('link', { name: /^Statement of / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Download a statement' })).toBeVisible();
    await page.getByRole('radio', { name: 'Last 3 months' }).check();
    await check(page, 'statement-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfDir = path.join(artifacts, 'statements');
    mkdirSync(pdfDir, { recursive: true });
    const pdfPath = path.join(pdfDir, 'aa-statement-3m.pdf');
    await download.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/\d{4}\/\d{2}\/\d{2}/); // spec 001 §5 YYYY/MM/DD
    expect(text).toMatch(/X+\d{4}/);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      path.join(artifacts, 'screenshots', 'aa-statement-pdf'),
    ]);
    await expect(page.getByText('Your statement is downloaded.')).toBeVisible();

    // Revoke: asked once more, then nothing is shared.
    await page.goto(`${API_URL}/myaccount/linked-accounts`);
    await page.getByRole('button', { name: 'Revoke consent' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke consent?' });
    await expect(confirm.getByRole('button', { name: 'Keep sharing' })).toBeFocused();
    await check(page, 'revoke-dialog-1280');
    await confirm.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect(page.getByRole('heading', { name: 'You’ve stopped sharing your bank data' })).toBeVisible();
    await check(page, 'revoked-1280');
    await page.goto(`${API_URL}/myaccount/dashboard`);
    await expect(page.getByRole('region', { name: 'See all your bank balances in one place' })).toBeVisible();

    expect(watched.problems(), 'console errors during the journey').toEqual([]);
  });

  test('at 375px: an 8-digit-OTP bank, its accounts and transactions on a phone', async ({ page }) => {
    test.setTimeout(300_000);
    const watched = watchConsole(page, { warnings: true });
    await page.setViewportSize({ width: 375, height: 800 });
    const mobileNo = randomMobile();
    await signInToMyAccount(page, mobileNo);
    await check(page, 'dashboard-375');

    await journeyToAccounts(page, 'Dhanagar Bank (test)', '375');
    await check(page, 'account-type-375');
    await page.getByRole('button', { name: 'Link account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the OTP from Dhanagar Bank (test)' });
    await expect(dialog).toContainText('8-digit OTP');
    const input = dialog.getByRole('textbox', { name: '8-digit OTP' });
    await expect(input).toHaveAttribute('maxlength', '8');
    await check(page, 'otp-8-375');
    await input.fill(await bankOtp(page, mobileNo, 8));
    await expect(page.getByRole('heading', { name: 'Review what you share' })).toBeVisible();
    await check(page, 'permissions-375');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Verification Complete' })).toBeVisible();
    await check(page, 'verified-375');
    // As at 1280px, the step says so once the first fetch is in (it asks every 4 s). Opened before
    // that, Linked accounts showed the total only at its own next ask, 20 s on (spec 001 §9 Finvu
    // polling, which linked-accounts.test.tsx checks): a fifth of this journey was that wait.
    await expect(
      page.getByText(/^Your balance and transactions are ready: ₹[\d,]+ across \d+ accounts?\.$/),
    ).toBeVisible({ timeout: 30_000 });

    await page.getByRole('link', { name: 'View linked accounts' }).click();
    await expect(page.getByRole('region', { name: 'Total balance' }).locator('.ma-aa-total-amount')).toHaveText(
      /^₹[\d,]+$/,
      { timeout: 30_000 },
    );
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await check(page, 'linked-accounts-375');
    await page.getByRole('link', { name: /^Transactions of Dhanagar Bank/ }).click();
    await expect(page.getByRole('table', { name: /^All transactions, 1 to 20 of / })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await check(page, 'transactions-375');
    await dateRangeSteps(page, '375');
    await page.getByRole('link', { name: 'Download statement' }).click();
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await check(page, 'statement-375');

    await page.goto(`${API_URL}/myaccount/dashboard`);
    const banner = page.getByRole('region', { name: 'Total bank balance' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await banner.getByRole('button', { name: 'View Insights' }).click();
    await expect(banner.getByRole('img', { name: /^Bar chart of money in and out/ })).toBeVisible();
    await check(page, 'dashboard-insights-375');
    await shotOf(banner, 'insights-banner-375');

    expect(watched.problems(), 'console errors during the journey').toEqual([]);
  });

  test('a declined consent is "Verification Incomplete"; an app source hides the header button', async ({ page }) => {
    test.setTimeout(120_000);
    const watched = watchConsole(page, { warnings: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const mobileNo = randomMobile();
    await signInToMyAccount(page, mobileNo);
    await journeyToAccounts(page, 'State Bank of India');
    await page.getByRole('button', { name: /^Link (account|\d accounts)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the OTP from State Bank of India' });
    await dialog.getByRole('textbox', { name: '6-digit OTP' }).fill(await bankOtp(page, mobileNo, 6));
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Verification Incomplete' })).toBeVisible();
    await expect(page.getByText('We couldn’t verify your account')).toBeVisible();
    await check(page, 'failed-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await check(page, 'failed-375');
    // Nothing was linked.
    await page.goto(`${API_URL}/myaccount/linked-accounts`);
    await expect(page.getByRole('heading', { name: 'No bank accounts linked yet' })).toBeVisible();
    await check(page, 'no-accounts-375');

    // spec 001 §2: a mobile or webview source does not see the header button on the aggregator screens.
    await page.goto(`${API_URL}/myaccount/account-aggregator?utm_source=app_android`);
    await expect(page.getByRole('button', { name: 'Get started' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await check(page, 'landing-app-375');

    expect(watched.problems(), 'console errors during the journey').toEqual([]);
  });
});
