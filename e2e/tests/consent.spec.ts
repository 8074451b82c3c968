import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeScan, expectNoViolations } from '../axe.ts';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { EXCLUSIVE_LOCK, otpFromOutbox, randomMobile, screenshot } from '../support.ts';

/**
 * "Demo": a signed-in customer on demo site A is shown the consent panel when a version of
 * the site's contract newer than the one they accepted exists; Accept records it and a reload does
 * not show it again; publishing a new version (as the operator's `npm run contract -- publish`)
 * shows it again. At a desktop and a 375px phone width, axe-clean (inside the panel's shadow root),
 * keyboard-safe, screenshots kept as artifacts. A contract whose markup carries script, event
 * handler attributes and javascript: links renders with none of them active.
 */

// Publishing contract versions changes every signed-in page of demo site A: alone (support.ts EXCLUSIVE_LOCK).
test.describe.configure({ lock: EXCLUSIVE_LOCK });
// The panel's slide-in as most visitors see it (the journeys run with reduced motion,
// playwright.config.ts); one journey below asks for less motion itself.
test.use({ reducedMotion: 'no-preference' });

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(e2eDir, '..');
const CONTRACT = 'pb-tnc-homepage';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;

/**
 * The run's database, which e2e/web-server.ts names beside the data folder when the journeys run
 * on PostgreSQL; undefined on the embedded database.
 */
function runDatabaseUrl(): string | undefined {
  const dataDir = process.env.PRAVESH_E2E_DATA_DIR;
  const file = dataDir ? `${dataDir}.database-url` : undefined;
  return file && existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The server's version cache TTL (CONTRACT_VERSION_TTL_MS, 1 s), and a little more. */
const VERSION_CACHE_WAIT_MS = 1_100;

/**
 * Publishes a version of the demo contract as the operator would: `npm run contract -- publish`
 * against the run's PostgreSQL database, or, on the embedded database (PGlite serves one process,
 * so the command cannot open it while the API runs), the API's local-only POST /dev/consent/publish.
 */
async function publish(request: APIRequestContext, markup: string): Promise<string> {
  const databaseUrl = runDatabaseUrl();
  if (!databaseUrl) {
    const response = await request.post(`${API_URL}/dev/consent/publish`, {
      data: { contractId: CONTRACT, markup, publishedBy: 'e2e' },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { response: { contractVersionId: string } }).response.contractVersionId;
  }
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/contract.ts',
      'publish',
      '--contract',
      CONTRACT,
      '--text',
      markup,
      '--by',
      'e2e',
    ],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, PRAVESH_ENV: 'local' } },
  );
  const version = /\bv(\d+)\b/.exec(stdout)?.[1];
  if (!version) throw new Error(`publish printed no version: ${stdout}`);
  // Published by another process, the version reaches the running server once its entry in the
  // server's version cache expires (CONTRACT_VERSION_TTL_MS in modules/consent/version-cache.ts): a
  // check the page made within the last second may still be answered with the version before.
  await new Promise((resolve) => setTimeout(resolve, VERSION_CACHE_WAIT_MS));
  return version;
}

