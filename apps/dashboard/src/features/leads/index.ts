/** The leads feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { LeadsSection } from './leads-section.tsx';
export { LEADS_TAG } from './api.ts';
