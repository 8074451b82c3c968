import { STORAGE_ERRORS } from '../activity/errors.ts';
import { CONSENT_ERRORS } from '../consent/errors.ts';
import { REQUEST_ERRORS } from '../http/errors.ts';
import { SHIELD_ERRORS } from '../shield/errors.ts';
import { SSO_ERRORS } from '../sso/errors.ts';
import { CLIENT_ERRORS } from './client.ts';
import { DASHBOARD_ERRORS } from './dashboard.ts';
import { flattenGroups } from './entry.ts';
import { VALIDATION_ERRORS } from './validation.ts';

/**
 * The catalogue groups that browser code (SDK, widgets, pages) throws or shows. Groups only the
 * server raises are listed in errors/server-groups.ts instead, so the SDK's scripts, built
 * over errors/browser.ts, never carry them.
 */
export const BROWSER_ERROR_GROUPS = {
  shield: SHIELD_ERRORS,
  validation: VALIDATION_ERRORS,
  storage: STORAGE_ERRORS,
  client: CLIENT_ERRORS,
  dashboard: DASHBOARD_ERRORS,
  sso: SSO_ERRORS,
  consent: CONSENT_ERRORS,
  request: REQUEST_ERRORS,
} as const;

/** Every entry of BROWSER_ERROR_GROUPS, by key. */
export const BROWSER_ERRORS = flattenGroups(BROWSER_ERROR_GROUPS);
