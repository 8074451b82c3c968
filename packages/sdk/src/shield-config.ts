import {
  CURRENT_SHIELD_VERSION,
  DEFAULT_PASS_TOKEN_VALIDITY_SECONDS,
  ENVIRONMENTS,
  findSite,
  PraveshError,
  SITE_IDS,
  type Environment,
  type ShieldConfig,
  type VisitorCookieKeys,
} from '@pravesh/core';

/**
 * Hand-written checks instead of core's zod schemas: the SDK ships in a 12 KB script and zod
 * alone is several times that. The messages are the catalogue's (spec 000 §5, §8).
 */

/** What createPravesh needs to know before it can fetch its shield config. */
export interface ClientOptions {
  /** Origin (and optional path prefix) of the API; '' means the page's own origin. */
  apiBaseUrl: string;
  siteId: number;
  environment: Environment;
}

type Loose<T> = { [K in keyof T]?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function invalid(detail: string): PraveshError {
  return new PraveshError('badRequest', { detail });
}

function siteIdOf(value: unknown): number {
  const site = findSite(value);
  if (!site) throw new PraveshError('invalidSiteId', { id: String(value), valid: SITE_IDS.join(', ') });
  return site.id;
}

function environmentOf(value: unknown, where: string): Environment {
  const found = ENVIRONMENTS.find((environment) => environment === value);
  if (!found) throw invalid(`${where} environment must be one of ${ENVIRONMENTS.join(', ')}`);
  return found;
}

/** spec 000 §5: "environment and siteId are required" — the list names only what is missing. */
export function validateClientOptions(options: Loose<ClientOptions> | undefined): ClientOptions {
  const input: Loose<ClientOptions> = isRecord(options) ? options : {};
  const missing = (['environment', 'siteId'] as const).filter((key) => isBlank(input[key]));
  if (missing.length > 0) throw new PraveshError('required', { list: missing.join(', ') });
  const environment = environmentOf(input.environment, 'client');
  const siteId = siteIdOf(input.siteId);
  const { apiBaseUrl = '' } = input;
  if (typeof apiBaseUrl !== 'string') throw invalid('apiBaseUrl must be a string');
  return { apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''), siteId, environment };
}

function optional<T>(
  input: Record<string, unknown>,
  key: keyof ShieldConfig,
  accept: (value: unknown) => value is T,
  fallback: T,
  expected: string,
): T {
  const value = input[key];
  if (value === undefined) return fallback;
  if (!accept(value)) throw invalid(`shield config ${key} must be ${expected}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isPositiveInteger = (value: unknown): value is number => isInteger(value) && value > 0;
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isIntegerList = (value: unknown): value is number[] => Array.isArray(value) && value.every(isInteger);

const isKid = (value: unknown): value is string => typeof value === 'string' && value !== '' && value.length <= 128;

/**
 * The visitor cookie keys (served by the server, so the SDK writes the record as the
 * server re-issues it). Undefined when absent; a malformed entry is refused like any other field.
 */
function visitorCookieOf(value: unknown): VisitorCookieKeys | undefined {
  if (value === undefined) return undefined;
  const fail = () => invalid('shield config visitorCookie must be { kid, keys: [{ kid, key }] } naming its kid');
  if (!isRecord(value) || !isKid(value.kid) || !Array.isArray(value.keys) || value.keys.length === 0) throw fail();
  const keys = value.keys.map((entry: unknown) => {
    if (!isRecord(entry) || !isKid(entry.kid) || typeof entry.key !== 'string' || entry.key === '') throw fail();
    return { kid: entry.kid, key: entry.key };
  });
  if (!keys.some((entry) => entry.kid === value.kid)) throw fail();
  return { kid: value.kid, keys };
}

/**
 * Checks the shield config served for a site (spec 000 §3 "Shield config", §5 "Shield config
 * needs siteId and ct and ci"). Optional fields fall back to the spec's defaults; unknown fields
 * are dropped.
 */
export function validateShieldConfig(raw: unknown): ShieldConfig {
  const input = isRecord(raw) ? raw : {};
  if (isBlank(input.siteId)) throw new PraveshError('shieldSiteIdMissing');
  const missing = (['ct', 'ci'] as const).filter((key) => typeof input[key] !== 'string' || input[key] === '');
  if (missing.length > 0) throw new PraveshError('required', { list: missing.join(', ') });
  const siteId = siteIdOf(input.siteId);
  const site = findSite(siteId);
  return {
    siteId,
    ct: input.ct as string,
    ci: input.ci as string,
    environment: environmentOf(input.environment, 'shield config'),
    passTokenValidity: optional(
      input,
      'passTokenValidity',
      isPositiveInteger,
      DEFAULT_PASS_TOKEN_VALIDITY_SECONDS,
      'a positive integer',
    ),
    noPassDomain: optional(input, 'noPassDomain', isStringList, [], 'a list of strings'),
    allowedRoute: optional(input, 'allowedRoute', isStringList, [], 'a list of strings'),
    allowedSite: optional(input, 'allowedSite', isIntegerList, [], 'a list of integers'),
    includeSubdomain: optional(input, 'includeSubdomain', isBoolean, false, 'a boolean'),
    version: optional(input, 'version', isInteger, CURRENT_SHIELD_VERSION, 'an integer'),
    siteName: optional(input, 'siteName', isString, site?.name ?? '', 'a string'),
    defaultAuthentication: optional(input, 'defaultAuthentication', isBoolean, false, 'a boolean'),
    ...(input.visitorCookie === undefined ? {} : { visitorCookie: visitorCookieOf(input.visitorCookie) }),
    // The server's clock; an older server omits it and the SDK keeps its own clock.
    ...(isInteger(input.serverTime) && input.serverTime >= 0 ? { serverTime: input.serverTime } : {}),
  };
}
