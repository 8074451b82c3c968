/**
 * Resolves when the host page's main thread is idle (requestIdleCallback), or after `timeoutMs`
 * at the latest (its timeout option), so a widget's first mount runs in a task of its own, after
 * the page's pending work, instead of in the task that evaluated its script or the React runtime.
 * Where the browser has no requestIdleCallback (Safari), it resolves in the next task.
 */
export function hostIdle(view: Window, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof view.requestIdleCallback === 'function') {
      view.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else {
      view.setTimeout(resolve, 0);
    }
  });
}
