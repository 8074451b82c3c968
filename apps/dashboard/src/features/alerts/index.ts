/** The alerts feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { AlertsSection } from './alerts-section.tsx';
