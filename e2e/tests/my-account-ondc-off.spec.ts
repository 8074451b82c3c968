import { expect, test } from '@playwright/test';
import { HOLDINGS_ROUTES } from '@pravesh/core';
import { ONDC_OFF_API_URL } from '../urls.ts';
import { expectAxeClean, randomMobile, screenshot, signInWithCallerId, watchConsole } from '../support.ts';

/**
 * spec 001 §9 "ONDC eligible (varies)" switched off: My Account served by the journeys' second API
 * instance (urls.ts ONDC_OFF_API_URL: the same server process and database, PRAVESH_ONDC_ELIGIBLE=0)
 * draws no ONDC loans card and no link to the ONDC dashboard, and never asks for the loans; asked
 * anyway, as the page would ask, MSP ondc/loans answers ondcNotEligible. The same customer signs in
 * on demo site A, whose session the instance takes up. With the switch on (the demo's default):
 * my-account-spec-details.spec.ts and my-account-holdings.spec.ts. 1280px and 375px, axe-clean.
 */

for (const width of [1280, 375] as const) {
  test(`"ONDC eligible" off: no ONDC banner or loans card, and ondc/loans answers ondcNotEligible; ${width}px, axe-clean`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInWithCallerId(page, randomMobile());
    const consoleClean = watchConsole(page, { warnings: true });
    const loansAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === HOLDINGS_ROUTES.ondcLoans) loansAsked.push(request.url());
    });
    const fundsCall = page.waitForRequest((request) => request.url().includes(HOLDINGS_ROUTES.getMutualFundStatus));

    await page.goto(`${ONDC_OFF_API_URL}/myaccount/`);
    await expect(page).toHaveURL(`${ONDC_OFF_API_URL}/myaccount/dashboard`);
    const section = page.getByRole('region', { name: 'Your investments and cover' });
    await expect(section.getByRole('article', { name: 'Mutual funds' })).toContainText('Start a SIP from ₹500 a month');
    await expect(section.getByRole('article', { name: 'Wallet protection' })).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article', { name: 'Loans through ONDC' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /ONDC/ })).toHaveCount(0);
    await expect(page.getByText(/ONDC/)).toHaveCount(0);
    await expect(page.locator('.pv-skeleton')).toHaveCount(0);
    expect(loansAsked).toEqual([]);
    await expectAxeClean(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `ondc-off-${width}.png`);
    await screenshot(section, `ondc-off-section-${width}.png`);

    // Asked as the page asks (its pass token and access token, from this browser): refused by the switch.
    const request = await fundsCall;
    expect(new URL(request.url()).origin).toBe(ONDC_OFF_API_URL);
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => name.startsWith('pb-') || name === 'site-id'),
    );
    expect(headers['pb-pass-token']).toBeTruthy();
    const answer = await page.evaluate(
      async ({ path, sent }) => {
        const response = await fetch(path, { headers: sent });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { path: HOLDINGS_ROUTES.ondcLoans, sent: headers },
    );
    expect(answer).toEqual({
      status: 404,
      body: {
        status: false,
        statusCode: 'ondcNotEligible',
        statusMessage: 'Loans through ONDC are not available right now',
      },
    });
    // The browser logs the refusal it was asked to fetch; nothing else.
    consoleClean([/status of 404 \(Not Found\)/]);
  });
}
