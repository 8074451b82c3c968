import type { ConsentState } from '@pravesh/core';
import { createScriptLoader } from '../script-loader.ts';
import {
  CONSENT_PANEL_FILE,
  CONSENT_PANEL_GLOBAL,
  SANITIZER_FILE,
  SANITIZER_GLOBAL,
  WIDGET_REACT_FILE,
  WIDGET_REACT_GLOBAL,
} from './constants.ts';

/**
 * The contract between the consent client and the consent panel (packages/widgets, React, a
 * script of its own). The SDK never imports the panel: it loads the panel's scripts the first
 * time a contract must be shown, so pages that need no consent never download React.
 */

/** How a confirm or a cancel came about: spec 000 §4 counts click, submit and Enter as confirmed. */
export type ConsentTrigger = 'click' | 'submit' | 'enter' | 'escape' | 'api';

export interface ConsentPanelRequest {
  contractId: string;
  contractVersionId: string;
  /** The contract markup as the server sent it; the panel sanitises it (DOMPurify) before showing it. */
  markup: string;
  /**
   * Records the acceptance (userValue Y). While it runs the Accept button shows a spinner; when it
   * rejects the panel stays open and shows its error area ("Some Error occured!").
   */
  accept(consentState: ConsentState): Promise<void>;
  /** The error area's text, from the catalogue (spec 000 §2: "Some Error occured!"). */
  errorText: string;
}

/**
 * How the panel ended: accepted (already recorded), declined by the close button or Esc (the
 * client then records N), or dismissed by a click on the overlay — "without consent" (spec 000
 * §2): nothing is recorded and the panel is offered again on a later page.
 */
export type ConsentPanelResult =
  | { action: 'accepted'; consentState: ConsentState }
  | { action: 'declined'; consentState: ConsentState }
  | { action: 'dismissed' };

export type OpenConsentPanel = (request: ConsentPanelRequest) => Promise<ConsentPanelResult>;

/** spec 000 §4: 1 when the confirm came from a click, submit or Enter; 2 otherwise. */
export function consentStateOf(trigger: ConsentTrigger): ConsentState {
  return trigger === 'click' || trigger === 'submit' || trigger === 'enter' ? 1 : 2;
}

interface ConsentPanelModule {
  openConsentPanel: OpenConsentPanel;
}

const globalOf = (name: string) => (globalThis as Record<string, unknown>)[name];

const loadReact = createScriptLoader(() => globalOf(WIDGET_REACT_GLOBAL));
const loadSanitizer = createScriptLoader(() => globalOf(SANITIZER_GLOBAL));
const loadPanel = createScriptLoader(() => {
  const module = globalOf(CONSENT_PANEL_GLOBAL) as ConsentPanelModule | undefined;
  return typeof module?.openConsentPanel === 'function' ? module : undefined;
});

/** The three scripts of the panel, relative to `base` (the consent script's address). */
export function consentPanelScripts(base: string): { react: string; sanitizer: string; panel: string } {
  return {
    react: new URL(WIDGET_REACT_FILE, base).href,
    sanitizer: new URL(SANITIZER_FILE, base).href,
    panel: new URL(CONSENT_PANEL_FILE, base).href,
  };
}

/**
 * Adds the panel's scripts once: React (unless a widget already published it) and DOMPurify side
 * by side, then the panel, which reads both from their globals as it starts.
 */
export async function loadConsentPanel(base: string, nonce?: string): Promise<OpenConsentPanel> {
  const scripts = consentPanelScripts(base);
  await Promise.all([loadReact(scripts.react, nonce), loadSanitizer(scripts.sanitizer, nonce)]);
  return (await loadPanel(scripts.panel, nonce)).openConsentPanel;
}

/**
 * The sanitizer script (DOMPurify with the contract rules of the panel), loaded on its own when a
 * contract is shown inline in a page element (Consent.renderContract).
 */
export interface ContractSanitizer {
  /** The contract markup with no script, no event handler attributes and no javascript: links. */
  sanitizeContract(markup: string, document: Document): DocumentFragment;
}

export async function loadSanitizerScript(base: string, nonce?: string): Promise<ContractSanitizer> {
  await loadSanitizer(new URL(SANITIZER_FILE, base).href, nonce);
  return globalOf(SANITIZER_GLOBAL) as ContractSanitizer;
}
