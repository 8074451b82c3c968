/**
 * The catalogue groups only server modules raise (never thrown in a browser), one line each: the
 * line both imports a capability's group and names it, so a new server-only group is one edit
 * here and errors.ts stays as it is. errors/browser.ts never imports this file, so the SDK's
 * scripts do not carry these groups (their gzip budgets, packages/sdk/build.ts).
 */
export { CREDIT_ERRORS as credit } from '../credit/errors.ts';
export { CREDIT_ALERT_ERRORS as creditAlerts } from '../credit-alerts/errors.ts';
export { LEAD_ERRORS as leads } from '../leads/errors.ts';
export { ADD_ON_ERRORS as addOns } from '../add-ons/errors.ts';
export { INVOICE_ERRORS as invoices } from '../invoices/errors.ts';
export { HOLDINGS_ERRORS as holdings } from '../holdings/errors.ts';
export { AGGREGATOR_ERRORS as aggregator } from '../aggregator/errors.ts';
export { SELF_SERVICE_ERRORS as selfService } from '../self-service/errors.ts';
export { SUPPORT_ERRORS as support } from '../support/errors.ts';
export { PROFILE_ERRORS as profile } from '../profile/errors.ts';
export { DATA_RIGHTS_ERRORS as dataRights } from '../data-rights/errors.ts';
export { SSO_SERVER_ERRORS as ssoServer } from '../sso/server-errors.ts';
export { SERVER_REQUEST_ERRORS as serverRequest } from '../http/server-errors.ts';
