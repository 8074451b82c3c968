import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { SSO_ROUTES } from '@pravesh/core';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { expectAxeClean, screenshot, watchConsole } from '../support.ts';

/**
 * A sign-in link that can never succeed (its redirect_uri is not registered for the client, or it
 * carries no PKCE challenge) is refused the moment /authorize opens: the customer is never asked
 * for a number, so no OTP is spent on it (apps/server/src/modules/sso/authorize/link-check.ts).
 */

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;

const GOOD = {
  client_id: 'pravesh-demo-site-a',
  redirect_uri: `${DEMO_SITE_A}/sso/callback`,
  scope: 'myaccount',
  state: 'link-check',
  code_challenge: createHash('sha256')
    .update('e2e-link-check-verifier-0123456789-abcdefghijklmnop')
    .digest('base64url'),
  code_challenge_method: 'S256',
};

function authorizeUrl(overrides: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...GOOD, ...overrides }))
    if (value !== undefined) query.set(name, value);
  return `${API_URL}/authorize?${query.toString()}`;
}

const BAD_LINKS = [
  {
    name: 'unregistered-redirect',
    overrides: { redirect_uri: `${DEMO_SITE_A}/sso/callbackX` },
    code: 'invalidRedirectUri',
    reason: 'redirect_uri is not registered for this client',
  },
  {
    name: 'no-pkce',
    overrides: { code_challenge: undefined, code_challenge_method: undefined },
    code: 'badRequest',
    reason: 'Invalid request: code_challenge is required (PKCE S256, RFC 7636)',
  },
] as const;

/** The document's own 400 is the answer we asked for; the browser logs it as a failed load. */
const DOCUMENT_400 = /status of 400 \(Bad Request\)/;

async function expectRefusedAtOnce(page: Page, url: string): Promise<void> {
  const answer = await page.goto(url);
  expect(answer?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This sign-in link isn’t valid');
  await expect(page.getByRole('alert')).toContainText('gave us a sign-in link we can’t use');
  // Nothing to type: no number, no OTP.
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get OTP' })).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`a bad sign-in link at ${viewport.name}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const bad of BAD_LINKS) {
      test(`${bad.name}: refused when the page opens, reason one key away, axe-clean`, async ({ page }) => {
        const consoleClean = watchConsole(page);
        // Nothing is sent: this page asks for no code. Its own requests are watched, not the shared
        // outbox, whose count the other worker's journeys change meanwhile.
        const codeRequests: string[] = [];
        page.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (pathname === SSO_ROUTES.otp || pathname === SSO_ROUTES.emailOtp) codeRequests.push(pathname);
        });
        await expectRefusedAtOnce(page, authorizeUrl(bad.overrides));
        await expectAxeClean(page, 'the refused link');
        await screenshot(page, `sign-in-link-${bad.name}-${viewport.name}.png`, { fullPage: true });

        // Keyboard: Tab reaches the disclosure, Enter opens it and shows the reason for the site's team.
        const details = page.getByText('Details for the site’s team');
        await page.keyboard.press('Tab');
        await expect(details).toBeFocused();
        await expect(page.getByText(bad.reason)).toBeHidden();
        await page.keyboard.press('Enter');
        await expect(page.getByText(bad.reason)).toBeVisible();
        await expect(page.getByText(bad.code, { exact: true })).toBeVisible();
        await expectAxeClean(page, 'the reason shown');
        await screenshot(page, `sign-in-link-${bad.name}-details-${viewport.name}.png`, { fullPage: true });

        expect(new URL(page.url()).origin).toBe(API_URL);
        expect(codeRequests).toEqual([]);
        consoleClean([DOCUMENT_400]);
      });
    }
  });
}

test('the same link with a registered redirect_uri and PKCE opens the sign-in form', async ({ page }) => {
  const answer = await page.goto(authorizeUrl({}));
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
});
