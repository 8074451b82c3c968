import { expect, test, type Page } from '@playwright/test';
import { API_URL, DEMO_SITE_A } from '../urls.ts';
import { expectAxeClean, randomMobile, screenshot, signInWithCallerId } from '../support.ts';

/**
 * "revoking a consent and seeing the panel again on a demo site": a customer accepts
 * the terms in the consent panel on demo site A, withdraws that consent from My Account's consent
 * revocation page (a new ledger entry, spec 001 §2), and the next page of demo site A shows the
 * panel again. The consents page at 1280px and 375px, axe-clean.
 */

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `consent-revocation-${name}.png`, { fullPage: true });
}

/** The panel: a dialog named by its heading, inside the <pravesh-consent> host's shadow root. */
const panelOf = (page: Page) => page.locator('pravesh-consent').getByRole('dialog', { name: 'Welcome!' });

test('a consent withdrawn in My Account is asked for again on the demo site; 1280 and 375, axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const mobileNo = randomMobile();
  await signInWithCallerId(page, mobileNo);

  // The demo site asks for the terms as its next page loads; the customer accepts.
  await page.reload();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await page.locator('pravesh-consent').getByRole('button', { name: 'Accept' }).click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.locator('#consent')).toHaveAttribute('data-consent', /^(recorded|alreadyVerified)$/);
  await expect(page.locator('pravesh-consent')).toHaveCount(0);

  // My Account (signed in through the accounts session, landing on the dashboard) lists it as
  // given on the homepage; one button withdraws it.
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto(`${API_URL}/myaccount/consent-revocation`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consents' })).toBeVisible();
  const consents = page.getByRole('list', { name: 'Your consents' });
  const given = consents.getByRole('listitem').filter({ hasText: 'Active' });
  await expect(given).toHaveCount(1);
  await expect(given).toContainText(/given \d{1,2} \w+ \d{4} on Kosh/);
  await expectAxeClean(page);
  await shot(page, 'given-1280');
  await given.getByRole('button', { name: /^Withdraw consent to / }).click();
  await expect(page.getByText(/is withdrawn\. We’ll ask again before using it\./)).toBeVisible();
  const withdrawn = consents.getByRole('listitem').filter({ hasText: 'Withdrawn' });
  await expect(withdrawn).toHaveCount(1);
  await expect(withdrawn.getByRole('button')).toHaveCount(0);
  await expectAxeClean(page);
  await shot(page, 'withdrawn-1280');

  // Back on the demo site, the panel asks again.
  await page.goto(`${DEMO_SITE_A}/`);
  await expect(panel).toBeVisible();
  await shot(page, 'asked-again-1280');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${API_URL}/myaccount/consent-revocation`);
  await expect(consents.getByRole('listitem').filter({ hasText: 'Withdrawn' })).toHaveCount(1);
  await expectAxeClean(page);
  await shot(page, 'withdrawn-375');
});
