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

/**
 * Puts the nudge on the page (the loader's mountNudge). Unlike the modal widgets it leaves the
 * page usable: a non-modal panel, so nothing is made inert and the scroll is never locked. The
 * host is a zero-size static element; everything inside is position: fixed, so adding it moves
 * nothing on the page (CLS 0).
 */
export function mountNudge(context: NudgeMountContext): Promise<NudgeWidget> {
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
  const root = createRoot(container);
  const bus = commandBus();
  // The first render as a transition: React renders it in slices of a few ms that yield to the
  // page between them, instead of one long task that blocks the host page's input (the nudge-host-page
  // bench: TBT with the nudge under 4× CPU). root.render was never synchronous either: the tree
  // mounts in a later task in both cases.
  startTransition(() => root.render(<Nudge context={context} commands={bus} />));
  let destroyed = false;
  const send = (command: NudgeCommand) => () => {
    if (!destroyed) bus.send(command);
  };
  return Promise.resolve({
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
  });
}
