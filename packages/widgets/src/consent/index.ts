/**
 * The consent panel (spec 000 §2 "Consent panel / overlay", §4 "Consent"), rendered into a shadow
 * root. Also the entry of its own script (packages/sdk/dist/widgets/pravesh-consent-panel.js,
 * global `PraveshConsentPanel`), which the consent client loads the first time a contract must be
 * shown; React and DOMPurify come from the scripts beside it (react-runtime.ts, sanitizer-entry.ts).
 */
export { openConsentPanel, CONSENT_HOST_TAG, type OpenConsentPanelOptions } from './open.tsx';
export { ConsentPanel, UPDATED_TERMS_FALLBACK, type ConsentPanelProps } from './consent-panel.tsx';
export { CONTRACT_SANITIZE_CONFIG, sanitizeContract } from './sanitize.ts';
export {
  adoptConsentStyles,
  CONSENT_CSS,
  CONSENT_MOBILE_BREAKPOINT_PX,
  CONSENT_PANEL_WIDTH_PX,
  CONSENT_PANEL_Z_INDEX,
} from './styles.ts';
