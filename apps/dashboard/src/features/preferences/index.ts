/** The preferences feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { PreferencesForm } from './preferences-form.tsx';
