/**
 * The error catalogue as browser scripts carry it: errors.ts without its server-only groups
 * (SERVER_ERROR_GROUPS). packages/sdk/build.ts bundles this file wherever core imports errors.ts,
 * so the SDK's scripts stay within their gzip budgets as server capabilities add entries (issue
 * 14 §1). Same names as errors.ts; the entries are the same objects (errors.test.ts).
 */
import { BROWSER_ERRORS, BROWSER_ERROR_GROUPS } from './browser-groups.ts';
import { catalogueErrorClass } from './error-class.ts';

export type { CatalogueEntry } from './entry.ts';
export { BROWSER_ERRORS, BROWSER_ERROR_GROUPS } from './browser-groups.ts';

export const ERROR_GROUPS = BROWSER_ERROR_GROUPS;
export const ERRORS = BROWSER_ERRORS;
export type ErrorKey = keyof typeof ERRORS;

const errorClass = catalogueErrorClass<ErrorKey>(ERRORS);
export const PraveshError = errorClass.PraveshError;
export type PraveshError = InstanceType<typeof PraveshError>;
export const isPraveshError = errorClass.isPraveshError;
