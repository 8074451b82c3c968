import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import {
  DEMO_CUSTOMER_LOCKS,
  expectAxeClean,
  maskedMobile,
  randomMobile,
  screenshot,
  signInOnDemoSite,
  signInWithCallerId,
} from '../support.ts';

/**
 * My Account shell: a customer signs in on a demo site, opens My Account on the API
 * host (/myaccount/), which signs them in through the SDK's sign-on client (the accounts host's
 * session, PKCE) and shows the shell at a desktop and a 375px phone width, axe-clean; logout
 * leaves nothing of the customer readable in the browser.
 */

// Each journey under its own demo customer's lock (support.ts DEMO_CUSTOMER_LOCKS), so journeys of
// different customers, here and in other files, run side by side.
test.describe.configure({ mode: 'parallel' });

/** Kept under e2e/artifacts as dashboard-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `dashboard-${name}.png`, { fullPage: true });
}

/** Everything a script on the My Account origin can read: storage, readable cookies, IndexedDB names. */
async function readableBrowserData(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump = (storage: Storage) =>
      Object.keys(storage)
        .map((key) => `${key}=${storage.getItem(key)}`)
        .join('\n');
    const databases = (await indexedDB.databases()).map((db) => db.name).join(',');
    return [dump(localStorage), dump(sessionStorage), document.cookie, databases].join('\n');
  });
}

test('sign in on a demo site → My Account shell at 1280px and 375px, axe-clean; logout leaves no customer data', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const mobileNo = randomMobile();
  await signInOnDemoSite(page, mobileNo);

  // The signed-out landing would show a Sign in button; the accounts session signs in at once.
  await page.goto(`${API_URL}/myaccount/?utm_source=demo-site-a`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'My Account menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Signed in as ${maskedMobile(mobileNo)}`)).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Your credit score' })).toBeVisible();
  await expect(page.getByText('With Kosh since')).toBeVisible();
  await expect(page.locator('.ma-greeting dd').nth(1)).toHaveText(/\d{4}$/);
  expect(await page.locator('main').innerText()).not.toContain(mobileNo);

  // spec 001 §2 layout facts: content at most 1170px, a 282px left menu, a 22px page title.
  const sidebar = await menu.boundingBox();
  expect(sidebar?.width).toBeCloseTo(282, 0);
  expect(await page.locator('.ma-page-title').evaluate((element) => getComputedStyle(element).fontSize)).toBe('22px');
  expect(
    await page.locator('.ma-body').evaluate((element) => element.getBoundingClientRect().width),
  ).toBeLessThanOrEqual(1170);
  await expectAxeClean(page);
  await shot(page, 'desktop');

  // Another screen of the standard layout, reached from the menu, then the profile's details.
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(maskedMobile(mobileNo))).toHaveCount(2);
  await expectAxeClean(page);
  await shot(page, 'profile-desktop');

  // An unknown path shows the root screen (spec 001 §2), signed in: a way back in.
  await page.goto(`${API_URL}/myaccount/no-such-page`);
  await expect(page.getByRole('link', { name: 'Go to My Account' })).toBeVisible();

  // Phone: the left menu hides at ≤820px; the header's menu button opens the same menu.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${API_URL}/myaccount/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(menu).toBeHidden();
  await expectAxeClean(page);
  await shot(page, '375');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const phoneMenu = page.getByRole('navigation', { name: 'My Account', exact: true });
  await expect(phoneMenu.getByRole('link', { name: 'Help and support' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, '375-menu');
  await phoneMenu.getByRole('link', { name: 'Help and support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'FAQs' })).toHaveAttribute('aria-selected', 'true');
  await expectAxeClean(page);
  await shot(page, 'support-375');

  // The customer's data is in the browser while signed in (local: not encrypted, spec 001 §9).
  expect(await readableBrowserData(page)).toContain(mobileNo);

  // Logout: the session ends on the server, the storage is emptied, and (local) a new login starts.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/authorize\?/);
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  const leftOver = await readableBrowserData(page);
  expect(leftOver).not.toContain(mobileNo);
  expect(leftOver).not.toContain('persist:myAccount');
  // The signed-out My Account goes back to the landing, not the dashboard.
  await page.goto(`${API_URL}/myaccount/dashboard`);
  await expect(page.getByRole('button', { name: 'Sign in to My Account' })).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'root-375');
});

test(
  'the scored demo customer sees a tab per bureau with their score and band',
  { lock: DEMO_CUSTOMER_LOCKS.scored },
  async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Seeded by npm start: consent recorded and reports pulled at all four bureaus.
    const { mobileNo } = DEMO_CREDIT_CUSTOMERS.scored;
    await signInWithCallerId(page, mobileNo);
    await page.goto(`${API_URL}/myaccount/`);
    await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);
    const scores = page.getByRole('region', { name: 'Your credit score' });
    const tabs = scores.getByRole('tab');
    // One tab per bureau with a score, in the credit module's display order (latest pull first).
    await expect(tabs).toHaveCount(4);
    expect((await tabs.allInnerTexts()).sort()).toEqual(['CIBIL', 'CRIF High Mark', 'Equifax', 'Experian']);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
    // One row at 1280px, nothing scrolled away; every tab name on one line.
    const tops = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    const tablist = scores.getByRole('tablist');
    expect(await tablist.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    const heights = await tabs.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().height),
    );
    expect(new Set(heights).size).toBe(1);
    // The card ends under its content, not level with the offers beside it.
    const gap = await scores.evaluate((card) => {
      const last = card.lastElementChild!.getBoundingClientRect().bottom;
      return card.getBoundingClientRect().bottom - last;
    });
    expect(gap).toBeLessThan(64);
    const panel = scores.getByRole('tabpanel');
    await expect(panel).toContainText(/\d{3} \/ 900/);
    await expect(panel).toContainText(/Excellent|Very Good|Good|Average|Needs Help/);
    await expect(panel).toContainText('Next free refresh');
    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toContainText(/\d{3} \/ 900/);
    await expectAxeClean(page);
    await shot(page, 'scores-desktop');
  },
);
