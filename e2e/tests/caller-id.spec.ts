import { expect, test, type Page } from '@playwright/test';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { randomMobile } from '../support.ts';

/**
 * Caller-identification sign-in (spec 000 §3 "Caller-identification login payload", §4
 * statuses) from demo site A: the SDK starts a request, opens the simulator page (the local stand-in
 * for the identity app) in a window of its own, polls the status, and on approval signs in with the
 * social_truecaller method and the code exchange.
 */

const masked = (mobileNo: string) => `${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`;

async function startCallerIdLogin(page: Page): Promise<Page> {
  await page.goto(`${DEMO_SITE_A}/`);
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText('Not signed in');
  const button = page.getByRole('button', { name: 'Sign in with caller ID' });
  await expect(button).toBeVisible();
  const popup = page.waitForEvent('popup');
  await button.click();
  const app = await popup;
  await app.waitForURL(new RegExp(`^${API_URL}/dev/caller-id/[A-Za-z0-9_-]{16,128}$`));
  await expect(app.getByRole('heading', { name: 'Caller identification simulator' })).toBeVisible();
  // Opening the request in the "app" made it pending; the page says what to do.
  await expect(app.locator('#status')).toHaveText('pending');
  await expect(account).toContainText('Approve the request in the identity app');
  return app;
}

test('signs in with caller identification through the simulator app', async ({ page }) => {
  const mobileNo = randomMobile();
  const statuses: string[] = [];
  page.on('response', (response) => {
    if (
      response.url().startsWith(`${API_URL}/SSOSOCKET/api/v1/oauth/request/`) &&
      response.request().method() === 'GET'
    ) {
      void response.json().then(
        (body: { response?: { status?: string } }) => statuses.push(body.response?.status ?? '?'),
        () => undefined,
      );
    }
  });
  const app = await startCallerIdLogin(page);
  const authorize = page.waitForRequest(
    (request) => request.url() === `${API_URL}/SSOSP/api/v1/oauth/authorize` && request.method() === 'POST',
  );

  await app.getByRole('textbox', { name: 'Mobile number to verify' }).fill(mobileNo);
  const closed = app.waitForEvent('close');
  await app.getByRole('button', { name: 'Approve' }).click();

  const body = (await authorize).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ socialProviderId: 'truecaller', code_challenge_method: 'S256' });
  expect(body.social_token).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  expect(body).not.toHaveProperty('otp');

  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText(`Signed in as ${masked(mobileNo)}`);
  await expect(page.getByRole('button', { name: 'Sign in with caller ID' })).toBeHidden();
  // The SDK closes the app window once the request succeeded.
  await closed;
  expect(statuses.at(-1)).toBe('success');
  expect(statuses.slice(0, -1).every((status) => status === 'pending' || status === 'initiated')).toBe(true);
});

test('reports a rejected caller identification and stays signed out', async ({ page }) => {
  const app = await startCallerIdLogin(page);
  const closed = app.waitForEvent('close');
  await app.getByRole('button', { name: 'Reject' }).click();
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText('Caller ID sign-in was cancelled.');
  await closed;
  const again = page.locator('#sign-in-caller-id');
  await expect(again).toBeVisible();
  await expect(again).toBeEnabled();
  await expect(again).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
