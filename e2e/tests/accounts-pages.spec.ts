import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { axeScan, expectNoViolations } from '../axe.ts';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { otpFromEmail, otpFromOutbox, randomMobile, screenshot } from '../support.ts';

/**
 * The accounts host pages: /authorize as a full page and /listener inside a sign-in
 * frame, axe-clean at desktop and phone widths, with screenshots kept as artifacts; and the CSP
 * frame-ancestors rule: a page on an unlisted origin cannot frame /listener.
 */

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;

/** The demo site A client registered by default outside production (apps/server/src/config/sso.ts). */
const CLIENT = { client_id: 'pravesh-demo-site-a', redirect_uri: `${DEMO_SITE_A}/sso/callback` };

/**
 * The demo client is public (no secret), so its links carry a PKCE S256 challenge (RFC 7636 §4.2):
 * the server refuses to issue a code without one.
 */
const PKCE_VERIFIER = 'e2e-pkce-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
const PKCE = {
  code_challenge: createHash('sha256').update(PKCE_VERIFIER).digest('base64url'),
  code_challenge_method: 'S256',
};

function pageUrl(page: '/authorize' | '/listener', extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...CLIENT,
    ...PKCE,
    state: 'e2e-state',
    scope: 'myaccount',
    source_site_id: '2',
    journey_type: 'JOURNEY',
    ...extra,
  });
  return `${API_URL}${page}?${query.toString()}`;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expectNoViolations(await axeScan(page));
}

for (const viewport of VIEWPORTS) {
  test.describe(`/authorize at ${viewport.name}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('mobile entry, its error and the OTP step are axe-clean', async ({ page }) => {
      await page.goto(pageUrl('/authorize'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with your mobile number');
      const mobile = page.getByRole('textbox', { name: 'Mobile number' });
      await expect(mobile).toBeFocused();
      await expectNoAxeViolations(page);
      await screenshot(page, `accounts-authorize-${viewport.name}.png`, { fullPage: true });

      await mobile.fill('12345');
      await page.getByRole('button', { name: 'Get OTP' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Enter a valid 10-digit mobile number starting with 6, 7, 8 or 9',
      );
      await expect(mobile).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await screenshot(page, `accounts-authorize-error-${viewport.name}.png`, { fullPage: true });

      await mobile.fill(randomMobile());
      await page.getByRole('button', { name: 'Get OTP' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter the OTP');
      await expect(page.getByRole('status')).toHaveText(/^OTP sent to \+91 /);
      await expect(page.getByText(/Resend OTP in 0:(30|29|28)/)).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, `accounts-authorize-otp-${viewport.name}.png`, { fullPage: true });
    });
  });

  test.describe(`/listener in a sign-in frame at ${viewport.name}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('is axe-clean and reports its box size to the embedding page only', async ({ page }) => {
      const frame = await openFramed(page, viewport.width, {});
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Sign in with your mobile number');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as HostWindow).received.map((entry) => entry.data.type)))
        .toContain('boxSize');
      const received = await page.evaluate(() => (window as unknown as HostWindow).received);
      for (const entry of received) {
        expect(entry.origin).toBe(API_URL);
        expect(entry.data.source).toBe('pravesh-accounts');
      }
      await expect(frame.getByRole('textbox', { name: 'Mobile number' })).toBeFocused();
      await expectFrameAxeClean(page);
      await screenshot(page, `accounts-listener-${viewport.name}.png`);
    });

    test('the OTP box journey is axe-clean', async ({ page }) => {
      const frame = await openFramed(page, viewport.width, { journey_type: 'JOURNEY_OTP', mobileNo: randomMobile() });
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Enter the OTP');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as HostWindow).received.map((entry) => entry.data.type)))
        .toContain('otpSent');
      await expectFrameAxeClean(page);
      await screenshot(page, `accounts-listener-otp-${viewport.name}.png`);
    });
  });
}

interface HostWindow {
  received: { origin: string; data: { source?: string; type?: string; payload?: { height?: number } } }[];
}

/**
 * Opens demo site A (a configured site origin) and puts the sign-in frame over it the way the
 * widget does (spec 000 §2): a dimmed background and the frame 80% wide and 545px high for the full
 * journey, or 30% wide for the OTP box, whose height follows the frame's boxSize messages; up to
 * 640px wide, full-screen (full journey) or a bottom sheet (OTP box). The page sends widgetOpen
 * once the frame has loaded and keeps every message it receives in window.received.
 */
