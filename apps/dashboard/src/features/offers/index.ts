/** The offers feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { OffersSection } from './offers-section.tsx';
