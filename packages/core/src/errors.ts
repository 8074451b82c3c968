/**
 * The one error catalogue (spec 000 §8, spec 001 §8). Every message the specs name appears here
 * once, with its exact text (spelling included: the spec's "fiels", "permissiable" and "occured"
 * are what existing clients match on). Each entry carries the wire `statusCode` the envelope uses
 * and the HTTP status the server answers with.
 *
 * Each capability writes its entries in its own `<capability>/errors.ts` and adds one line to
 * ERROR_GROUPS below, so new modules do not all edit one object; errors.test.ts checks that no key
 * is defined twice (a later spread would silently replace an earlier entry).
 */
import { STORAGE_ERRORS } from './activity/errors.ts';
import { CONSENT_ERRORS } from './consent/errors.ts';
import { CLIENT_ERRORS } from './errors/client.ts';
import { DASHBOARD_ERRORS } from './errors/dashboard.ts';
import type { CatalogueEntry } from './errors/entry.ts';
import { VALIDATION_ERRORS } from './errors/validation.ts';
import { REQUEST_ERRORS } from './http/errors.ts';
import { LEAD_ERRORS } from './leads/errors.ts';
import { SHIELD_ERRORS } from './shield/errors.ts';
import { SSO_ERRORS } from './sso/errors.ts';

export type { CatalogueEntry } from './errors/entry.ts';

/** The catalogue's parts, one per capability; their keys must not overlap (errors.test.ts). */
export const ERROR_GROUPS = {
  shield: SHIELD_ERRORS,
  validation: VALIDATION_ERRORS,
  storage: STORAGE_ERRORS,
  client: CLIENT_ERRORS,
  dashboard: DASHBOARD_ERRORS,
  sso: SSO_ERRORS,
  consent: CONSENT_ERRORS,
  request: REQUEST_ERRORS,
  leads: LEAD_ERRORS,
} as const;

export const ERRORS = {
  ...SHIELD_ERRORS,
  ...VALIDATION_ERRORS,
  ...STORAGE_ERRORS,
  ...CLIENT_ERRORS,
  ...DASHBOARD_ERRORS,
  ...SSO_ERRORS,
  ...CONSENT_ERRORS,
  ...REQUEST_ERRORS,
  ...LEAD_ERRORS,
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

/** An error from the catalogue: code, exact message and HTTP status travel together. */
export class PraveshError extends Error {
  readonly key: ErrorKey;
  readonly code: string;
  readonly status: number;

  constructor(key: ErrorKey, params: Record<string, string | number> = {}) {
    const found: CatalogueEntry = ERRORS[key];
    super(typeof found.message === 'function' ? found.message(params) : found.message);
    this.name = 'PraveshError';
    this.key = key;
    this.code = found.code;
    this.status = found.status;
  }
}

/**
 * Also recognises catalogue errors from another bundle's copy of this class (the lazily loaded
 * visitor script carries its own), which `instanceof` cannot see.
 */
export function isPraveshError(error: unknown): error is PraveshError {
  if (error instanceof PraveshError) return true;
  if (!(error instanceof Error) || error.name !== 'PraveshError') return false;
  const candidate = error as Partial<PraveshError>;
  return (
    typeof candidate.code === 'string' && typeof candidate.status === 'number' && typeof candidate.key === 'string'
  );
}
