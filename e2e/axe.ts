import axe, { type ElementContext, type PartialResults, type Result, type RunOptions } from 'axe-core';
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
 * - the page's own results (half a megabyte: every passing node, described) stay in the page for
 *   finishRun, and the scan answers what the journeys read of the report; every byte that crosses
 *   to the test is also written into the journey's trace;
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

/** What a scan answers: axe's violations, and whether its passes include nodes inside a frame or a shadow root. */
export interface AxeScan {
  violations: Result[];
  /** A node inside a frame is named [frame selector, inner selector]. */
  reachedFrame: boolean;
  /** A node inside a shadow root is named by [host selector, inner selector]. */
  reachedShadowRoot: boolean;
  /**
   * A violation names a node of this document that is no longer on the page: the page re-rendered
   * it during the scan (a status landing from the server), and axe measured the detached copy —
   * color-contrast then finds no background behind it — and, finding nothing its selector matches,
   * named it ':root' (axe-core getSelector).
   */
  flaggedNodeGone: boolean;
}

interface AxeWindow {
  axe?: typeof axe;
  /** The main frame's runPartial while the frames inside it run (see axeScan). */
  praveshAxeRun?: Promise<axe.PartialResult>;
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

// The arguments cross to the page as plain data, typed unknown: axe-core's selector types are too
// deep for Playwright's argument types.
interface RunArgs {
  within: ElementContext;
  runOptions: RunOptions;
}

/**
 * The partial results of the frames inside `frame`, depth first (the order finishRun expects),
 * `frameContexts` being where axe found them: null for a frame that could not be scanned (gone, or
 * no axe-core in time), and for every frame inside it.
 */
async function framesWithin(
  frame: Frame,
  frameContexts: axe.FrameContext[],
  runOptions: RunOptions,
): Promise<PartialResults> {
  const children = frameContexts.map(async ({ frameSelector, frameContext }) => {
    try {
      const element = await frame.evaluateHandle(
        (selector) => (window as AxeWindow).axe!.utils.shadowSelect(selector),
        frameSelector,
      );
      const child = await element.asElement()?.contentFrame();
      if (!child) return [null];
      await injectInTime(child);
      return await framePartials(child, frameContext, runOptions);
    } catch {
      return [null];
    }
  });
  return (await Promise.all(children)).flat();
}

/** A frame's runPartial and those of the frames inside it (framesWithin). */
async function framePartials(frame: Frame, within: ElementContext, runOptions: RunOptions): Promise<PartialResults> {
  const args: unknown = { within, runOptions } satisfies RunArgs;
  const frameContexts = await frame.evaluate((arg) => {
    const { within } = arg as RunArgs;
    return (window as AxeWindow).axe!.utils.getFrameContexts(within);
  }, args);
  // Started before the frames inside are walked, which load and run meanwhile, as AxeBuilder does.
  const own = frame.evaluate((arg) => {
    const { within, runOptions } = arg as RunArgs;
    return (window as AxeWindow).axe!.runPartial(within, runOptions);
  }, args);
  own.catch(() => undefined);
  const inside = await framesWithin(frame, frameContexts, runOptions);
  return [await own, ...inside];
}

/** One axe-core scan of the page (of `include` only, when given) against WCAG_TAGS. */
export async function axeScan(page: Page, { include }: { include?: string } = {}): Promise<AxeScan> {
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS } };
  const within: ElementContext = { exclude: [], include: include ? [include] : [] };
  const main = page.mainFrame();
  await inject(main);
  const args: unknown = { within, runOptions } satisfies RunArgs;
  const frameContexts = await main.evaluate((arg) => {
    const { within, runOptions } = arg as RunArgs;
    const pageWindow = window as AxeWindow;
    const frameContexts = pageWindow.axe!.utils.getFrameContexts(within);
    pageWindow.praveshAxeRun = pageWindow.axe!.runPartial(within, runOptions);
    // Awaited below; until then a failure must not surface as the page's unhandled rejection.
    pageWindow.praveshAxeRun.catch(() => undefined);
    return frameContexts;
  }, args);
  const inside = await framesWithin(main, frameContexts, runOptions);
  const finishArgs: unknown = { inside: JSON.stringify(inside), runOptions };
  return main.evaluate(async (arg) => {
    const { inside, runOptions } = arg as { inside: string; runOptions: RunOptions };
    const pageWindow = window as AxeWindow;
    const pageAxe = pageWindow.axe!;
    const run = pageWindow.praveshAxeRun!;
    delete pageWindow.praveshAxeRun;
    const own = await run;
    const report = await pageAxe.finishRun([own, ...(JSON.parse(inside) as PartialResults)], runOptions);
    // The next scan of this document starts from axe-core as runPartial leaves it, caches cleared.
    pageAxe.teardown();
    const passingTargets = report.passes.flatMap((rule) => rule.nodes.map((node) => node.target));
    // A target of one part is in this document (more parts: frames, whose nodes are left alone).
    const flaggedNodeGone = report.violations.some((violation) =>
      violation.nodes.some(({ target }) => target.length === 1 && !pageAxe.utils.shadowSelect(target[0]!)),
    );
    return {
      violations: report.violations,
      flaggedNodeGone,
      reachedFrame: passingTargets.some((target) => target.length > 1),
      reachedShadowRoot: passingTargets.some((target) => target.some((part) => Array.isArray(part))),
    };
  }, finishArgs);
}

/** Fails with each rule broken and the elements that break it. */
export function expectNoViolations({ violations }: AxeScan, message?: string): void {
  const summary = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => JSON.stringify(node.target)),
  }));
  expect(summary, message).toEqual([]);
}
