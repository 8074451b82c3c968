import { expect, test } from '@playwright/test';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { expectAxeClean, otpFromOutbox, randomMobile, screenshot, watchConsole } from '../support.ts';

/**
 * The API host's start page ("/") and the SDK's file list ("/sdk/"), where an integrator lands, and
 * the start page's sign-in link: it makes the PKCE pair, opens /authorize, and exchanges the code
 * at the token endpoint when the browser comes back (docs/decisions/0001-pkce-required-on-code-exchange.md).
 */

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`the start page at ${viewport.name}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('leads to the demo sites, the API reference and the SDK files; axe-clean, no sideways scroll', async ({
      page,
    }) => {
      const consoleClean = watchConsole(page);
      await page.goto(`${API_URL}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pravesh for integrators');
      await expect(page.getByRole('link', { name: 'Kosh', exact: true })).toHaveAttribute('href', `${DEMO_SITE_A}/`);
      await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs');
      await expect(page.getByRole('button', { name: 'Open the sign-in link' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAxeClean(page, 'the start page');
      await screenshot(page, `start-page-${viewport.name}.png`, { fullPage: true });

      await page.getByRole('link', { name: 'The SDK files' }).click();
      await expect(page).toHaveURL(`${API_URL}/sdk/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The SDK files');
      await expect(page.getByRole('link', { name: 'pravesh.js', exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAxeClean(page, 'the SDK files');
      await screenshot(page, `start-page-sdk-${viewport.name}.png`, { fullPage: true });
      const script = await page.request.get(`${API_URL}/sdk/pravesh.js`);
      expect(script.status()).toBe(200);
      consoleClean();
    });
  });
}

test('the sign-in link signs in: PKCE pair made, OTP entered, code exchanged at the token endpoint', async ({
  page,
}) => {
  const consoleClean = watchConsole(page);
  const mobileNo = randomMobile();
  await page.goto(`${API_URL}/`);
  await page.getByRole('button', { name: 'Open the sign-in link' }).click();
  await page.waitForURL((url) => url.pathname === '/authorize');
  const link = new URL(page.url());
  expect(link.searchParams.get('client_id')).toBe('pravesh-start-page');
  expect(link.searchParams.get('code_challenge_method')).toBe('S256');
  expect(link.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByRole('textbox', { name: 'One-time password (OTP)' }).fill(await otpFromOutbox(page, mobileNo));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();

  const status = page.getByRole('status');
  await expect(status).toContainText('Signed in: the code was exchanged with its PKCE verifier.');
  await expect(status).toContainText(`${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`);
  // The one-time code has left the address bar.
  expect(new URL(page.url()).search).toBe('');
  await expectAxeClean(page, 'signed in');
  await screenshot(page, 'start-page-signed-in-1280.png', { fullPage: true });

  // The same code again (a copied URL, a replay) finds no verifier in this tab and is not exchanged.
  await page.goto(`${API_URL}/?code=replayed&state=unknown`);
  await expect(status).toContainText('This sign-in was not started in this tab');
  consoleClean();
});