async function openFramed(page: Page, width: number, extra: Record<string, string>): Promise<FrameLocator> {
  const otpBox = extra.journey_type === 'JOURNEY_OTP';
  const src = pageUrl('/listener', { parentOrigin: DEMO_SITE_A, ...extra });
  await page.goto(`${DEMO_SITE_A}/`);
  await page.evaluate(
    ({ src, otpBox, phone, api }) => {
      const host = window as unknown as HostWindow;
      host.received = [];
      // CSSOM writes, not style attributes: the demo page's CSP allows no inline styles.
      const overlay = document.createElement('div');
      Object.assign(overlay.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '1000',
        display: 'flex',
        alignItems: phone && otpBox ? 'flex-end' : 'center',
        justifyContent: 'center',
        background: 'rgb(20 33 61 / 55%)',
      });
      const frame = document.createElement('iframe');
      frame.id = 'accounts-frame';
      frame.title = 'Sign in';
      frame.allow = 'otp-credentials';
      frame.src = src;
      Object.assign(frame.style, {
        display: 'block',
        border: '0',
        background: '#fff',
        boxShadow: '0 12px 40px rgb(0 0 0 / 30%)',
        width: phone ? '100%' : otpBox ? 'max(30%, 384px)' : '80%',
        height: phone && !otpBox ? '100%' : otpBox ? '350px' : '545px',
        borderRadius: phone ? (otpBox ? '16px 16px 0 0' : '0') : '16px',
      });
      overlay.append(frame);
      document.body.append(overlay);
      document.documentElement.style.overflow = 'hidden';
      window.addEventListener('message', (event) => {
        if (event.source !== frame.contentWindow) return;
        const data = event.data as HostWindow['received'][number]['data'];
        host.received.push({ origin: event.origin, data });
        if (data.type === 'boxSize' && (otpBox || !phone)) frame.style.height = `${data.payload?.height ?? 545}px`;
      });
      frame.addEventListener('load', () => {
        frame.contentWindow?.postMessage({ source: 'pravesh-accounts', type: 'widgetOpen', payload: {} }, api);
      });
    },
    { src, otpBox, phone: width <= 640, api: API_URL },
  );
  return page.frameLocator('#accounts-frame');
}

async function expectFrameAxeClean(page: Page): Promise<void> {
  // Only the frame: the demo page around it has its own checks (shield.spec.ts). axe reaches into a
  // frame by messaging a copy of itself injected there; on a loaded machine that copy is sometimes
  // not answering yet and axe reports on the outer page alone, so the run is repeated until it has
  // reached in (nodes inside the frame are named [iframe selector, inner selector]).
  let results: Awaited<ReturnType<typeof axeScan>> | undefined;
  await expect(async () => {
    results = await axeScan(page, { include: '#accounts-frame' });
    expect(results.reachedFrame).toBe(true);
  }).toPass({ timeout: 30_000 });
  expectNoViolations(results!);
}

test.describe('framing rules (CSP frame-ancestors)', () => {
  let server: Server;
  let unlistedOrigin: string;

  test.beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unlisted site</title></head>
<body><main><h1>Not a configured site</h1>
<iframe id="accounts-frame" title="Sign in" src="${pageUrl('/listener', { parentOrigin: 'http://127.0.0.1' }).replace(/&/g, '&amp;')}"></iframe>
</main><script>
  window.received = [];
  window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
</script></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    unlistedOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a page on an unlisted origin cannot frame /listener', async ({ page }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    const listenerResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/listener');
    await page.goto(`${unlistedOrigin}/`);
    const response = await listenerResponse;
    // The server answered, with a policy that does not name this origin…
    const csp = (await response.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toMatch(/frame-ancestors [^;]*http:\/\/localhost:4100/);
    expect(csp).not.toContain(unlistedOrigin);
    expect(csp).not.toMatch(/frame-ancestors [^;]*\*(?!\.)/);
    // …so the browser refused to show it: a CSP report, and no accounts page in the frame.
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    // Chromium words it "Framing '<url>' violates … frame-ancestors …" (older: "Refused to frame").
    expect(refusals[0]).toMatch(/(Framing|Refused to frame) 'http:\/\/localhost:4000\/'/);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame).toBeDefined();
    expect(frame!.url()).not.toContain('/listener');
    await expect(page.frameLocator('#accounts-frame').locator('#pravesh-accounts')).toHaveCount(0);
    // No pause before this: goto waited for the page's load, which waits for the frame's, and a
    // frame the browser refused ran none of the accounts page's script, so nothing is still to come.
    expect(await page.evaluate(() => (window as unknown as HostWindow).received)).toEqual([]);
  });

  test('the same page on a configured origin is framed', async ({ page }) => {
    const frame = await openFramed(page, 1280, {});
    await expect(frame.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  });
});

/** Opens /authorize at `url` and enters a fresh mobile number and its OTP, ready to verify. */
async function enterMobileAndOtp(page: Page, url: string): Promise<void> {
  const mobileNo = randomMobile();
  await page.goto(url);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await page.getByRole('textbox', { name: 'One-time password (OTP)' }).fill(await otpFromOutbox(page, mobileNo));
}