/** Signs a new customer in on demo site A through the sign-in widget and the OTP outbox. */
async function signIn(page: Page): Promise<void> {
  const mobileNo = randomMobile();
  await page.goto(`${DEMO_SITE_A}/`);
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText('Not signed in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const frame = page.frameLocator('pravesh-sign-in iframe');
  await frame.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  await frame.getByRole('button', { name: 'Get OTP' }).click();
  await frame.getByRole('textbox', { name: 'One-time password (OTP)' }).fill(await otpFromOutbox(page, mobileNo));
  await frame.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(account).toContainText('Signed in as');
}

const consentSection = (page: Page) => page.locator('#consent');

/** The panel: a dialog named by its heading, inside the <pravesh-consent> host's shadow root. */
const panelOf = (page: Page): Locator => page.locator('pravesh-consent').getByRole('dialog', { name: 'Welcome!' });

/** Waits for the slide-in to finish, so geometry and screenshots see the panel where it rests. */
async function settled(panel: Locator): Promise<void> {
  await panel.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeScan(page, { include: 'pravesh-consent' });
  // axe reached into the shadow root: its nodes are named [host selector, inner selector].
  expect(results.reachedShadowRoot).toBe(true);
  expectNoViolations(results);
}

/** Where keyboard focus is: the host's shadow root's active element when focus is inside it. */
function focusInPanel(page: Page): Promise<{ inHost: boolean; inDialog: boolean; label: string }> {
  return page.evaluate(() => {
    const host = document.querySelector('pravesh-consent');
    const active = host?.shadowRoot?.activeElement ?? null;
    const dialog = host?.shadowRoot?.querySelector('[role="dialog"]');
    return {
      inHost: document.activeElement === host,
      inDialog: Boolean(active && dialog?.contains(active)),
      label: active ? (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40) : '',
    };
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`consent panel at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // A sign-in, four page loads and a publish: more than the default 30 s on a small machine.
    test.describe.configure({ timeout: 120_000 });

    test('a signed-in customer accepts the updated terms; a reload does not ask again; a new version does', async ({
      page,
    }) => {
      await signIn(page);
      // Consent is checked as a page loads: the customer has accepted nothing yet.
      await page.reload();
      const panel = panelOf(page);
      await expect(panel).toBeVisible();
      await settled(panel);
      const shadow = page.locator('pravesh-consent');
      await expect(panel.getByRole('heading', { level: 2, name: 'Welcome!' })).toBeVisible();
      await expect(shadow.getByRole('region', { name: 'Terms and conditions' })).not.toBeEmpty();
      const accept = shadow.getByRole('button', { name: 'Accept' });
      const close = shadow.getByRole('button', { name: 'Close' });
      await expect(close).toBeVisible();
      await expect(shadow.getByRole('alert')).toBeHidden();
      // Focus moved in, to Accept.
      await expect(accept).toBeFocused();

      // spec 000 §2: wide screens fixed bottom right, 400px, stacking level 1008; up to 767px a bottom sheet.
      const box = await panel.boundingBox();
      const style = await panel.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          position: computed.position,
          zIndex: computed.zIndex,
          animation: `${computed.animationName} ${computed.animationDuration}`,
        };
      });
      expect(style.position).toBe('fixed');
      expect(style.zIndex).toBe('1008');
      if (viewport.width > 767) {
        expect(box?.width).toBeCloseTo(400, 0);
        expect(box!.x + box!.width).toBeCloseTo(viewport.width - 24, 0);
        expect(box!.y + box!.height).toBeCloseTo(viewport.height - 24, 0);
        expect(style.animation).toBe('pc-slide-in 0.5s');
      } else {
        expect(box).toMatchObject({ x: 0, width: viewport.width });
        expect(box!.y + box!.height).toBeCloseTo(viewport.height, 0);
      }
      // Accept is full width (of the panel's content box).
      const acceptBox = await accept.boundingBox();
      expect(acceptBox!.width).toBeGreaterThan(box!.width - 2 * 24 - 1);
      // The overlay dims the page behind.
      const overlay = await shadow.locator('.overlay').evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(overlay).toMatch(/rgba\(11, 22, 44, 0\.55\)/);

      await expectAxeClean(page);
      await screenshot(page, `consent-panel-${viewport.name}.png`);

      // Keyboard: Tab and Shift+Tab never leave the dialog.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInPanel(page)).toMatchObject({ inHost: true, inDialog: true });
      }
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInPanel(page)).toMatchObject({ inHost: true, inDialog: true });
      }

      // Accept: a spinner while the consent is recorded (the answer held back a moment to see it).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${API_URL}/MSP/api/v1/puckar/userconsent`, async (route) => {
        await held;
        await route.continue();
      });
      await accept.click();
      await expect(shadow.getByTestId('consent-spinner')).toBeVisible();
      await expect(accept).toHaveAttribute('aria-disabled', 'true');
      await screenshot(page, `consent-panel-recording-${viewport.name}.png`);
      release();
      await expect(panel).toBeHidden();
      await page.unroute(`${API_URL}/MSP/api/v1/puckar/userconsent`);
      await expect(consentSection(page)).toHaveAttribute('data-consent', 'accepted');
      await expect(page.locator('#consent-status')).toContainText('your acceptance of the updated terms is recorded');
      await expect(page.locator('pravesh-consent')).toHaveCount(0);

      // A reload does not ask again.
      await page.reload();
      await expect(consentSection(page)).toHaveAttribute('data-consent', /^(recorded|alreadyVerified)$/);
      await expect(page.locator('pravesh-consent')).toHaveCount(0);
      await consentSection(page).scrollIntoViewIfNeeded();
      // The consent section's buttons fit a phone: no horizontal scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `consent-accepted-${viewport.name}.png`);

      // The consent history, as proof: a CSV download with the acceptance in it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my consent history (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`consent-history-${CONTRACT}.csv`);
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv.split(/\r?\n/)[0]).toContain('contractVersionId');
      expect(csv).toMatch(new RegExp(`"${CONTRACT}".*"Y"`));

      // The operator publishes a new version: the next page asks again, showing the new text.
      const marker = `Version published by e2e at ${viewport.name} ${Date.now()}`;
      const version = await publish(page.request, `<h3>Updated terms</h3><p>${marker}.</p>`);
      await page.reload();
      await expect(panel).toBeVisible();
      await expect(page.locator('pravesh-consent')).toHaveAttribute('data-contract-version-id', version);
      await expect(shadow.getByRole('region', { name: 'Terms and conditions' })).toContainText(marker);
      await settled(panel);
      await screenshot(page, `consent-panel-new-version-${viewport.name}.png`);

      // Esc closes it (a cancel, recorded as N), and focus goes back to the page.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(consentSection(page)).toHaveAttribute('data-consent', 'declined');
    });
  });
}

