/** The errors feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { ErrorPage } from './error-page.tsx';
