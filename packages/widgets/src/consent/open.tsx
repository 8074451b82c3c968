import type { ConsentPanelRequest, ConsentPanelResult } from '@pravesh/sdk';
import { openInShadowRoot } from '../shared/shadow-root.tsx';
import { ConsentPanel } from './consent-panel.tsx';
import { CONSENT_CSS } from './styles.ts';

/** The element the panel is rendered under; its shadow root keeps the page's CSS out. */
export const CONSENT_HOST_TAG = 'pravesh-consent';

export interface OpenConsentPanelOptions {
  /** The page the panel opens on; default the global document. */
  document?: Document;
}

let active: Promise<ConsentPanelResult> | undefined;

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

  active = openInShadowRoot<ConsentPanelResult>({
    document: doc,
    tagName: CONSENT_HOST_TAG,
    css: CONSENT_CSS,
    dataset: { contractId: request.contractId, contractVersionId: request.contractVersionId },
    onClosed: () => {
      active = undefined;
    },
    render: (finish) => (
      <ConsentPanel
        markup={request.markup}
        onAccept={(consentState) => request.accept(consentState)}
        onFinish={finish}
        view={view}
        errorText={request.errorText}
      />
    ),
  });
  return active;
}
