import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { axeScan, expectNoViolations } from '../axe.ts';
import { API_URL, DEMO_SITE_A, DEMO_SITE_B, PRODUCE_EVENT_PATH } from '../urls.ts';

/**
 * The request shield across origins (spec 000 §1, §5, §8): a demo embedding site loads the SDK
 * with a script tag from the API, signs pass tokens in Chromium and sends analytics events.
 */

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const JWS_COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const isProduce = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === PRODUCE_EVENT_PATH;
const isProduceResponse = (response: Response) => isProduce(response.request());

/**
 * Opens a demo site with its developer panel (where the shield demo lives, behind the footer's
 * Developer button; #developer opens it) and waits until the SDK has its shield config.
 */
async function openDemo(page: Page, origin = DEMO_SITE_A): Promise<void> {
  await page.goto(`${origin}/#developer`);
  await expect(page.getByRole('region', { name: 'Developer panel' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Shield ready');
}

/** A full-page capture from the top, so the sticky header sits where a visitor first sees it. */
async function fullPageScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(screenshotDir, name), fullPage: true, animations: 'disabled' });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expectNoViolations(await axeScan(page));
}

test.describe('demo site A (site 2, homepage)', () => {
  test('a shielded event is stored and its id is shown', async ({ page }) => {
    await openDemo(page);
    const status = page.getByRole('status');
    const stored = page.waitForResponse(isProduceResponse);
    await page.getByRole('button', { name: 'Send a shielded event' }).click();

    const response = await stored;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { status: boolean; response: { eventId: string; storedAt: string } };
    expect(body.status).toBe(true);
    expect(body.response.eventId).toMatch(UUID);

    await expect(status).toContainText('Event stored');
    await expect(status).toContainText(body.response.eventId);
    await expect(status.locator('time')).toHaveAttribute('datetime', body.response.storedAt);
  });

  test('a tampered pass token is refused with invalidJwtException', async ({ page }) => {
    await openDemo(page);
    const status = page.getByRole('status');
    const refused = page.waitForResponse(isProduceResponse);
    await page.getByRole('button', { name: 'Tamper with the token' }).click();

    const response = await refused;
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ status: false, statusCode: 'invalidJwtException' });
    await expect(status).toContainText('Refused by the API');
    await expect(status).toContainText('invalidJwtException');
    await expect(status).toContainText('Invalid Jwt');

    // The refusal leaves the real token intact: the next honest event is stored.
    await page.getByRole('button', { name: 'Send a shielded event' }).click();
    await expect(status).toContainText('Event stored');
  });

  test("a fresh page's API call carries an HS256 pass token with a key id", async ({ page }) => {
    const produced = page.waitForRequest(isProduce);
    await openDemo(page);
    await page.getByRole('button', { name: 'Send a shielded event' }).click();

    const request = await produced;
    const headers = await request.allHeaders();
    const token = headers['pb-pass-token'];
    expect(token).toMatch(JWS_COMPACT);
    expect(headers.origin).toBe(DEMO_SITE_A);
    const header = JSON.parse(Buffer.from(token!.split('.')[0]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(header.alg).toBe('HS256');
    expect(header.kid).toEqual(expect.any(String));
    expect(header.kid).not.toBe('');
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(claims.siteId).toBe(2);
  });

  test('the page works from the keyboard alone', async ({ page }) => {
    await openDemo(page);
    const send = page.getByRole('button', { name: 'Send a shielded event' });
    // Tab until the button has focus, as a keyboard user would.
    for (
      let presses = 0;
      presses < 80 && !(await send.evaluate((node) => node === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(send).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText('Event stored');
  });

  test('the page has no axe violations and looks finished at 1280 px and 375 px', async ({ page }) => {
    mkdirSync(screenshotDir, { recursive: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemo(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send a shielded event' }).click();
    await expect(page.getByRole('status')).toContainText('Event stored');
    await expectNoAxeViolations(page);
    await fullPageScreenshot(page, 'demo-a-1280.png');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Tamper with the token' }).click();
    await expect(page.getByRole('status')).toContainText('invalidJwtException');
    await expectNoAxeViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'no horizontal scrolling on a phone').toBeLessThanOrEqual(375);
    await fullPageScreenshot(page, 'demo-a-375.png');
  });
});

test.describe('demo site B (site 7, credit card)', () => {
  test('its own origin gets its own shield config and its events are stored', async ({ page }) => {
    const produced = page.waitForRequest(isProduce);
    await openDemo(page, DEMO_SITE_B);
    await expect(page).toHaveTitle('Kosh Cards · Compare credit cards and check eligibility');
    await expect(page.getByRole('region', { name: 'Developer panel' })).toContainText(/7 · Credit card/i);
    await page.getByRole('button', { name: 'Send a shielded event' }).click();
    await expect(page.getByRole('status')).toContainText('Event stored');
    const token = (await (await produced).allHeaders())['pb-pass-token']!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(claims.siteId).toBe(7);
  });
});

test('the API serves the SDK script the demo pages load', async ({ request }) => {
  const response = await request.get(`${API_URL}/sdk/pravesh.js`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('javascript');
});

test('the journeys run on the database the environment names', async ({ request }) => {
  const response = await request.get(`${API_URL}/readyz`);
  expect(await response.json()).toMatchObject({
    status: 'ready',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  });
});
