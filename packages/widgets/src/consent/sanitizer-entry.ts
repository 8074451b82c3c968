/**
 * Entry of packages/sdk/dist/widgets/pravesh-dompurify.js (global `PraveshDOMPurify`): DOMPurify
 * and the contract rules, loaded beside the consent panel (and by Consent.renderContract for a
 * contract shown inline), so the panel's own script stays small.
 */
export { default as DOMPurify } from 'dompurify';
export { CONTRACT_SANITIZE_CONFIG, sanitizeContract } from './sanitize.ts';
