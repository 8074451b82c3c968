/**
 * The one error catalogue (spec 000 §8, spec 001 §8). Every message the specs name appears here
 * once, with its exact text (spelling included: the spec's "fiels", "permissiable" and "occured"
 * are what existing clients match on). Each entry carries the wire `statusCode` the envelope uses
 * and the HTTP status the server answers with.
 *
 * Each capability writes its entries in its own `<capability>/errors.ts`: a new entry in an
 * existing group is that one edit. A new group is one line in a group list, errors/server-groups.ts
 * (a line that imports and names the group) for errors only the server raises, or
 * errors/browser-groups.ts for errors browser code throws or shows (an object literal there: a
 * namespace object would cost the size-bound visitor script bytes). ERRORS is built from the lists,
 * so this file is not edited. errors.test.ts checks that no key is defined twice (a later group would
 * silently replace an earlier entry).
 *
 * The SDK's scripts are built over errors/browser.ts instead of this file (packages/sdk/build.ts),
 * the same catalogue without the server-only groups, which keeps the visitor script within
 * its gzip budget by not shipping credit errors no browser code raises.
 */
import { BROWSER_ERROR_GROUPS } from './errors/browser-groups.ts';
import { flattenGroups } from './errors/entry.ts';
import { catalogueErrorClass } from './errors/error-class.ts';
import * as SERVER_ONLY_GROUPS from './errors/server-groups.ts';

export type { CatalogueEntry } from './errors/entry.ts';
export { BROWSER_ERRORS, BROWSER_ERROR_GROUPS } from './errors/browser-groups.ts';

/** Groups only server modules raise (never thrown in a browser), listed in errors/server-groups.ts. */
export const SERVER_ERROR_GROUPS = { ...SERVER_ONLY_GROUPS } as const;

/** The catalogue's parts, one per capability; their keys must not overlap (errors.test.ts). */
export const ERROR_GROUPS = { ...BROWSER_ERROR_GROUPS, ...SERVER_ERROR_GROUPS } as const;

/** Every entry of the catalogue, by key: a new group is named once, in its group list. */
export const ERRORS = flattenGroups(ERROR_GROUPS);

export type ErrorKey = keyof typeof ERRORS;

const errorClass = catalogueErrorClass<ErrorKey>(ERRORS);

/** An error from the catalogue: code, exact message and HTTP status travel together. */
export const PraveshError = errorClass.PraveshError;
export type PraveshError = InstanceType<typeof PraveshError>;

/**
 * Also recognises catalogue errors from another bundle's copy of this class (the lazily loaded
 * visitor script carries its own), which `instanceof` cannot see.
 */
export const isPraveshError = errorClass.isPraveshError;
