import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_PANEL_GLOBAL, SANITIZER_GLOBAL, WIDGET_REACT_GLOBAL } from './constants.ts';
import { consentPanelScripts, consentStateOf, loadConsentPanel } from './panel.ts';

const scope = globalThis as Record<string, unknown>;

afterEach(() => {
  delete scope[WIDGET_REACT_GLOBAL];
  delete scope[SANITIZER_GLOBAL];
  delete scope[CONSENT_PANEL_GLOBAL];
});

describe('spec 000 §4: consentState 1 when the confirm came from click, submit or Enter, 2 otherwise', () => {
  it.each([
    ['click', 1],
    ['submit', 1],
    ['enter', 1],
    ['escape', 2],
    ['api', 2],
  ] as const)('%s → %i', (trigger, state) => {
    expect(consentStateOf(trigger)).toBe(state);
  });
});

describe('the panel scripts', () => {
  it('sit in widgets/ beside the consent script', () => {
    expect(consentPanelScripts('https://api.example.in/sdk/pravesh-consent.js')).toEqual({
      react: 'https://api.example.in/sdk/widgets/pravesh-react.js',
      sanitizer: 'https://api.example.in/sdk/widgets/pravesh-dompurify.js',
      panel: 'https://api.example.in/sdk/widgets/pravesh-consent-panel.js',
    });
  });

  it('are not loaded again once their globals exist (React published by the sign-in widget)', async () => {
    const openConsentPanel = () => Promise.resolve({ action: 'dismissed' as const });
    scope[WIDGET_REACT_GLOBAL] = {};
    scope[SANITIZER_GLOBAL] = {};
    scope[CONSENT_PANEL_GLOBAL] = { openConsentPanel };
    // No document here: any script tag would throw, so answering proves nothing was added.
    await expect(loadConsentPanel('https://api.example.in/sdk/pravesh-consent.js')).resolves.toBe(openConsentPanel);
  });
});
