/** The report feature's public face (ARCHITECTURE.md "Doors"): what other features use of it. */
export { useBureauReportQuery } from './api.ts';
export { FACTOR_NAMES } from './factors.tsx';
export { ACCOUNT_TYPE_NAMES } from './format.ts';
