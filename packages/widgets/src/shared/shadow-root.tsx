import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptStyleSheet } from './styles.ts';

/**
 * What every widget does around its own component: a host element with a shadow root that keeps
 * the page's CSS out, the widget's stylesheet adopted into it, the rest of the page inert while it
 * is open, and on close everything given back as it was (focus, inertness, scroll when locked).
 */

/** The rest of the page is inert while a widget is open: no focus, no clicks, not read out. */
function makeOthersInert(doc: Document, keep: Element): () => void {
  const changed: HTMLElement[] = [];
  for (const child of Array.from(doc.body.children)) {
    if (child === keep || !(child instanceof HTMLElement) || child.hasAttribute('inert')) continue;
    child.setAttribute('inert', '');
    changed.push(child);
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}

/** The element focused before opening, looking through shadow roots. */
function focusedElement(doc: Document): HTMLElement | undefined {
  let element: Element | null = doc.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element instanceof HTMLElement && element !== doc.body ? element : undefined;
}

export interface ShadowWidgetOptions<Result> {
  document: Document;
  /** The host element's tag name. */
  tagName: string;
  /** The widget's stylesheet, adopted into the shadow root. */
  css: string;
  /** data-* attributes of the host (dataset names). */
  dataset?: Record<string, string>;
  /** Locks the page's scroll while open (e.g. a modal) and gives it back on close. */
  lockScroll?(doc: Document): () => void;
  /** Runs once the widget has closed and the page is restored, just before the promise resolves. */
  onClosed?(): void;
  /** The widget's element; it calls finish once, with how it ended. */
  render(finish: (result: Result) => void): ReactNode;
}

/** Renders a widget into a fresh shadow root on the page; resolves with its result once it has closed. */
export function openInShadowRoot<Result>(options: ShadowWidgetOptions<Result>): Promise<Result> {
  const doc = options.document;
  const host = doc.createElement(options.tagName);
  // Inline and important: no page rule can hide or move the host.
  host.style.setProperty('display', 'block', 'important');
  host.style.setProperty('position', 'static', 'important');
  Object.assign(host.dataset, options.dataset);
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyleSheet(shadow, options.css);
  const container = doc.createElement('div');
  shadow.appendChild(container);

  const previousFocus = focusedElement(doc);
  const unlockScroll = options.lockScroll?.(doc);
  doc.body.appendChild(host);
  const restoreInert = makeOthersInert(doc, host);
  const root = createRoot(container);

  return new Promise<Result>((resolve) => {
    const finish = (result: Result) => {
      // Close and restore first (outside React's own event dispatch), then answer.
      queueMicrotask(() => {
        root.unmount();
        host.remove();
        restoreInert();
        unlockScroll?.();
        if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
        options.onClosed?.();
        resolve(result);
      });
    };
    root.render(options.render(finish));
  });
}
