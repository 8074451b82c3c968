import { expect, test, type Page } from '@playwright/test';
import { API_URL, DEMO_SITE_A, DEMO_SITE_B, READ_ONLY_HUB_ORIGIN } from '../urls.ts';

/**
 * The cross-storage hub (spec 000 §5, §7, §8) in Chromium: demo site A and B are two origins of
 * one site (localhost), so the hub frame on the API origin shares one storage partition between
 * them; an origin the configuration does not list is refused, and an unreachable hub times out.
 */

const HUB_URL = `${API_URL}/hub`;
/** Demo site A by IP: the same server, but an origin (and site) the configuration does not list. */
const STRANGER = DEMO_SITE_A.replace('localhost', '127.0.0.1');

/** The part of the visitor script's global these tests use (dist/pravesh-visitor.js). */
interface VisitorGlobal {
  PraveshVisitor: {
    createCrossStorageClient(options: { hubUrl: string; timeoutMs: number }): {
      onConnect(): Promise<void>;
      get(keys: string[]): Promise<(string | null)[]>;
      set(key: string, value: string): Promise<void>;
      close(): void;
    };
  };
}

/**
 * Opens a demo page (a real loopback page: Chromium refuses loopback requests from pages Playwright
 * answers itself) and loads the visitor script into it.
 */
async function openWithVisitorScript(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // The visitor script's name carries its content hash: the build's manifest names it.
  const manifest = (await (await page.request.get(`${API_URL}/sdk/assets.json`)).json()) as Record<string, string>;
  await page.addScriptTag({ url: `${API_URL}/sdk/${manifest['pravesh-visitor.js']}` });
  await page.waitForFunction(() => 'PraveshVisitor' in window);
}

/** Connects a cross-storage client from the page and reads one key; the outcome as text. */
function tryHub(page: Page, hubUrl: string, timeoutMs: number): Promise<string> {
  return page.evaluate(
    async ({ hubUrl, timeoutMs }) => {
      const client = (window as unknown as VisitorGlobal).PraveshVisitor.createCrossStorageClient({
        hubUrl,
        timeoutMs,
      });
      try {
        await client.onConnect();
        return `connected: ${JSON.stringify(await client.get(['anything']))}`;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    { hubUrl, timeoutMs },
  );
}

test('an application started on site A shows in site B’s recent activity', async ({ context }) => {
  const siteA = await context.newPage();
  await siteA.goto(`${DEMO_SITE_A}/`);
  const section = siteA.getByRole('region', { name: 'Recent activity' });
  await expect(section.getByText('No recent activity yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Start a credit-card application' }).click();
  const onA = section.getByRole('list', { name: 'Recent activity' }).getByRole('link');
  await expect(onA).toHaveText(/Credit card application from/);

  const siteB = await context.newPage();
  await siteB.goto(`${DEMO_SITE_B}/`);
  const onB = siteB.getByRole('list', { name: 'Recent activity' }).getByRole('link');
  await expect(onB).toHaveCount(1);
  await expect(onB).toHaveText(await onA.innerText());
  await expect(onB).toHaveAttribute('href', `${DEMO_SITE_A}/?continue=cc`);
});

test('the hub page carries its version and may be framed only by configured origins', async ({ request }) => {
  const response = await request.get(HUB_URL);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<meta name="pravesh-hub-version" content="1.0.23" />');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`frame-ancestors`);
  expect(csp).toContain(DEMO_SITE_A);
  expect(csp).not.toContain('127.0.0.1');
});

test('an origin that is not configured is refused by the hub', async ({ page }) => {
  await openWithVisitorScript(page, `${STRANGER}/`);
  const outcome = await tryHub(page, HUB_URL, 3000);
  // Chromium enforces frame-ancestors, so the hub never says ready; were it framed, it would refuse get.
  expect(['CrossStorageClient could not connect', 'Invalid permissions for get']).toContain(outcome);
});

test('a hub that cannot be reached times out with the spec’s message', async ({ page }) => {
  await openWithVisitorScript(page, `${DEMO_SITE_A}/`);
  const outcome = await tryHub(page, 'http://localhost:4999/hub', 2000);
  expect(outcome).toBe('CrossStorageClient could not connect');
});

test('an origin allowed to get but not set is refused set with the spec’s message', async ({ page }) => {
  await openWithVisitorScript(page, `${READ_ONLY_HUB_ORIGIN}/`);
  const outcome = await page.evaluate(async (hubUrl) => {
    const client = (window as unknown as VisitorGlobal).PraveshVisitor.createCrossStorageClient({
      hubUrl,
      timeoutMs: 5000,
    });
    await client.onConnect();
    const read = await client.get(['pravesh-e2e-key']);
    const wrote = await client.set('pravesh-e2e-key', 'value').then(
      () => 'stored',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const after = await client.get(['pravesh-e2e-key']);
    return { read, wrote, after };
  }, HUB_URL);
  // get is allowed (nothing stored yet), set is refused, and nothing was written.
  expect(outcome).toEqual({ read: [null], wrote: 'Invalid permissions for set', after: [null] });
});