test('the overlay dismisses without consent; withdrawal is as easy as giving consent', async ({ page }) => {
  test.setTimeout(120_000);
  const panelScripts: string[] = [];
  page.on('request', (request) => {
    // Named by their content hash (pravesh-react.0123456789.js): listed by their plain names.
    const file = /\/sdk\/widgets\/(pravesh-(?:react|dompurify|consent-panel))\.[0-9a-f]{10}\.js$/.exec(
      request.url(),
    )?.[1];
    if (file) panelScripts.push(`${file}.js`);
  });
  await signIn(page);
  // Signing in loaded the one shared React runtime for the sign-in widget and none
  // of the panel's own scripts: the page needed no consent while signed out.
  expect(panelScripts).toEqual(['pravesh-react.js']);
  panelScripts.length = 0;
  // A visitor who asks for less motion gets the panel without the slide-in.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(panelScripts.sort()).toEqual(['pravesh-consent-panel.js', 'pravesh-dompurify.js', 'pravesh-react.js']);
  // A click outside the dialog, on the dimmed overlay: dismissed, nothing recorded, asked again next page.
  await page.mouse.click(20, 20);
  await expect(panel).toBeHidden();
  await expect(consentSection(page)).toHaveAttribute('data-consent', 'dismissed');
  await page.reload();
  await expect(panel).toBeVisible();
  await page.locator('pravesh-consent').getByRole('button', { name: 'Accept' }).press('Enter');
  await expect(panel).toBeHidden();
  await expect(consentSection(page)).toHaveAttribute('data-consent', 'accepted');

  // Withdrawing asks first: a labelled dialog that takes focus, gives it back on
  // Escape, and withdraws nothing until confirmed.
  const withdraw = page.locator('#consent-withdraw');
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw your consent?' });
  await withdraw.click();
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription(/stop using your details under these terms/);
  await expect(confirm.getByRole('button', { name: 'Keep my consent' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(withdraw).toBeFocused();
  await expect(consentSection(page)).toHaveAttribute('data-consent', 'accepted');
  await withdraw.press('Enter');
  await confirm.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(confirm).toBeHidden();
  await expect(consentSection(page)).toHaveAttribute('data-consent', 'withdrawn');
  await expect(page.locator('#consent-status')).toContainText('Your consent is withdrawn');
  await expect(page.locator('#consent-status')).toBeFocused();
  // Withdrawn: the next page asks again.
  await page.reload();
  await expect(panel).toBeVisible();
  // Close (the labelled close button) declines; the page is usable again (no longer inert).
  await page.locator('pravesh-consent').getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  expect(await page.evaluate(() => document.querySelectorAll('body [inert]').length)).toBe(0);
  await expect(consentSection(page)).toHaveAttribute('data-consent', 'declined');
});

test.describe('a hostile contract', () => {
  // Without the page's CSP, a handler that survived would run: the flag proves none did.
  test.use({ bypassCSP: true });

  test('renders with no script, no event handler and no javascript: link active', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const hostile = [
      '<h3>Hostile terms</h3>',
      '<p>Terms text.<script>window.__consentPwned = "script"</script></p>',
      '<img src="/nowhere.png" onerror="window.__consentPwned = \'onerror\'" alt="">',
      '<p onclick="window.__consentPwned = \'onclick\'" id="clickable">Click this paragraph</p>',
      '<a href="javascript:window.__consentPwned=\'href\'" id="js-link">Read the terms</a>',
      '<a href=" jav&#x09;ascript:window.__consentPwned=\'encoded\'">Encoded link</a>',
      '<svg><a xlink:href="javascript:window.__consentPwned=\'svg\'"><text y="20">SVG link</text></a></svg>',
      '<iframe src="javascript:parent.__consentPwned=\'frame\'"></iframe>',
      '<form action="javascript:window.__consentPwned=\'form\'"><button>Accept all</button></form>',
    ].join('\n');
    const version = await publish(page.request, hostile);
    await page.reload();
    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    await expect(page.locator('pravesh-consent')).toHaveAttribute('data-contract-version-id', version);
    const terms = page.locator('pravesh-consent').getByRole('region', { name: 'Terms and conditions' });
    await expect(terms).toContainText('Hostile terms');
    // Click what is left of the bait: the paragraph and the links.
    await terms.getByText('Click this paragraph').click({ timeout: 5_000 });
    await terms.getByText('Read the terms').click({ timeout: 5_000 });
    await terms.getByText('Encoded link').click({ timeout: 5_000 });
    await page.waitForTimeout(300);

    const report = await page.evaluate(() => {
      const root = document.querySelector('pravesh-consent')!.shadowRoot!;
      const all = Array.from(root.querySelectorAll('*'));
      return {
        flag: (window as { __consentPwned?: unknown }).__consentPwned ?? null,
        scripts: root.querySelectorAll('script').length,
        frames: root.querySelectorAll('.terms :is(iframe, form, object, embed, button)').length,
        handlers: all.flatMap((element) =>
          Array.from(element.attributes)
            .filter((attribute) => attribute.name.toLowerCase().startsWith('on'))
            .map((attribute) => `${element.tagName}[${attribute.name}]`),
        ),
        scriptUrls: all.flatMap((element) =>
          Array.from(element.attributes)
            .filter((attribute) => /^\s*javascript:/i.test(attribute.value.replace(/[\s\p{Cc}]/gu, '')))
            .map((attribute) => `${element.tagName}[${attribute.name}]`),
        ),
        hrefs: Array.from(root.querySelectorAll('a')).map(
          (link) => link.getAttribute('href') ?? link.getAttribute('xlink:href'),
        ),
      };
    });
    expect({ ...report, hrefs: report.hrefs.filter((href) => href !== null) }).toEqual({
      flag: null,
      scripts: 0,
      frames: 0,
      handlers: [],
      scriptUrls: [],
      hrefs: [],
    });
    // The bait links are there, as text without a target.
    expect(report.hrefs.length).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'consent-panel-hostile-contract.png');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  // The hostile text must not stay the demo contract's latest version: every later journey (nudge,
  // My Account) signs in on this site and would be shown it, its planted image 404ing and the CSP
  // refusing its handler in their consoles. The operator's fix is ours: publish clean terms again.
  test.afterAll(async ({ request }) => {
    await publish(request, '<h3>Terms of use</h3><p>These terms replace the version withdrawn for review.</p>');
  });
});
