import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  AUTHORIZATION_KEY_MAX_SKEW_SECONDS,
  SSO_ROUTES,
  devCallerIdPath,
  type DemoCreditCustomer,
} from '@pravesh/core';
import { axeScan, expectNoViolations } from './axe.ts';
import { API_URL, DEMO_SITE_A } from './urls.ts';

/** Helpers the journeys share: fresh mobile numbers, screenshots kept as artifacts, OTPs from the outbox. */

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts/screenshots');

/**
 * A lock per seeded demo customer (core DEMO_CREDIT_CUSTOMERS), for `test.describe.configure({ lock })`
 * or a test's own `{ lock }`: their journeys buy add-ons, change a profile, read alerts and sign the
 * same person out, so no two journeys of one customer run at once. Journeys of different customers,
 * and those on customers of their own (randomMobile), run side by side (playwright.config.ts: three
 * workers); a file whose journeys sign in different demo customers runs them in parallel mode, each
 * under its own customer's lock.
 */
export const DEMO_CUSTOMER_LOCKS = {
  scored: 'demo-customer-scored',
  noHit: 'demo-customer-no-hit',
  newToCredit: 'demo-customer-new-to-credit',
} as const satisfies Record<DemoCreditCustomer, string>;

/** Journeys that queue the payment simulator's next outcomes (POST /dev/payment/outcome): one queue for all. */
export const PAYMENT_SIMULATOR_LOCK = 'payment-simulator';

/** Journeys that use "Chat with us" or the support desk: the chat queue is one for everyone. */
export const SUPPORT_DESK_LOCK = 'support-desk';

/**
 * Playwright's built-in lock for a journey that must run with no other: publishing a version of demo
 * site A's contract changes what every signed-in page there shows (and a hostile version's refused
 * handler would reach other journeys' consoles).
 */
export const EXCLUSIVE_LOCK = '-exclusive-';

