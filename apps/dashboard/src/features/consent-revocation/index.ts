/** The consent-revocation feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { ConsentList } from './consent-list.tsx';
