import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { axeScan } from '../axe.ts';

/**
 * The journeys' axe scan tells a violation on a node the page replaced during the scan (a status
 * landing from the server while axe runs) from one on the page as it stands: expectAxeClean scans
 * again only in the first case.
 */

/** Light grey on white inside a shadow root, as the nudge draws its rows. */
async function lowContrastRow(page: Page): Promise<void> {
  await page.setContent('<main><h1>Rows</h1><row-host></row-host></main>');
  await page.evaluate(() => {
    const root = document.querySelector('row-host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<p style="color:#ddd;background:#fff">Application withdrawn</p>';
  });
  await page.evaluate(axe.source);
}

test('a violation on a node still on the page is not taken for a replaced one', async ({ page }) => {
  await lowContrastRow(page);
  const scan = await axeScan(page);
  expect(scan.violations.map(({ id }) => id)).toContain('color-contrast');
  expect(scan.flaggedNodeGone).toBe(false);
});

test('a violation on a node removed before the scan finished is said to be gone', async ({ page }) => {
  await lowContrastRow(page);
  // The row is re-rendered between axe's measuring and its report, as a merge landing does.
  await page.evaluate(() => {
    const pageAxe = (window as unknown as { axe: typeof axe }).axe;
    const measure = pageAxe.runPartial.bind(pageAxe);
    pageAxe.runPartial = async (...args: Parameters<typeof measure>) => {
      const partial = await measure(...args);
      document.querySelector('row-host')!.shadowRoot!.querySelector('p')!.remove();
      return partial;
    };
  });
  const scan = await axeScan(page);
  expect(scan.violations.map(({ id }) => id)).toContain('color-contrast');
  expect(scan.flaggedNodeGone).toBe(true);
});
