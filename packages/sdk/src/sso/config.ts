import {
  DEFAULT_JOURNEY_TYPE,
  DEFAULT_SCREEN_TYPE,
  ENVIRONMENTS,
  findSite,
  JOURNEY_TYPES,
  parseScope,
  PraveshError,
  SITE_IDS,
  type Environment,
  type JourneyType,
} from '@pravesh/core';
import type { Pravesh } from '../client.ts';

/**
 * The sign-on configuration (spec 000 §3 "Sign-on configuration") and its checks (spec 000 §5).
 * Hand-written, not zod: the sign-on script is loaded by every page that signs customers in.
 */
export interface SignOnConfig {
  /** Default: the Pravesh client's environment; when given it must be the same. */
  environment?: Environment;
  /** The OAuth client registered for this site on the accounts host. */
  clientId?: string;
  /** Default: the Pravesh client's site; when given it must be the same. */
  siteId?: number | string;
  /** Scope list (spec 000 §3: bureau, myaccount, …), or the space-separated OAuth form. */
  scope?: readonly string[] | string;
  /** Where the accounts host sends the browser back with ?code&state after a login link. */
  redirectLoginUri?: string;
  /** Where the accounts host's /logout sends the browser. */
  redirectLogoutUri?: string;
  /** The accounts host: serves /listener, /authorize, /logout and the /SSOSP and /SSOSOCKET calls. */
  accountsUrl?: string;
  /**
   * spec 000 §3 "encryption key": accepted so existing configurations load, but unused. Values in
   * links and headers are sealed with the site key of the shield config (sealForSite), which the
   * accounts service can check; a second, page-supplied key would add nothing it could verify.
   */
  encryptionKey?: string;
  /** Where the access token is kept: a cookie (spec 000 §4 "stored in cookie", the default) or memory. */
  tokenSource?: 'cookie' | 'memory';
  /** Options of spec 000 §3: journeyType JOURNEY (or JOURNEY_OTP), screenType, version, editMobile. */
  journeyType?: JourneyType;
  screenType?: number | string;
  version?: number | string;
  editMobile?: 0 | 1;
  /** createLoginLinkType otp: the login link starts the OTP journey (journey_type JOURNEY_OTP). */
  createLoginLinkType?: 'otp';
  authType?: string;
}

/** The configuration after the checks that can be made at once. */
export interface ResolvedSignOnConfig {
  environment: Environment;
  siteId: number;
  clientId: string | undefined;
  /** Space-separated scope tokens; '' when none was configured. */
  scope: string;
  redirectLoginUri: string | undefined;
  redirectLogoutUri: string | undefined;
  /** Origin and path prefix of the accounts host, without a trailing slash. */
  accountsUrl: string | undefined;
  tokenSource: 'cookie' | 'memory';
  journeyType: JourneyType;
  screenType: string;
  version: string | undefined;
  editMobile: 0 | 1 | undefined;
  authType: string | undefined;
}

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

function invalid(detail: string): PraveshError {
  return new PraveshError('badRequest', { detail });
}

function text(input: Loose, key: string): string | undefined {
  const value = input[key];
  if (isBlank(value)) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(`sign-on ${key} must be a string`);
  return String(value).trim() || undefined;
}

