import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { NudgeCommand, NudgeMountContext, NudgeWidget } from '@pravesh/sdk/nudge';
import { adoptStyleSheet } from '../shared/styles.ts';
import { Nudge, type CommandSource } from './nudge.tsx';
import { NUDGE_CSS } from './styles.ts';

/** The element the nudge renders under; its shadow root keeps the page's CSS out. */
export const NUDGE_HOST_TAG = 'pravesh-nudge';

function commandBus(): CommandSource & { send(command: NudgeCommand): void } {
  const listeners = new Set<(command: NudgeCommand) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(command) {
      for (const listener of listeners) listener(command);
    },
  };
}

/** Waits before the next step of the mount; the default goes on at once (unit tests). */
export type MountStepYield = () => Promise<void>;

/**
 * Puts the nudge on the page (the loader's mountNudge). Unlike the modal widgets it leaves the
 * page usable: a non-modal panel, so nothing is made inert and the scroll is never locked. The
 * host is a zero-size static element; everything inside is position: fixed, so adding it moves
 * nothing on the page (CLS 0).
 *
 * The mount is three steps, with `yieldToHost` between them (script.ts: the host page's next idle
 * moment), so none of them is one long task on the host page's main thread (spec 000 §2, the
 * nudge is beside the page, never ahead of it; bench nudge-host-page, TBT under 4× CPU): parsing
 * the stylesheet (~30 KB of CSS), creating the root and the first render. On the page the runtime
 * is Preact's React layer (docs/decisions/0011-widgets-run-on-preact-compat.md), whose root costs
 * nothing to create and whose first render runs whole, in one task of its own; with React (the
 * unit tests) the first render is a transition rendered in slices that yield.
 */
export async function mountNudge(
  context: NudgeMountContext,
  yieldToHost: MountStepYield = () => Promise.resolve(),
): Promise<NudgeWidget> {
  const doc = context.document;
  const existing = doc.querySelector(NUDGE_HOST_TAG);
  if (existing) existing.remove();
  const host = doc.createElement(NUDGE_HOST_TAG);
  host.style.setProperty('display', 'block', 'important');
  host.style.setProperty('position', 'static', 'important');
  host.style.setProperty('height', '0', 'important');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyleSheet(shadow, NUDGE_CSS);
  const container = doc.createElement('div');
  shadow.appendChild(container);
  doc.body.appendChild(host);
  await yieldToHost();
  const root = createRoot(container);
  const bus = commandBus();
  await yieldToHost();
  // The first render as a transition: React renders it in slices of a few ms that yield to the
  // page between them; Preact's startTransition renders at once, in this idle callback's task.
  startTransition(() => root.render(<Nudge context={context} commands={bus} />));
  let destroyed = false;
  const send = (command: NudgeCommand) => () => {
    if (!destroyed) bus.send(command);
  };
  return {
    open: send('open'),
    close: send('close'),
    toggle: send('toggle'),
    refresh: send('refresh'),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      root.unmount();
      host.remove();
    },
  };
}
