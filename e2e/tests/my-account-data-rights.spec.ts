import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, openMyAccount, randomMobile, screenshot, watchConsole } from '../support.ts';

/**
 * DPDP Act 2023 §11 and §12 in My Account ("Your data"): the customer prepares a copy of their
 * data (built in the background, progress shown), downloads it, asks for their account to be
 * deleted (what is kept by law is on the screen), sees the date, and cancels. 1280px and 375px,
 * axe-clean.
 */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `data-rights-${name}.png`, { fullPage: true });
}

test('a customer downloads their data and asks for, then cancels, account deletion; 1280 and 375, axe-clean', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const consoleClean = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openMyAccount(page, randomMobile());
  await page.getByRole('navigation').getByRole('link', { name: 'Your data' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What the law requires us to keep' })).toBeVisible();
  await expect(page.getByText('GST invoices and the payments behind them.', { exact: true })).toBeVisible();
  await expect(page.getByText('Your consent record.', { exact: true })).toBeVisible();
  await expectAxeClean(page, 'before');
  await shot(page, 'start-1280');

  await page.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(page.getByText('Your data is ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json\.gz$/);
  await expect(page.getByText('Your data copy was ready to download')).toBeVisible();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'confirm');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByText(/^Your account will be deleted on \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByText('You asked us to delete your account')).toBeVisible();
  await expectAxeClean(page, 'scheduled');
  await shot(page, 'scheduled-1280');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByText(/^Your account will be deleted on/)).toBeVisible();
  await expectAxeClean(page, 'scheduled-375');
  await shot(page, 'scheduled-375');
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expect(page.getByText('You cancelled the account deletion')).toBeVisible();
  await expectAxeClean(page, 'cancelled-375');
  await shot(page, 'cancelled-375');
  consoleClean();
});