test('/authorize signs in with the OTP from the outbox and returns to the registered redirect_uri', async ({
  page,
}) => {
  const mobileNo = randomMobile();
  await page.goto(pageUrl('/authorize'));
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter the OTP');

  // A wrong code first: spec 001 §5's text, tied to the field.
  const otp = page.getByRole('textbox', { name: 'One-time password (OTP)' });
  const code = await otpFromOutbox(page, mobileNo);
  await otp.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('OTP is Incorrect, Please enter valid OTP');

  const callback = page.waitForRequest((request) => request.url().startsWith(CLIENT.redirect_uri));
  await otp.fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  const redirected = new URL((await callback).url());
  expect(redirected.searchParams.get('state')).toBe('e2e-state');
  expect(redirected.searchParams.get('code')).toMatch(/^\S{16,}$/);
});

// A link with an unregistered redirect_uri is refused when the page opens: e2e/tests/sign-in-link.spec.ts.

/**
 * Waits until the page's own redirect to the client has committed and loaded. Waiting only for its
 * request (as these journeys did) let the next page.goto race that navigation: when the client's
 * answer arrived first, the redirect committed over the goto, which failed as "interrupted by
 * another navigation" or left the page on the client instead of /logout (the flaky "/logout opened
 * from elsewhere" journey).
 */
async function landedOnClient(page: Page): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(CLIENT.redirect_uri));
}

/** The accounts host's session cookies in this browser. */
async function sessionCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies(API_URL))
    .map((cookie) => cookie.name)
    .filter((name) => name.startsWith('PB_GLSS'));
}

test('/logout opened from elsewhere asks first, then signs out and returns to the checked redirect_uri', async ({
  page,
}) => {
  await enterMobileAndOtp(page, pageUrl('/authorize'));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await landedOnClient(page);
  expect(await sessionCookies(page)).toContain('PB_GLSS_TOKEN_DEV');

  // A typed or foreign navigation (Sec-Fetch-Site: none / cross-site) does not sign out by itself.
  await page.goto(`${API_URL}/logout?redirect_uri=${encodeURIComponent(`${DEMO_SITE_A}/`)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out?');
  expect(await sessionCookies(page)).toContain('PB_GLSS_TOKEN_DEV');
  await expectNoAxeViolations(page);
  const returned = page.waitForRequest(
    (request) => request.url() === `${DEMO_SITE_A}/` && request.isNavigationRequest(),
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  await returned;
  await expect(page).toHaveURL(`${DEMO_SITE_A}/`);
  expect(await sessionCookies(page)).toEqual([]);
});

test('the spec logout link, followed from a page of the same site, signs out at once', async ({ page }) => {
  await page.goto(`${DEMO_SITE_A}/`);
  const returned = page.waitForRequest(
    (request) => request.url() === `${DEMO_SITE_A}/?logout=true` && request.isNavigationRequest(),
  );
  // GET oauth/logout (spec 000 §7) hands over to /logout, which POSTs and follows redirect_uri.
  await page.evaluate(
    (url) => {
      window.location.href = url;
    },
    `${API_URL}/SSOSP/api/v1/oauth/logout?redirect_uri=${encodeURIComponent(`${DEMO_SITE_A}/?logout=true`)}`,
  );
  await returned;
  await expect(page).toHaveURL(`${DEMO_SITE_A}/?logout=true`);
});

test('JOURNEY_EMAIL_OTP emails the code, adds the address to the signed-in customer and redirects', async ({
  page,
}) => {
  // Signed in by mobile OTP first: a new address is added to the session's customer.
  await enterMobileAndOtp(page, pageUrl('/authorize'));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await landedOnClient(page);

  const email = `e2e.${Date.now().toString(36)}.${Math.floor(Math.random() * 1e6)}@example.in`;
  await page.goto(pageUrl('/authorize', { journey_type: 'JOURNEY_EMAIL_OTP', state: 'email-state' }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with your email');
  const field = page.getByRole('textbox', { name: 'Email address' });
  await field.fill('not-an-address');
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('Enter a valid email address, like name@example.com')).toBeVisible();
  await expectNoAxeViolations(page);
  await field.fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter the OTP');
  await expect(page.locator('strong', { hasText: email })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'accounts-email-otp.png', { fullPage: true });

  const otp = page.getByRole('textbox', { name: 'One-time password (OTP)' });
  await otp.fill(await otpFromEmail(page, email));
  const callback = page.waitForRequest((request) => request.url().startsWith(CLIENT.redirect_uri));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  const redirected = new URL((await callback).url());
  expect(redirected.searchParams.get('state')).toBe('email-state');
  expect(redirected.searchParams.get('code')).toMatch(/^\S{16,}$/);
});
