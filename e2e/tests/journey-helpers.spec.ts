import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { axeScan } from '../axe.ts';
import { animationsSettled } from '../support.ts';

/**
 * What the journeys' checks rest on. The axe scan tells a violation on a node the page replaced
 * during the scan (a status landing from the server while axe runs) from one on the page as it
 * stands: expectAxeClean scans again only in the first case. animationsSettled waits for fades in
 * shadow trees too, where the nudge and the consent panel draw, and for those a fade's end starts.
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

/** A host whose shadow tree fades a dialog in; its end appends a row that fades in too. */
async function fadingShadowDialog(page: Page): Promise<void> {
  await page.setContent('<main><h1>Offers</h1><offer-host></offer-host></main>');
  await page.evaluate(() => {
    const root = document.querySelector('offer-host')!.attachShadow({ mode: 'open' });
    root.innerHTML =
      '<style>@keyframes fade { from { opacity: 0 } to { opacity: 1 } } .fading { animation: fade 600ms }</style>' +
      '<div role="dialog" aria-label="Offers" class="fading"><p>Pre-approved</p></div>';
    // Once: the row's own animationend bubbles up to the dialog.
    root.querySelector('[role=dialog]')!.addEventListener(
      'animationend',
      () => {
        const row = document.createElement('p');
        row.className = 'fading';
        row.textContent = 'Apply now';
        root.querySelector('[role=dialog]')!.append(row);
      },
      { once: true },
    );
  });
}

/** The running animations of the host's shadow tree. */
const runningInShadow = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('offer-host')!
        .shadowRoot!.getAnimations()
        .filter((animation) => animation.playState === 'running').length,
  );

test('animations settle inside a shadow tree, with those a finished one starts', async ({ page }) => {
  await fadingShadowDialog(page);
  expect(await runningInShadow(page)).toBe(1);
  await animationsSettled(page);
  expect(await runningInShadow(page)).toBe(0);
  await expect(page.locator('offer-host').getByText('Apply now')).toBeVisible();
});

test('animations settle within a shadow host named as the scope', async ({ page }) => {
  await fadingShadowDialog(page);
  await animationsSettled(page.locator('offer-host'));
  expect(await runningInShadow(page)).toBe(0);
  await expect(page.locator('offer-host').getByText('Apply now')).toBeVisible();
});
