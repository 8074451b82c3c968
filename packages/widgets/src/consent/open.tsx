import { createRoot } from 'react-dom/client';
import type { ConsentPanelRequest, ConsentPanelResult } from '@pravesh/sdk';
import { ConsentPanel } from './consent-panel.tsx';
import { adoptConsentStyles } from './styles.ts';

/** The element the panel is rendered under; its shadow root keeps the page's CSS out. */
export const CONSENT_HOST_TAG = 'pravesh-consent';

export interface OpenConsentPanelOptions {
  /** The page the panel opens on; default the global document. */
  document?: Document;
}

let active: Promise<ConsentPanelResult> | undefined;

/** The rest of the page is inert while the panel is open: no focus, no clicks, not read out. */
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

/**
 * Opens the consent panel (spec 000 §2 "Consent panel / overlay") and resolves with how it ended,
 * once it has closed and the page is as it was (focus and inertness restored). Accept records the
 * consent through request.accept before the panel closes. While one panel is open, opening again
 * answers the open one's result.
 */
export function openConsentPanel(
  request: ConsentPanelRequest,
  options: OpenConsentPanelOptions = {},
): Promise<ConsentPanelResult> {
  if (active) return active;
  const doc = options.document ?? document;
  const view = doc.defaultView;
  if (!view) return Promise.reject(new Error('the consent panel needs a window'));

  const host = doc.createElement(CONSENT_HOST_TAG);
  // Inline and important: no page rule can hide or move the host.
  host.style.setProperty('display', 'block', 'important');
  host.style.setProperty('position', 'static', 'important');
  host.dataset.contractId = request.contractId;
  host.dataset.contractVersionId = request.contractVersionId;
  const shadow = host.attachShadow({ mode: 'open' });
  adoptConsentStyles(shadow);
  const container = doc.createElement('div');
  shadow.appendChild(container);

  const previousFocus = focusedElement(doc);
  doc.body.appendChild(host);
  const restoreInert = makeOthersInert(doc, host);
  const root = createRoot(container);

  const opened = new Promise<ConsentPanelResult>((resolve) => {
    const onFinish = (result: ConsentPanelResult) => {
      // Close first (outside React's own event dispatch), then answer.
      queueMicrotask(() => {
        root.unmount();
        host.remove();
        restoreInert();
        if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
        active = undefined;
        resolve(result);
      });
    };
    root.render(
      <ConsentPanel
        markup={request.markup}
        onAccept={(consentState) => request.accept(consentState)}
        onFinish={onFinish}
        view={view}
        errorText={request.errorText}
      />,
    );
  });
  active = opened;
  return opened;
}
