/** The holdings feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { HoldingsSection } from './holdings-section.tsx';
