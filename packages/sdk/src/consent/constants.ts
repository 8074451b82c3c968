/**
 * Client-only constants of the consent client: where its scripts are and how long its cookies
 * live. The contract with the server (routes, payloads, cookie names) is in core
 * (packages/core/src/consent).
 */

/** The consent client's own script beside the core script (Pravesh.loadConsent adds it). */
export const CONSENT_SCRIPT = 'pravesh-consent.js';
export const CONSENT_GLOBAL = 'PraveshConsent';

/**
 * The consent panel (packages/widgets, React) and what it needs, beside the consent script. The
 * panel script carries only its own code; React and DOMPurify are scripts of their own, so React
 * is shared with any other widget that publishes it (the sign-in widget does).
 */
export const CONSENT_PANEL_FILE = 'widgets/pravesh-consent-panel.js';
export const CONSENT_PANEL_GLOBAL = 'PraveshConsentPanel';
export const WIDGET_REACT_FILE = 'widgets/pravesh-react.js';
export const WIDGET_REACT_GLOBAL = 'PraveshReact';
export const SANITIZER_FILE = 'widgets/pravesh-dompurify.js';
export const SANITIZER_GLOBAL = 'PraveshDOMPurify';

/** spec 000 §9: "365 days default for other cookies". */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** How often a settled consent is asked about again (spec 000 §5: a daily date, a monthly check). */
export type ConsentPeriod = 'day' | 'month';
