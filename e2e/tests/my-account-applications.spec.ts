import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_CREDIT_CUSTOMERS } from '@pravesh/core';
import { DEMO_CUSTOMER_LOCKS, expectAxeClean, openMyAccount, screenshot, watchConsole } from '../support.ts';

/**
 * "Your applications" in My Account: the scored demo customer applies to a pre-approved card, asks to
 * withdraw it, keeps it once, then withdraws it; the list says so, the history shows the withdrawal
 * and nothing is left to withdraw or continue. At 1280px one card, at 375px another. Each attempt
 * applies anew (a withdrawn application closes, so the same offer starts a new one), so a retry
 * finds its own open application. Axe-clean, console clean, screenshots under e2e/artifacts.
 */

// The scored demo customer's journeys run one at a time (support.ts DEMO_CUSTOMER_LOCKS).
test.describe.configure({ lock: DEMO_CUSTOMER_LOCKS.scored });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/** Applies to the `index`th pre-approved credit card; answers its name. */
async function applyToCard(page: Page, index: number): Promise<string> {
  const offers = page.getByRole('region', { name: 'Offers for you' });
  await offers.getByRole('tab', { name: /^Credit cards/ }).click();
  await offers
    .getByRole('button', { name: /^View details of / })
    .nth(index)
    .click();
  const dialog = page.getByRole('dialog');
  const name = (await dialog.locator('.pv-dialog-title').innerText()).trim();
  await dialog.getByRole('button', { name: 'Apply now' }).click();
  await expect(dialog.getByText('Application started')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(dialog).toBeHidden();
  return name;
}

/** The open application of that card: the one that can still be withdrawn. */
function openApplication(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Your applications' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} · `) }) })
    .filter({ has: page.getByRole('button', { name: `Withdraw your ${name} application` }) });
}

async function withdrawJourney(page: Page, index: number, width: string): Promise<void> {
  const name = await applyToCard(page, index);
  const applications = page.getByRole('region', { name: 'Your applications' });
  const item = openApplication(page, name);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Application started');
  await item.scrollIntoViewIfNeeded();
  await expectAxeClean(page, `the open application at ${width}px`);
  await screenshot(applications, `applications-open-${width}.png`);

  // Asked once more; keeping it changes nothing.
  await item.getByRole('button', { name: `Withdraw your ${name} application` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw this application?' });
  await expect(confirm).toContainText('will be told that you no longer want');
  await expect(confirm.getByRole('button', { name: 'Keep application' })).toBeFocused();
  await expectAxeClean(page, `the confirmation at ${width}px`);
  await screenshot(page, `applications-confirm-${width}.png`);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(item).toHaveCount(1);

  await item.getByRole('button', { name: `Withdraw your ${name} application` }).click();
  await confirm.getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(confirm).toBeHidden();
  await expect(applications.getByRole('status')).toHaveText(
    new RegExp(`^Your ${name} application with .+ was withdrawn\\.$`),
  );
  // Nothing open is left for this card: no withdraw, no continue; its history says what happened.
  await expect(item).toHaveCount(0);
  const withdrawn = applications
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} · `) }) })
    .filter({ hasText: 'This application was withdrawn.' })
    .first();
  await expect(withdrawn.getByRole('link', { name: /^Continue/ })).toHaveCount(0);
  await withdrawn.getByRole('button', { name: `History of your ${name} application` }).click();
  const history = withdrawn.getByRole('list', { name: 'Application history' });
  await expect(history.getByRole('listitem')).toHaveText([/^Application started/, /^Withdrawn/]);
  await withdrawn.scrollIntoViewIfNeeded();
  await expectAxeClean(page, `the withdrawn application at ${width}px`);
  await screenshot(applications, `applications-withdrawn-${width}.png`);
}

test('scored customer: apply to a card, keep it once, withdraw it, read its history; 1280 and 375, axe-clean', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await openMyAccount(page, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
  const consoleClean = watchConsole(page, { warnings: true });
  await withdrawJourney(page, 0, '1280');

  await page.setViewportSize(PHONE);
  await page.reload();
  await withdrawJourney(page, 1, '375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  consoleClean();
});
