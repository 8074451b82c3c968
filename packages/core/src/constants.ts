/**
 * Business constants of spec 000 §9 and spec 001 §9 that both server and browser need.
 */

/** The six environments of spec 000 §9. */
export const ENVIRONMENTS = ['development', 'development_int', 'fte', 'staging', 'local', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Pass token validity default (spec 000 §9): 900 s. */
export const DEFAULT_PASS_TOKEN_VALIDITY_SECONDS = 900;
/** Every call's timeout (spec 000 §7, §9). */
export const REQUEST_TIMEOUT_MS = 100_000;
/** Device metadata cache in session storage (spec 000 §9). */
export const DEVICE_CACHE_MS = 60_000;
/** Screen dimensions are capped in the fingerprint (spec 000 §3). */
export const MAX_SCREEN_WIDTH = 7681;
export const MAX_SCREEN_HEIGHT = 4321;
/** A pass token larger than this is refused before any parsing (oversized tokens). */
export const MAX_PASS_TOKEN_BYTES = 8 * 1024;
/** Tolerated clock difference between browser and server when checking exp. */
export const CLOCK_SKEW_SECONDS = 60;

/** Header and query names of the shield (spec 000 §1, §5). */
export const PASS_TOKEN_HEADER = 'pb-pass-token';
export const PASS_TOKEN_QUERY = 'pb-pass-token';
export const NO_PASS_HEADER = 'no-pass';

/** Shield versions seen per config (spec 000 §9); the newest is what this build speaks. */
export const SHIELD_VERSIONS = [38, 55, 79, 130, 132, 171, 245, 824, 1001] as const;
export const CURRENT_SHIELD_VERSION = 1001;

/** Cookie names depend on the environment (spec 000 §9). */
export function visitorCookieName(environment: Environment): string {
  return environment === 'production' ? 'GUC' : 'PBGUC_DEV';
}
export function sessionCookieNames(environment: Environment): { token: string; exists: string } {
  const suffix = environment === 'production' ? '' : '_DEV';
  return { token: `PB_GLSS_TOKEN${suffix}`, exists: `PB_GLSS_TOKEN_EXISTS${suffix}` };
}

/** Products allowed in shared data items (spec 000 §5); updates also allow PCO and BUREAU. */
export const DATA_PRODUCTS = ['PL', 'CC', 'HL', 'DL', 'BL', 'MF', 'HLBT', 'LAP'] as const;
export const UPDATE_ONLY_PRODUCTS = ['PCO', 'BUREAU'] as const;

/** spec 000 §5: "Payload types allowed: report, lead" (a shared data item's type). */
export const ITEM_PAYLOAD_TYPES = ['report', 'lead'] as const;

/** Credit bureaus in same-day priority order (spec 000 §9, spec 001 §1). */
export const BUREAUS = ['CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX'] as const;
export type Bureau = (typeof BUREAUS)[number];
