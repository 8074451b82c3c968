import axe, { type AxeResults, type ElementContext, type PartialResults, type RunOptions } from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

/**
 * The journeys' axe-core scans: axe.runPartial in every frame and axe.finishRun over the parts,
 * the run @axe-core/playwright makes (its AxeBuilder.analyze, which the journeys used before), with
 * what made that run cost 40% of the e2e phase taken out (measured over the whole suite):
 *
 * - axe-core (550 KB) goes into a frame once, not again at every scan of the same document;
 * - finishRun runs in the page that was scanned, not in a new blank page opened for each scan
 *   (its own renderer, axe injected into it once more): finishRun only merges the frames' results,
 *   it reads no page;
 * - a frame's copy of axe-core has as long as an expect to load, not 1 s: on a loaded machine the
 *   1 s ran out, and axe then reported on the outer page alone without saying so.
 *
 * What axe checks and reports is unchanged: every result type is kept (resultTypes would drop the
 * passes that rules such as heading-order read across frames).
 */

/** The accessibility rules every journey checks (WCAG 2.2 AA as axe-core knows it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** How long a frame's copy of axe-core may take to load: the journeys' expect timeout. */
const INJECT_TIMEOUT_MS = 10_000;

interface AxeWindow {
  axe?: typeof axe;
}

/** Loads axe-core into the frame unless this document already has it. */
async function inject(frame: Frame): Promise<void> {
  const loaded = await frame.evaluate(() => (window as AxeWindow).axe?.version);
  if (loaded !== axe.version) await frame.evaluate(axe.source);
}

/** inject(), failing after INJECT_TIMEOUT_MS (a frame that never gets a document to run in). */
async function injectInTime(frame: Frame): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('axe-core did not load in a frame')), INJECT_TIMEOUT_MS);
  });
  try {
    await Promise.race([inject(frame), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The frame's runPartial and those of the frames inside it, depth first (the order finishRun
 * expects): null for a frame that could not be scanned (gone, or no axe-core in time), and for
 * every frame inside it.
 */
async function runPartials(frame: Frame, context: ElementContext, options: RunOptions): Promise<PartialResults> {
  // The arguments cross to the page as plain data (typed unknown: axe-core's selector types are
  // too deep for Playwright's argument types).
  const args: unknown = { within: context, runOptions: options };
  const frameContexts = await frame.evaluate((arg) => {
    const { within } = arg as { within: ElementContext };
    return (window as AxeWindow).axe!.utils.getFrameContexts(within);
  }, args);
  const own = frame.evaluate((arg) => {
    const { within, runOptions } = arg as { within: ElementContext; runOptions: RunOptions };
    return (window as AxeWindow).axe!.runPartial(within, runOptions);
  }, args);
  // Children load and start while the frame runs, as AxeBuilder does; a child's failure leaves
  // the frame's own result standing.
  own.catch(() => undefined);
  const children: Promise<PartialResults>[] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    children.push(
      (async () => {
        const element = await frame.evaluateHandle(
          (selector) => (window as AxeWindow).axe!.utils.shadowSelect(selector),
          frameSelector,
        );
        const child = await element.asElement()?.contentFrame();
        if (!child) return [null];
        await injectInTime(child);
        return runPartials(child, frameContext, options);
      })().catch(() => [null]),
    );
  }
  return [await own, ...(await Promise.all(children)).flat()];
}

/** One axe-core scan of the page (of `include` only, when given) against WCAG_TAGS. */
export async function axeScan(page: Page, { include }: { include?: string } = {}): Promise<AxeResults> {
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS } };
  const context: ElementContext = { exclude: [], include: include ? [include] : [] };
  const main = page.mainFrame();
  await inject(main);
  const partials = await runPartials(main, context, options);
  // As one string: half a megabyte of nested results crosses as JSON faster than as Playwright's
  // serialised values (AxeBuilder sends them the same way).
  const args: unknown = { parts: JSON.stringify(partials), runOptions: options };
  return main.evaluate(async (arg) => {
    const { parts, runOptions } = arg as { parts: string; runOptions: RunOptions };
    const pageAxe = (window as AxeWindow).axe!;
    const report = await pageAxe.finishRun(JSON.parse(parts) as PartialResults, runOptions);
    // The next scan of this document starts from axe-core as runPartial leaves it, caches cleared.
    pageAxe.teardown();
    return report;
  }, args);
}

/** Fails with each rule broken and the elements that break it. */
export function expectNoViolations(results: AxeResults, message?: string): void {
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => JSON.stringify(node.target)),
  }));
  expect(summary, message).toEqual([]);
}

/** Whether the scan reached into a frame: a node inside one is named [frame selector, inner selector]. */
export const reachedFrame = (results: AxeResults) =>
  results.passes.some((rule) => rule.nodes.some((node) => node.target.length > 1));

/** Whether the scan reached into a shadow root: a node inside one is named by [host selector, inner selector]. */
export const reachedShadowRoot = (results: AxeResults) =>
  results.passes.some((rule) => rule.nodes.some((node) => node.target.some((part) => Array.isArray(part))));
