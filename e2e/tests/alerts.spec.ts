import { expect, test, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { API_URL } from '../urls.ts';
import { DEMO_CUSTOMER_LOCKS, expectAxeClean, screenshot, signInWithCallerId } from '../support.ts';

/**
 * credit alerts, every score change explained: the scored demo customer, seeded by
 * npm start with an earlier and a current CIBIL pull, signs in and sees on the dashboard why their
 * score changed and the alerts of what changed; marks one read; axe-clean at 1280px and 375px.
 */

// No two journeys of one seeded demo customer at once (support.ts DEMO_CUSTOMER_LOCKS).
test.describe.configure({ lock: DEMO_CUSTOMER_LOCKS.scored });

/** Kept under e2e/artifacts as alerts-<name>.png. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `alerts-${name}.png`, { fullPage: true });
}

test('the scored demo customer sees why their score changed and their credit alerts, and marks one read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobileNo } = DEMO_CREDIT_CUSTOMERS.scored;
  await signInWithCallerId(page, mobileNo);
  await page.goto(`${API_URL}/myaccount/`);
  await expect(page).toHaveURL(`${API_URL}/myaccount/dashboard`);

  const why = page.getByRole('region', { name: 'Why your score changed' });
  await expect(why).toContainText('Up 18 points');
  await expect(why.getByRole('listitem').first()).toContainText('Your credit utilisation went down');

  const alerts = page.getByRole('region', { name: /Credit alerts/ });
  await expect(alerts.getByRole('listitem').first()).toContainText('Your score went up by 18 points');
  await expect(alerts).toContainText('New credit enquiry by Axis Bank');
  await expect(alerts).toContainText('New Credit Card with Axis Bank');
  await expect(alerts.getByRole('switch', { name: 'CIBIL' })).toBeChecked();
  await expectAxeClean(page);
  await shot(page, 'desktop');

  const heading = alerts.getByRole('heading', { level: 2 });
  const before = Number((await heading.innerText()).replace(/\D/g, ''));
  await alerts.getByRole('button', { name: /^Mark as read\s*: Your score went up by 18 points$/ }).click();
  await expect(heading).toContainText(String(before - 1));

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(why).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'phone');
});
