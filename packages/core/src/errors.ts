/**
 * The one error catalogue (spec 000 §8, spec 001 §8). Every message the specs name appears here
 * once, with its exact text (spelling included: the spec's "fiels", "permissiable" and "occured"
 * are what existing clients match on). Each entry carries the wire `statusCode` the envelope uses
 * and the HTTP status the server answers with.
 *
 * Each capability writes its entries in its own `<capability>/errors.ts` and adds one line to a
 * group list: errors/browser-groups.ts for errors browser code throws or shows, SERVER_ERROR_GROUPS
 * below for errors only the server raises; ERRORS is built from the lists. errors.test.ts checks
 * that no key is defined twice (a later group would silently replace an earlier entry).
 *
 * The SDK's scripts are built over errors/browser.ts instead of this file (packages/sdk/build.ts),
 * the same catalogue without the server-only groups: issue 14 §1 keeps the visitor script within
 * its gzip budget by not shipping credit errors no browser code raises.
 */
import { ADD_ON_ERRORS } from './add-ons/errors.ts';
import { AGGREGATOR_ERRORS } from './aggregator/errors.ts';
import { CREDIT_ERRORS } from './credit/errors.ts';
import { CREDIT_ALERT_ERRORS } from './credit-alerts/errors.ts';
import { DATA_RIGHTS_ERRORS } from './data-rights/errors.ts';
import { BROWSER_ERROR_GROUPS } from './errors/browser-groups.ts';
import { flattenGroups } from './errors/entry.ts';
import { catalogueErrorClass } from './errors/error-class.ts';
import { LEAD_ERRORS } from './leads/errors.ts';
import { INVOICE_ERRORS } from './invoices/errors.ts';
import { PROFILE_ERRORS } from './profile/errors.ts';
import { SELF_SERVICE_ERRORS } from './self-service/errors.ts';
import { SSO_SERVER_ERRORS } from './sso/server-errors.ts';
import { SERVER_REQUEST_ERRORS } from './http/server-errors.ts';
import { SUPPORT_ERRORS } from './support/errors.ts';

export type { CatalogueEntry } from './errors/entry.ts';
export { BROWSER_ERRORS, BROWSER_ERROR_GROUPS } from './errors/browser-groups.ts';

/** Groups only server modules raise (never thrown in a browser). */
export const SERVER_ERROR_GROUPS = {
  credit: CREDIT_ERRORS,
  creditAlerts: CREDIT_ALERT_ERRORS,
  leads: LEAD_ERRORS,
  addOns: ADD_ON_ERRORS,
  invoices: INVOICE_ERRORS,
  aggregator: AGGREGATOR_ERRORS,
  selfService: SELF_SERVICE_ERRORS,
  support: SUPPORT_ERRORS,
  profile: PROFILE_ERRORS,
  dataRights: DATA_RIGHTS_ERRORS,
  ssoServer: SSO_SERVER_ERRORS,
  serverRequest: SERVER_REQUEST_ERRORS,
} as const;

/** The catalogue's parts, one per capability; their keys must not overlap (errors.test.ts). */
export const ERROR_GROUPS = { ...BROWSER_ERROR_GROUPS, ...SERVER_ERROR_GROUPS } as const;

/** Every entry of the catalogue, by key: a new group is named once, in its list above. */
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
