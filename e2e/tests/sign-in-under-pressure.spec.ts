import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { sealForSite, SSO_ROUTES, unwrapSiteKey } from '@pravesh/core';
import { createPravesh, type FetchLike } from '@pravesh/sdk';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { expectAxeClean, maskedMobile, otpFromOutbox, screenshot } from '../support.ts';

/**
 * README "OTP": one address fills a number prefix's hourly SMS budget (30 codes, within its own
 * per-IP allowance); a customer on another address, with a number in that prefix, still signs in
 * with no extra step — the accounts page solves the server's proof-of-work challenge by itself. At
 * 1280px and 375px, on a phone-like CPU (Chromium at 4× throttling), axe-clean.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;
/** A mid-range phone, as Lighthouse's mobile profile emulates one. */
const CPU_THROTTLING = 4;
/** The difficulty at a budget's limit (config/sso.ts proofOfWork.baseBits). */
const BASE_BITS = 10;
/** The server's default per-prefix budget (PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR). */
const PREFIX_BUDGET = 30;

/** fetch over node:http from another loopback address, so the server sees another client IP. */
function fetchFrom(localAddress: string): FetchLike {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        url,
        { method: init.method, headers: init.headers as Record<string, string>, localAddress },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: response.statusCode })));
        },
      );
      request.on('error', reject);
      request.end(typeof init.body === 'string' ? init.body : undefined);
    });
}

/** Sends the prefix's whole hourly budget of codes, each to its own number, from 127.0.0.2 (demo site A's keys). */
async function fillPrefixBudget(prefix: string): Promise<void> {
  const pravesh = createPravesh({
    apiBaseUrl: API_URL,
    siteId: 2,
    environment: 'local',
    fetch: fetchFrom('127.0.0.2'),
  });
  const shield = await pravesh.init();
  const siteKey = await unwrapSiteKey(shield.ct, shield.siteId, shield.ci);
  for (let index = 0; index < PREFIX_BUDGET; index++) {
    const mobileNo = `${prefix}${String(index).padStart(5, '0')}`;
    const authorizationKey = await sealForSite(siteKey, 'authorization-key', {
      siteId: 2,
      timestamp: Date.now(),
      mobileNo,
    });
    await pravesh.request('POST', SSO_ROUTES.otp, {
      headers: { 'site-id': '2', 'authorization-key': authorizationKey },
      body: { mobileNo, visitorId: 'pumping-visitor', visitId: 'pumping-visit' },
    });
  }
}

/** A prefix no other journey of this run texts (the budgets are per run: web-server.ts). */
const randomPrefix = () => `7${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

async function throttleCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
}

for (const viewport of VIEWPORTS) {
  test(`a customer signs in with no extra step while a pumper holds their prefix's SMS budget, at ${viewport.name}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const prefix = randomPrefix();
    await fillPrefixBudget(prefix);
    const mobileNo = `${prefix}99999`;

    // Every OTP send of the accounts frame, with when its answer came.
    const sends: { status: number; proof: boolean; at: number }[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname !== SSO_ROUTES.otp) return;
      void request.response().then((response) =>
        sends.push({
          status: response?.status() ?? 0,
          proof: (request.postData() ?? '').includes('"proofOfWork"'),
          at: Date.now(),
        }),
      );
    });

    await throttleCpu(page);
    await page.goto(`${DEMO_SITE_A}/`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const frame = page.frameLocator('pravesh-sign-in iframe');
    await frame.getByRole('textbox', { name: 'Mobile number' }).fill(mobileNo);
    // One click: the challenge is asked for, solved and answered before the OTP step opens.
    await frame.getByRole('button', { name: 'Get OTP' }).click();
    const code = await otpFromOutbox(page, mobileNo);
    const otp = frame.getByRole('textbox', { name: 'One-time password (OTP)' });
    await expect(otp).toBeVisible();
    expect(sends.map(({ status, proof }) => ({ status, proof }))).toEqual([
      { status: 428, proof: false },
      { status: 200, proof: true },
    ]);
    // From the challenge to the code's send, as the customer waits for it. The solver's own budget is
    // held by the bench below; here a loaded machine adds the server's work on the second send.
    const answeredInMs = sends[1]!.at - sends[0]!.at;
    test.info().annotations.push({
      type: `challenge answered at ${CPU_THROTTLING}× CPU throttling`,
      description: `${answeredInMs} ms`,
    });
    expect(answeredInMs).toBeLessThan(2_000);
    // No refusal on the way: the page looks as it does on any day.
    await expect(frame.locator('body')).not.toContainText(/request the OTP again|Too many OTP requests/);
    await otp.fill(code);
    await expectAxeClean(page, 'the OTP step under budget pressure');
    await screenshot(page, `sign-in-under-pressure-otp-${viewport.name}.png`);
    await frame.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(
      `Signed in as ${maskedMobile(mobileNo)}`,
    );
    await expectAxeClean(page, 'signed in');
  });
}

const e2eDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Solve times of one challenge are spread wide (the number of hashes is geometric, so the slowest
 * of 40 takes several times the mean), and a loaded machine stretches them further. The steady
 * figure is the hash rate over many solves: at 10 bits a solve takes 1,024 hashes on average, 3×
 * that one time in twenty.
 */
test('the shared solver meets the base difficulty well under a second at 4× CPU throttling', async ({ page }) => {
  test.setTimeout(120_000);
  // Core's solver, bundled as the SDK and the accounts pages carry it.
  const bundled = await build({
    entryPoints: [path.join(e2eDir, '../../packages/core/src/sso/proof-of-work.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'proofOfWork',
    write: false,
  });
  // A blank page on the API's origin (a secure context, as localhost is), without the API's CSP.
  await page.route(`${API_URL}/solver-bench`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Solver bench</title>' }),
  );
  await page.goto(`${API_URL}/solver-bench`);
  await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
  await throttleCpu(page);
  const solves = await page.evaluate(async (bits) => {
    const { solveProofOfWork } = (
      window as unknown as {
        proofOfWork: { solveProofOfWork(challenge: string, difficulty: number): Promise<string> };
      }
    ).proofOfWork;
    const results: { ms: number; hashes: number }[] = [];
    for (let index = 0; index < 40; index++) {
      const started = performance.now();
      const nonce = await solveProofOfWork(`${bits}.${Date.now()}.${crypto.randomUUID()}.signature`, bits);
      // Nonces are tried in order, in batches of 256 (core's BATCH).
      results.push({ ms: performance.now() - started, hashes: Math.ceil((parseInt(nonce, 36) + 1) / 256) * 256 });
    }
    return results;
  }, BASE_BITS);
  const hashesPerSecond =
    (solves.reduce((sum, solve) => sum + solve.hashes, 0) / solves.reduce((sum, solve) => sum + solve.ms, 0)) * 1000;
  const meanMs = (2 ** BASE_BITS / hashesPerSecond) * 1000;
  const times = solves.map((solve) => solve.ms).sort((a, b) => a - b);
  test.info().annotations.push({
    type: `${BASE_BITS}-bit solves at ${CPU_THROTTLING}× CPU throttling`,
    description: `${Math.round(hashesPerSecond)} hashes/s: ${meanMs.toFixed(0)} ms on average, 95% within ${(3 * meanMs).toFixed(0)} ms; measured median ${times[20]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms`,
  });
  expect(meanMs).toBeLessThan(300);
});
