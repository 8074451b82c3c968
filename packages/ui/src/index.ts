/**
 * @pravesh/ui: the design tokens and the React components every Pravesh front end shares
 * (ARCHITECTURE.md "Layout": `ui` ← widgets and the front-end apps).
 */
export * from './css/index.ts';
