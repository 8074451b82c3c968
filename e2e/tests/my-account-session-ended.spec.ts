import { expect, test, type Page } from '@playwright/test';
import { API_URL } from '../urls.ts';
import {
  expectAxeClean,
  maskedMobile,
  newOtpFromOutbox,
  openMyAccount,
  randomMobile,
  screenshot,
  signInToMyAccount,
  watchConsole,
} from '../support.ts';

/**
 * A session that ends while the customer is on a page with a query string (spec 001 §3 account
 * slice activeLeftMenu, §4 login step 4; the decision in session/flows.ts endSession): a customer
 * reads one linked account's transactions between two dates; their phone signs this browser out
 * (Active devices); on their next load My Account says the session ended, keeps nothing of them,
 * and signing in again (the accounts host's OTP) brings them back to those transactions with the
 * same dates. Then another tab logs out, and the open page leaves at once for the same notice.
 * 1280px and 375px, axe-clean, console clean but for the refusals the journey causes.
 */

/** The page (its skeletons gone) axe-clean, then kept under e2e/artifacts as session-ended-<name>.png. */
async function check(page: Page, name: string): Promise<void> {
  await expect(page.locator('.pv-skeleton')).toHaveCount(0);
  await expectAxeClean(page);
  await screenshot(page, `session-ended-${name}.png`, { fullPage: true });
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

/** A day `daysAgo` before today in India time, as the date fields and the address write it. */
function indiaDay(daysAgo: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** What a script of the My Account origin can read of the customer: local and session storage, cookies. */
function readableStorage(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      ...Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`),
      ...Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`),
      document.cookie,
    ].join('\n'),
  );
}

/** The "session ended" root at both widths: told, nothing of the customer kept, sign-in offered. */
async function endedNotice(page: Page, mobileNo: string, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
  // The root, whose address (React Router's, under the /myaccount base) has no page of its own.
  await expect(page).toHaveURL(`${API_URL}/myaccount`);
  await expect(page.getByRole('alert')).toContainText('Sign in again and we’ll take you back to the page you were on');
  await expect(page.getByRole('button', { name: 'Sign in to My Account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'My Account menu' })).toHaveCount(0);
  const kept = await readableStorage(page);
  expect(kept).not.toContain(mobileNo);
  expect(kept).not.toContain('"customerId":"');
  await check(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await check(page, `${name}-375`);
}

/** From the "session ended" root, through the accounts host's OTP form, back into My Account. */
async function signInAgain(page: Page, mobileNo: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in to My Account' }).click();
  await expect(page).toHaveURL(/\/authorize\?/);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  const code = await newOtpFromOutbox(page, mobileNo, () => page.getByRole('button', { name: 'Get OTP' }).click());
  await page.getByRole('textbox', { name: 'One-time password (OTP)' }).fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

test('a session that ends on transactions between two dates: told so, signed in again, back on those dates; another tab’s logout; 1280 and 375, axe-clean', async ({
  page,
  browser,
  reducedMotion,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const mobileNo = randomMobile();
  // The customer's phone, signed in first by caller ID: it signs this browser out later.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, reducedMotion });
  const phonePage = await phone.newPage();
  await openMyAccount(phonePage, mobileNo);
  await signInToMyAccount(page, mobileNo);
  const consoleClean = watchConsole(page);

  // One linked bank, its transactions between two dates (kept in the address).
  await page.goto(`${API_URL}/myaccount/account-aggregator`);
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('region', { name: 'Popular banks' }).getByRole('button', { name: 'HDFC Bank' }).click();
  await page.getByRole('button', { name: /^Link (account|\d accounts)$/ }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Enter the OTP from HDFC Bank' });
  await otpDialog.getByRole('textbox', { name: '6-digit OTP' }).fill(await bankOtp(page, mobileNo));
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/^Your balance and transactions are ready/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'View linked accounts' }).click();
  await page
    .getByRole('region', { name: 'Your accounts' })
    .getByRole('link', { name: /^Transactions of HDFC Bank/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account transactions' })).toBeVisible();
  const filter = page.getByRole('form', { name: 'Dates of transactions' });
  const [from, to] = [indiaDay(14), indiaDay(0)];
  await filter.getByLabel('From').fill(from);
  await filter.getByLabel('To').fill(to);
  await filter.getByRole('button', { name: /^Show/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/myaccount/linked-accounts-details\\?accountId=[^&]+&from=${from}&to=${to}$`),
  );
  const transactions = page.url();
  await expect(page.getByRole('table', { name: /^All transactions, 1 to \d+ of / })).toBeVisible();

  // The phone signs this browser out (Active devices): its session ends on the server.
  await phonePage.goto(`${API_URL}/myaccount/active-devices`);
  const devices = phonePage.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await devices.getByRole('button', { name: /^Sign out / }).click();
  await expect(phonePage.getByText(/is signed out\. It will need a new OTP/)).toBeVisible();
  await phone.close();

  // The next load here: the session check is refused (and the token's renewal from the accounts
  // session too), so My Account says the session ended instead of showing the page or a sign-in
  // page with no reason given.
  await page.reload();
  await endedNotice(page, mobileNo, 'revoked');

  // Signing in again at 375px lands on the same transactions, dates and all.
  await signInAgain(page, mobileNo);
  await expect(page).toHaveURL(transactions);
  await expect(page.getByRole('heading', { level: 1, name: 'Account transactions' })).toBeVisible();
  await expect(filter.getByLabel('From')).toHaveValue(from);
  await expect(filter.getByLabel('To')).toHaveValue(to);
  await expect(page.getByRole('table', { name: /^All transactions, 1 to \d+ of / })).toBeVisible();
  await expect(page.getByText(`Signed in as ${maskedMobile(mobileNo)}`)).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await check(page, 'back-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await check(page, 'back-1280');

  // Another tab logs out: this one leaves the transactions at once, for the same notice.
  const otherTab = await page.context().newPage();
  await otherTab.goto(`${API_URL}/myaccount/dashboard`);
  await otherTab.getByRole('button', { name: 'Log out' }).click();
  await expect(otherTab).toHaveURL(/\/authorize\?/);
  await otherTab.close();
  await endedNotice(page, mobileNo, 'other-tab');
  await signInAgain(page, mobileNo);
  await expect(page).toHaveURL(transactions);
  await expect(filter.getByLabel('From')).toHaveValue(from);

  // The refused session check and token renewal of the ended session: the browser logs each once.
  consoleClean([/status of 401 \(Unauthorized\)/]);
});
