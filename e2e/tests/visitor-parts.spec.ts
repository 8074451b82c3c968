import { expect, test, type BrowserContext } from '@playwright/test';
import { DEMO_SITE_A } from '../urls.ts';
import { watchConsole } from '../support.ts';

/**
 * The visitor script's parts (packages/sdk/src/lazy-parts.ts) in Chromium: the demo page's recent
 * activity loads shared storage beside the visitor script, and the maintenance comes only when a
 * purge is due, then clears a cookie over 3500 bytes (spec 000 §5) in its worker, console clean;
 * where no worker can start, the purge runs its worker's script on the page instead.
 */

const sdkScript = (name: string) => new RegExp(`/sdk/${name}\\.[0-9a-f]{10}\\.js$`);
const part = (name: string) => sdkScript(`pravesh-visitor-${name}`);
const hasCookie = async (context: BrowserContext, name: string) =>
  (await context.cookies()).some((cookie) => cookie.name === name);

test('the visitor layer loads its maintenance only when a purge is due, and the purge clears the cookie', async ({
  page,
  context,
}) => {
  const consoleWatch = watchConsole(page, { warnings: true });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await page.goto(`${DEMO_SITE_A}/`);
  await expect(page.locator('#recent-activity-note')).toHaveText('No recent activity yet.');
  await expect.poll(() => hasCookie(context, 'PBGUC_DEV')).toBe(true);
  expect(scripts.filter((url) => part('storage').test(url))).toHaveLength(1);
  expect(scripts.some((url) => part('maintenance').test(url))).toBe(false);

  await context.addCookies([{ name: 'oversized', value: 'x'.repeat(3600), url: DEMO_SITE_A }]);
  await page.reload();
  await expect.poll(() => hasCookie(context, 'oversized'), { timeout: 15_000 }).toBe(false);
  expect(scripts.some((url) => part('maintenance').test(url))).toBe(true);
  expect(await hasCookie(context, 'PBGUC_DEV')).toBe(true);
  consoleWatch();
});

test('where no worker can start, the purge runs its worker’s script on the page and clears the cookie', async ({
  page,
  context,
}) => {
  const consoleWatch = watchConsole(page, { warnings: true });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // As in a browser or a page whose policy starts no worker: run-task.ts falls back to the main thread.
  await page.addInitScript(() => Reflect.deleteProperty(window, 'Worker'));
  await context.addCookies([{ name: 'oversized', value: 'x'.repeat(3600), url: DEMO_SITE_A }]);
  await page.goto(`${DEMO_SITE_A}/`);
  await expect.poll(() => hasCookie(context, 'oversized'), { timeout: 15_000 }).toBe(false);
  expect(scripts.some((url) => part('maintenance').test(url))).toBe(true);
  expect(scripts.some((url) => sdkScript('pravesh-purge-worker').test(url))).toBe(true);
  expect(await hasCookie(context, 'PBGUC_DEV')).toBe(true);
  consoleWatch();
});