/** A fresh valid Indian number per call, so OTP send limits never carry over between tests or runs. */
export function randomMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/**
 * Saves a screenshot under e2e/artifacts/screenshots (kept by CI as an artifact, and where a person
 * looks at them): of the page, or of one part of it (a full-page shot of a long page is too tall to
 * read). `name` may name a subfolder ("demo-sites/homepage.png").
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  const file = path.join(screenshotDir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

export interface OutboxMessage {
  id: string;
  channel?: string;
  to: string;
  subject?: string;
  text: string;
  sentAt: string;
}

/** The six-digit code of the first (newest) message in the local outbox (GET /dev/outbox.json) that matches. */
async function otpIn(page: Page, matches: (message: OutboxMessage) => boolean): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const messages = await outboxMessages(page);
    code = /\b(\d{6})\b/.exec(messages.find(matches)?.text ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

/** The OTP the local SMS outbox holds for `mobileNo` (development only). */
export function otpFromOutbox(page: Page, mobileNo: string): Promise<string> {
  return otpIn(page, (message) => message.to.endsWith(mobileNo));
}

/** The server's per-number resend window (apps/server/src/config/sso.ts resendAfterSeconds). */
const OTP_RESEND_SECONDS = 30;

/**
 * The OTP that `send` makes the server text to `mobileNo`: for the seeded demo customers, whom
 * several journeys sign in, an older code for the same number is already in the outbox, and reading
 * before the new one arrives would pick it up.
 */
export async function newOtpFromOutbox(
  page: Page,
  mobileNo: string,
  send: () => Promise<void>,
  /** False for a code with limits of its own (a contact change's "confirm it's you" code): no wait. */
  { afterResendWindow = true } = {},
): Promise<string> {
  const earlier = (await outboxMessages(page)).filter((message) => message.to.endsWith(mobileNo));
  // The server sends a number no new code within OTP_RESEND_SECONDS of the last (it asks to wait):
  // move the server's clock past that window, measured from its own send time of the newest message,
  // rather than wait it out (the journeys' server runs with PRAVESH_DEV_CLOCK, playwright.config.ts).
  const newest = earlier[0];
  if (newest && afterResendWindow) {
    const now = await serverNow(page);
    const waitMs = Date.parse(newest.sentAt) + (OTP_RESEND_SECONDS + 1) * 1000 - now;
    // Only so far: the sign-in widget stamps its authorization-key with the browser's own clock,
    // which the server accepts within AUTHORIZATION_KEY_MAX_SKEW_SECONDS of its clock. Past that
    // (many resends in one run), the rest of the window is waited out as before.
    const stepMs = Math.min(waitMs, MAX_SERVER_CLOCK_LEAD_MS - (now - Date.now()));
    if (stepMs > 0) await advanceServerClock(page, Math.ceil(stepMs / 1000));
    if (waitMs - stepMs > 0) await page.waitForTimeout(waitMs - stepMs);
  }
  const seen = new Set(earlier.map(({ id }) => id));
  await send();
  return otpIn(page, (message) => message.to.endsWith(mobileNo) && !seen.has(message.id));
}

/** How far the journeys move the server's clock ahead of the machine's, at most (see newOtpFromOutbox). */
const MAX_SERVER_CLOCK_LEAD_MS = (AUTHORIZATION_KEY_MAX_SKEW_SECONDS - 30) * 1000;

/** The server's time in milliseconds (GET /dev/clock: the local server's clock, which journeys may move). */
export async function serverNow(page: Page): Promise<number> {
  const response = await page.request.get(`${API_URL}/dev/clock`);
  expect(response.status(), 'GET /dev/clock (is PRAVESH_DEV_CLOCK=1 set for the server?)').toBe(200);
  return ((await response.json()) as { response: { now: number } }).response.now;
}

/**
 * Moves the server's clock `seconds` forward (POST /dev/clock). Every journey running at the time
 * sees it, as it would see that much time pass: keep steps to the server's short waits.
 */
export async function advanceServerClock(page: Page, seconds: number): Promise<void> {
  const response = await page.request.post(`${API_URL}/dev/clock`, { data: { advanceSeconds: seconds } });
  expect(response.status(), 'POST /dev/clock').toBe(200);
}

/** The OTP the local outbox holds for the email address (the outbox shows SMS and email alike). */
export function otpFromEmail(page: Page, email: string): Promise<string> {
  return otpIn(page, (message) => message.channel === 'email' && message.to === email);
}

/**
 * Waits for the running animations and transitions that play once (a dialog's fade and pop, a
 * sheet sliding up) to end, on the page or within one element; repeating ones (spinners, a blinking
 * caret, an attention shake) are left running. Shadow trees are searched too: neither
 * document.getAnimations() nor an element's getAnimations({ subtree: true }) reaches into one
 * (Chromium), and the nudge and the consent panel draw in theirs. When they end it looks again a
 * frame later, as the render they finish may start more (a list landing after the dialog that holds
 * it). Axe measuring a dialog mid-fade reads its text at part opacity and reports a contrast failure
 * the finished screen does not have.
 */
export async function animationsSettled(scope: Page | Locator): Promise<void> {
  const settle = async (element: Element | undefined) => {
    const ending = () => {
      const trees: ShadowRoot[] = [];
      const visit = (node: ParentNode) => {
        node.querySelectorAll('*').forEach((child) => {
          if (child.shadowRoot) {
            trees.push(child.shadowRoot);
            visit(child.shadowRoot);
          }
        });
      };
      if (element?.shadowRoot) {
        trees.push(element.shadowRoot);
        visit(element.shadowRoot);
      }
      visit(element ?? document);
      return [
        ...(element ? element.getAnimations({ subtree: true }) : document.getAnimations()),
        ...trees.flatMap((tree) => tree.getAnimations()),
      ].filter(
        // One that repeats is decoration (a spinner, the nudge tab's 6-fold attention shake), left to
        // run; a paused one would never finish.
        (animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations === 1,
      );
    };
    // Bounded: a page that keeps starting animations is measured as it is after ten rounds.
    for (let round = 0; round < 10; round++) {
      const running = ending();
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  };
  await ('goto' in scope ? scope.evaluate(settle, undefined) : scope.evaluate(settle));
}

/**
 * No axe-core violation on the page once its animations have settled; names each rule and element
 * that fails. A scan that flagged a node the page replaced meanwhile (AxeScan.flaggedNodeGone) is
 * run once more on the page as it now is: what it measured is no longer on screen, and a violation
 * the new node shares is reported by the second scan.
 */
export async function expectAxeClean(page: Page, state?: string): Promise<void> {
  await animationsSettled(page);
  let scan = await axeScan(page);
  if (scan.flaggedNodeGone) {
    await animationsSettled(page);
    scan = await axeScan(page);
  }
  expectNoViolations(scan, state && `axe violations with ${state}`);
}

/** What a journey's console watch answers (watchConsole). */
export interface ConsoleWatch {
  /** Fails the test when a problem was seen that neither `allowed` nor allow() lets through. */
  (allowed?: readonly RegExp[]): void;
  /** The problems seen so far that allow() does not let through. */
  problems(): string[];
  /** Lets through every problem matching `pattern`: errors the journey causes on purpose. */
  allow(pattern: RegExp): void;
  /** Waits for one problem matching `pattern` and takes it back (the browser logs a 4xx reply once). */
  forgive(pattern: RegExp): Promise<void>;
}

/**
 * Collects console errors (and warnings, with `warnings: true`) and uncaught exceptions from here
 * on; the watch it answers fails the test when any was seen but those the journey causes on purpose.
 */
export function watchConsole(page: Page, { warnings = false }: { warnings?: boolean } = {}): ConsoleWatch {
  const seen: string[] = [];
  const allowedAlways: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || (warnings && message.type() === 'warning'))
      seen.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
  const problems = () => seen.filter((problem) => !allowedAlways.some((pattern) => pattern.test(problem)));
  const watch = (allowed: readonly RegExp[] = []) => {
    const unexpected = problems().filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
    expect(unexpected, 'console errors during the journey').toEqual([]);
  };
  return Object.assign(watch, {
    problems,
    allow: (pattern: RegExp) => void allowedAlways.push(pattern),
    async forgive(pattern: RegExp) {
      await expect.poll(() => seen.findIndex((problem) => pattern.test(problem))).toBeGreaterThanOrEqual(0);
      seen.splice(
        seen.findIndex((problem) => pattern.test(problem)),
        1,
      );
    },
  });
}

/** "98******01": spec 001 §5 masking, as the demo site shows a signed-in number. */
export const maskedMobile = (mobileNo: string) => `${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`;

/**
 * Signs `mobileNo` in on demo site A with the page's Sign in button and the OTP from the outbox.
 * The seeded demo customers, whom many journeys sign in, meet the 5-codes-an-hour limit per number
 * this way: journeys of theirs that are not about the OTP form use signInWithCallerId.
 */
export async function signInOnDemoSite(page: Page, mobileNo: string): Promise<void> {
  await page.goto(`${DEMO_SITE_A}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const frame = page.frameLocator('pravesh-sign-in iframe');
  await frame.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
  const code = await newOtpFromOutbox(page, mobileNo, () => frame.getByRole('button', { name: 'Get OTP' }).click());
  await frame.getByRole('textbox', { name: 'One-time password (OTP)' }).fill(code);
  await frame.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText(
    `Signed in as ${maskedMobile(mobileNo)}`,
  );
}

/** Signs `mobileNo` in on demo site A (OTP from the outbox) and opens My Account's dashboard. */
export async function signInToMyAccount(page: Page, mobileNo: string): Promise<void> {
  await signInOnDemoSite(page, mobileNo);
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The local outbox's messages (development only), newest first. */
export async function outboxMessages(page: Page): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${API_URL}/dev/outbox.json`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * Signs `mobileNo` in on demo site A with "Sign in with caller ID", approved in the local
 * caller-identification simulator: no OTP, so journeys of the seeded demo customers, which many
 * specs sign in, stay clear of the 5-codes-an-hour limit per number.
 *
 * The request is approved through the simulator's own Approve endpoint as soon as the server has
 * started it, before the page hears of it: the SDK's first status poll (600 ms after the start,
 * spec 000 §4) then finds it approved. Approved in the simulator window instead, after that poll,
 * the sign-in waited for the demo's next poll, 3 s later (apps/demo/public/caller-id.js), in every
 * journey that signs in this way. caller-id.spec.ts drives the simulator window itself.
 */
export async function signInWithCallerId(page: Page, mobileNo: string): Promise<void> {
  await page.goto(`${DEMO_SITE_A}/`);
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText('Not signed in');
  // Set by the route below once the server has started the request (a promise of the approval).
  let approval: { done: Promise<void> } | undefined;
  await page.route(
    `${API_URL}${SSO_ROUTES.callerIdStart}`,
    async (route) => {
      const response = await route.fetch();
      const started = (await response.json()) as { response?: { requestNonce?: string } };
      const nonce = started.response?.requestNonce;
      if (nonce) {
        const done = page.request
          .post(`${API_URL}${devCallerIdPath(nonce)}/approve`, { form: { mobileNo }, maxRedirects: 0 })
          .then((reply) => expect(reply.status(), 'the simulator approves the request').toBe(303));
        approval = { done };
        await done;
      }
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Sign in with caller ID' }).click();
  await expect
    .poll(() => approval !== undefined, { message: 'the caller-identification request was started' })
    .toBe(true);
  await approval!.done;
  await expect(account).toContainText(`Signed in as ${maskedMobile(mobileNo)}`);
}

/** Signs `mobileNo` in (caller ID) and opens My Account, which lands on its dashboard. */
export async function openMyAccount(page: Page, mobileNo: string): Promise<void> {
  await signInWithCallerId(page, mobileNo);
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Another browser of the same customer (a second device), with the motion the journeys run with:
 * a context made by hand takes none of playwright.config.ts's options, so the test hands its
 * `reducedMotion` on.
 */
export async function secondBrowser(
  browser: Browser,
  reducedMotion: BrowserContextOptions['reducedMotion'],
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, reducedMotion });
  return { context, page: await context.newPage() };
}