/** An absolute http(s) URL, else badRequest; `trimSlash` drops trailing slashes (base URLs). */
function httpUrl(value: string | undefined, key: string, trimSlash = false): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`sign-on ${key} must be an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(`sign-on ${key} must be http(s)`);
  return trimSlash ? value.replace(/\/+$/, '') : value;
}

function scopeOf(value: unknown): string {
  if (isBlank(value)) return '';
  if (typeof value === 'string') return parseScope(value).join(' ');
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return parseScope(value.join(' ')).join(' ');
  }
  throw invalid('sign-on scope must be a list of scopes or a space-separated string');
}

/** The client's structural minimum; a fake with these members is enough in tests. */
export type SignOnClient = Pick<Pravesh, 'siteId' | 'environment' | 'init' | 'request' | 'getPassToken'> &
  Partial<Pick<Pravesh, 'config'>>;

/**
 * spec 000 §5 "The client needs environment and shield config": without a Pravesh client (whose
 * init() fetches the shield config) there is nothing to sign with — "client data is missing".
 */
export function checkClient(pravesh: unknown): SignOnClient {
  if (!isRecord(pravesh)) throw new PraveshError('clientDataMissing');
  const client = pravesh as Partial<SignOnClient>;
  if (typeof client.request !== 'function' || typeof client.init !== 'function') {
    throw new PraveshError('clientDataMissing');
  }
  const missing = (['environment', 'siteId'] as const).filter((key) => isBlank(client[key]));
  if (missing.length > 0) throw new PraveshError('required', { list: missing.join(', ') });
  return client as SignOnClient;
}

/**
 * The checks made when the client is created. "Mandatory configuration is required" when there is
 * no configuration at all; the per-call requirements ("[redirectLoginUri, scope, clientId,
 * accountsUrl] is required" and the others) are checked by the calls that need them, so a page
 * that only sends OTPs need not configure redirects.
 */
export function resolveSignOnConfig(client: SignOnClient, config: unknown): ResolvedSignOnConfig {
  if (!isRecord(config)) throw new PraveshError('mandatoryConfiguration');

  const environment = isBlank(config.environment) ? client.environment : config.environment;
  const knownEnvironment = ENVIRONMENTS.find((candidate) => candidate === environment);
  if (!knownEnvironment) throw invalid(`sign-on environment must be one of ${ENVIRONMENTS.join(', ')}`);
  if (knownEnvironment !== client.environment) throw invalid('sign-on environment differs from the client’s');

  const siteValue = isBlank(config.siteId) ? client.siteId : config.siteId;
  const site = findSite(siteValue);
  if (!site) throw new PraveshError('invalidSiteId', { id: String(siteValue), valid: SITE_IDS.join(', ') });
  if (site.id !== Number(client.siteId)) throw invalid('sign-on siteId differs from the client’s');

  const tokenSource = config.tokenSource ?? 'cookie';
  if (tokenSource !== 'cookie' && tokenSource !== 'memory')
    throw invalid('sign-on tokenSource must be cookie or memory');

  const rawJourney = isBlank(config.journeyType)
    ? config.createLoginLinkType === 'otp'
      ? 'JOURNEY_OTP'
      : DEFAULT_JOURNEY_TYPE
    : config.journeyType;
  const journeyType = JOURNEY_TYPES.find((candidate) => candidate === rawJourney);
  if (!journeyType) throw invalid(`sign-on journeyType must be one of ${JOURNEY_TYPES.join(', ')}`);

  const editMobile = config.editMobile;
  if (editMobile !== undefined && editMobile !== 0 && editMobile !== 1)
    throw invalid('sign-on editMobile must be 0 or 1');

  return {
    environment: knownEnvironment,
    siteId: site.id,
    clientId: text(config, 'clientId'),
    scope: scopeOf(config.scope),
    redirectLoginUri: httpUrl(text(config, 'redirectLoginUri'), 'redirectLoginUri'),
    redirectLogoutUri: httpUrl(text(config, 'redirectLogoutUri'), 'redirectLogoutUri'),
    accountsUrl: httpUrl(text(config, 'accountsUrl'), 'accountsUrl', true),
    tokenSource,
    journeyType,
    screenType: text(config, 'screenType') ?? String(DEFAULT_SCREEN_TYPE),
    version: text(config, 'version'),
    editMobile,
    authType: text(config, 'authType'),
  };
}

/**
 * spec 000 §5: "[list] is required" naming only what is missing, in the order the spec lists
 * the requirement (e.g. "[scope, accountsUrl] is required").
 */
export function requireFields<T extends Record<string, unknown>, K extends keyof T & string>(
  values: T,
  keys: readonly K[],
): { [P in K]: NonNullable<T[P]> } {
  const missing = keys.filter((key) => isBlank(values[key]));
  if (missing.length > 0) throw new PraveshError('required', { list: missing.join(', ') });
  return values as { [P in K]: NonNullable<T[P]> };
}

/** Login link and authorization (spec 000 §5). */
export const LOGIN_REQUIREMENTS = ['redirectLoginUri', 'scope', 'clientId', 'accountsUrl'] as const;
/** Logout (spec 000 §5). */
export const LOGOUT_REQUIREMENTS = ['redirectLogoutUri', 'accountsUrl'] as const;
/** sendOtp and checkPreference (spec 000 §5). */
export const OTP_REQUIREMENTS = ['mobileNo', 'accountsUrl'] as const;
