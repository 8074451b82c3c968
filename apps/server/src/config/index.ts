import path from 'node:path';
import { DEFAULT_PASS_TOKEN_VALIDITY_SECONDS, ENVIRONMENTS, SITES, type Environment } from '@pravesh/core';
import { ConfigError, DEMO_ORIGINS, assertHttpsInProduction, normaliseOrigin, type ShieldKey } from './shared.ts';
import { assertSsoProductionReady, loadSsoConfig, ssoBuiltInSecrets, type SsoConfig } from './sso.ts';
import { loadConsentConfig, type ConsentConfig } from './consent.ts';
import { loadPaymentConfig, type PaymentProviderConfig } from './payment.ts';
import { loadAggregatorConfig, type AggregatorProviderConfig } from './aggregator.ts';
import { loadDataRightsConfig, type DataRightsConfig } from './data-rights.ts';
import { assertBureauProductionReady, loadBureauConfig, type BureauProviderConfig } from './bureau.ts';
import { loadHubConfig, type HubConfig } from './hub.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';
import { loadPartnerConfig, type PartnerConfig } from './partners.ts';
import { loadLeadsConfig, type LeadsConfig } from './leads.ts';
import { assertPiiKeysConfigured, DEV_PII_KEY, loadPiiConfig, type PiiConfig } from './pii.ts';
import { loadInvoiceConfig, type InvoiceConfig } from './invoices.ts';
import { loadHoldingsConfig, type HoldingsConfig } from './holdings.ts';
import { loadSupportConfig, type SupportConfig } from './support.ts';
import { loadRedisTimeouts, type RedisTimeouts } from './redis.ts';
import { loadMetricsConfig, type MetricsConfig } from './observability.ts';
import { loadEventsConfig, type EventsConfig } from './events.ts';
import { repoPath } from '../lib/locations.ts';
import { loadDatabaseSettings, type DatabaseSettings } from './database.ts';

/**
 * Typed configuration for the six environments of spec 000 §9, read from environment
 * variables. Secrets carry a key id so they rotate without downtime; production refuses to
 * start with the development defaults below.
 */

// What the config parts (sso.ts, consent.ts, hub.ts) share lives in shared.ts, so they do not
// import this file, which imports them (no circle); re-exported here for everyone else.
export { ConfigError, DEMO_ORIGINS, normaliseOrigin, type ShieldKey };
export { START_PAGE_CLIENT_ID } from './sso.ts';

export interface SiteSettings {
  readonly siteId: number;
  /** Origins (scheme://host[:port]) the site's pages run on. */
  readonly origins: readonly string[];
  readonly passTokenValidity: number;
  /** Host names whose pages may send `no-pass: 1` and skip the token (spec 000 §5). */
  readonly noPassDomain: readonly string[];
  /** Path prefixes the site's tokens may call; empty means every service route. */
  readonly allowedRoute: readonly string[];
  /** Other site ids whose origins may present this site's tokens. */
  readonly allowedSite: readonly number[];
  /** Whether subdomains of the origins are accepted too. */
  readonly includeSubdomain: boolean;
  /** When true the SDK attaches the signed-in customer's token to every pass token. */
  readonly defaultAuthentication: boolean;
}

export interface AppConfig {
  readonly environment: Environment;
  readonly host: string;
  readonly port: number;
  /** Where browsers reach this server; used for links and the demo pages. */
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  /** Command and connection timeouts of Redis (config/redis.ts). */
  readonly redisTimeouts: RedisTimeouts;
  /** Pool size and timeouts, write-queue bounds, readiness and shutdown timing (config/database.ts). */
  readonly database: DatabaseSettings;
  readonly logLevel: string;
  /** Keyring of shield master secrets; the first entry of `activeKid` signs new configs. */
  readonly shieldKeys: readonly ShieldKey[];
  readonly activeShieldKid: string;
  readonly sites: ReadonlyMap<number, SiteSettings>;
  /** Folder with the built SDK bundles, served under /sdk/. */
  readonly sdkDistDir: string;
  readonly bodyLimitBytes: number;
  /**
   * Keyring of visitor cookie keys (spec 000 §3: the record is XOR-obfuscated with a secret key);
   * `activeCookieKid` encodes, every key decodes, so a key rotates without losing visitors.
   */
  readonly cookieKeys: readonly ShieldKey[];
  readonly activeCookieKid: string;
  /** Domain attribute of the server-issued visitor cookie (the sites' shared parent domain). */
  readonly cookieDomain: string | undefined;
  /** HMAC key for personal data kept only as a hash (the mobileNo of tracking data). */
  readonly piiHashKey: string;
  /** Single sign-on: clients, token keys, OTP peppers and limits, SMS provider (config/sso.ts). */
  readonly sso: SsoConfig;
  /**
   * Whether /docs serves the OpenAPI document and its viewer: on outside production, and in
   * production only when PRAVESH_DOCS_ENABLED=1 (the document maps every route and limit, which an
   * operator may publish on purpose but should not publish by default; ASVS V14.3.2).
   */
  readonly docsEnabled: boolean;
  /**
   * Whether an instance applies pending migrations as it starts (PRAVESH_MIGRATE_ON_START; on by
   * default, off in production, where `npm run migrate` is a release step of its own): when off, it
   * refuses to start on a schema older or newer than it knows (db/schema-version.ts).
   */
  readonly migrateOnStart: boolean;
  /** Terms consent: demo contract seeding (config/consent.ts). */
  readonly consent: ConsentConfig;
  /** Cross-storage hub: allowed methods per origin (config/hub.ts). */
  readonly hub: HubConfig;
  /** Credit bureau provider: the simulator's latency, failures and profiles (config/bureau.ts). */
  readonly bureau: BureauProviderConfig;
  /** Payment gateway: simulator outside production, else disabled until a real one is added (config/payment.ts). */
  readonly payment: PaymentProviderConfig;
  /** Account aggregator: the simulator's latency and data-ready delay, the refresh switch (config/aggregator.ts). */
  readonly aggregator: AggregatorProviderConfig;
  /** Data-protection rights: the deletion cooling-off period and the jobs' ticker (config/data-rights.ts). */
  readonly dataRights: DataRightsConfig;
  /**
   * Whether the development aids answer (/dev/outbox, the caller-id approval simulator page,
   * /dev/consent/publish): true only in the `local` environment. Not an
   * environment variable, so no shared deployment can switch them on; tests set it in code.
   */
  readonly devRoutes: boolean;
  /**
   * PRAVESH_DEV_CLOCK=1: the server's clock may be moved forward over POST /dev/clock, so the
   * end-to-end journeys skip the server's waits (lib/dev-clock.ts). `local` only: loadConfig refuses
   * it in every other environment, production first of all, so no deployment can run on a clock a
   * request moves (OTP windows, token lifetimes and limits all read it).
   */
  readonly devClock: boolean;
  /**
   * The connection string migrations run with (PRAVESH_MIGRATION_DATABASE_URL), when it differs
   * from DATABASE_URL: the owner of the tables, while the app connects as a role that may only
   * INSERT and SELECT on the consent ledger. Unset: migrations use DATABASE_URL.
   */
  readonly migrationDatabaseUrl: string | undefined;
  /** Proxies whose X-Forwarded-For is believed (PRAVESH_TRUSTED_PROXIES, config/trusted-proxies.ts); none by default. */
  readonly trustedProxies: readonly string[];
  /** Keys that encrypt mobile numbers and emails at rest (PRAVESH_PII_KEYS, config/pii.ts). */
  readonly pii: PiiConfig;
  /** Lending partners: continue URLs and partner keys (config/partners.ts). */
  readonly partners: PartnerConfig;
  /** Applications: the scheduled expiry's ticker (config/leads.ts). */
  readonly leads: LeadsConfig;
  /** GST tax invoices: download switch (spec 001 §9), supplier, number prefix (config/invoices.ts). */
  readonly invoices: InvoiceConfig;
  /** Holdings: the "ONDC eligible" switch of spec 001 §9 (config/holdings.ts). */
  readonly holdings: HoldingsConfig;
  /** Support: the chat switch of spec 001 §9 and the support desk's address (config/support.ts). */
  readonly support: SupportConfig;
  /** Prometheus metrics: their own port and/or a bearer token (config/observability.ts). */
  readonly metrics: MetricsConfig;
  /** Analytics events' sink (the database or NATS JetStream) and events' and visits' retention (config/events.ts). */
  readonly events: EventsConfig;
}

/** Development-only secrets: fine on a laptop (`local`), refused in every other environment. */
export const DEV_SHIELD_KEY: ShieldKey = {
  kid: 'dev-2026-11',
  secret: 'pravesh-development-shield-secret-not-for-production',
};
const DEV_SECRETS = new Set([DEV_SHIELD_KEY.secret]);
export const DEV_COOKIE_KEY: ShieldKey = { kid: 'dev-cookie-2026-11', secret: 'pravesh-development-cookie-key' };
export const DEV_PII_HASH_KEY = 'pravesh-development-pii-hash-key-not-for-production';

export const DEFAULT_PORT = 4000;

type Env = Record<string, string | undefined>;

function parseKeyring(
  raw: string | undefined,
  { variable = 'PRAVESH_SHIELD_KEYS', what = 'shield key', fallback = DEV_SHIELD_KEY, minLength = 32 } = {},
): ShieldKey[] {
  if (!raw) return [fallback];
  return raw.split(',').map((pair) => {
    const [kid, secret] = pair.split('=', 2).map((part) => part.trim());
    if (!kid || !secret) throw new ConfigError(`${variable} must look like "kid=secret,kid2=secret2"`);
    if (secret.length < minLength) throw new ConfigError(`${what} ${kid} is shorter than ${minLength} characters`);
    return { kid, secret };
  });
}

/** A cookie Domain attribute: a host name, optionally with a leading dot (RFC 6265 §5.2.3). */
function parseCookieDomain(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(raw)) {
    throw new ConfigError(`PRAVESH_COOKIE_DOMAIN "${raw}" is not a domain name`);
  }
  return raw;
}

function parseJson(name: string, raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ConfigError(`${name} is not valid JSON`);
  }
}

function defaultOrigins(environment: Environment, publicUrl: string): Map<number, string[]> {
  if (environment === 'production') return new Map();
  // The demo sites of apps/demo stand in for the homepage (2) and credit card (7) sites; the
  // accounts host (SSO, 11) and My Account (14) are served by this server itself.
  return new Map([
    [2, [DEMO_ORIGINS.siteA]],
    [7, [DEMO_ORIGINS.siteB]],
    [11, [publicUrl]],
    [14, [publicUrl]],
  ]);
}

function buildSites(environment: Environment, publicUrl: string, overridesRaw: unknown): Map<number, SiteSettings> {
  const origins = defaultOrigins(environment, publicUrl);
  const overrides = (overridesRaw ?? {}) as Record<string, Partial<SiteSettings> | undefined>;
  if (typeof overrides !== 'object' || Array.isArray(overrides))
    throw new ConfigError('PRAVESH_SITE_CONFIG must be an object keyed by site id');
  const sites = new Map<number, SiteSettings>();
  for (const site of SITES) {
    const override = overrides[String(site.id)] ?? {};
    sites.set(site.id, {
      siteId: site.id,
      origins: (override.origins ?? origins.get(site.id) ?? []).map(normaliseOrigin),
      passTokenValidity: override.passTokenValidity ?? DEFAULT_PASS_TOKEN_VALIDITY_SECONDS,
      noPassDomain: override.noPassDomain ?? [],
      allowedRoute: override.allowedRoute ?? [],
      allowedSite: override.allowedSite ?? [],
      // spec 000 §9: includeSubdomain varies by environment; defaultAuthentication is true only in production.
      includeSubdomain: override.includeSubdomain ?? environment === 'production',
      defaultAuthentication: override.defaultAuthentication ?? environment === 'production',
    });
  }
  for (const key of Object.keys(overrides)) {
    if (!sites.has(Number(key))) throw new ConfigError(`PRAVESH_SITE_CONFIG names unknown site id ${key}`);
  }
  return sites;
}

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT "${raw}" is not a port number`);
  return port;
}

/** A 0/1 switch that is on by default everywhere but production. */
function offInProduction(variable: string, raw: string | undefined, environment: Environment): boolean {
  if (raw === undefined || raw === '') return environment !== 'production';
  if (raw !== '0' && raw !== '1') throw new ConfigError(`${variable} must be 0 or 1`);
  return raw === '1';
}

export function loadConfig(env: Env = process.env): AppConfig {
  const environment = (env.PRAVESH_ENV ?? 'local') as Environment;
  if (!ENVIRONMENTS.includes(environment)) {
    throw new ConfigError(`PRAVESH_ENV must be one of ${ENVIRONMENTS.join(', ')}`);
  }
  const port = parsePort(env.PORT, DEFAULT_PORT);
  const publicUrl = normaliseOrigin(env.PRAVESH_PUBLIC_URL ?? `http://localhost:${port}`);
  // Browsers are sent here with authorization codes (My Account's redirect URI is under it).
  assertHttpsInProduction(publicUrl, 'PRAVESH_PUBLIC_URL', environment);
  const shieldKeys = parseKeyring(env.PRAVESH_SHIELD_KEYS);
  const activeShieldKid = env.PRAVESH_SHIELD_ACTIVE_KID ?? shieldKeys[0]!.kid;
  if (!shieldKeys.some((key) => key.kid === activeShieldKid)) {
    throw new ConfigError(`PRAVESH_SHIELD_ACTIVE_KID "${activeShieldKid}" is not in the keyring`);
  }
  // The cookie key reaches browsers (the SDK decodes the record), so it guards against casual
  // reading only; it is still kept apart from the shield secrets and rotated by kid.
  const cookieKeys = parseKeyring(env.PRAVESH_COOKIE_KEYS, {
    variable: 'PRAVESH_COOKIE_KEYS',
    what: 'cookie key',
    fallback: DEV_COOKIE_KEY,
    minLength: 16,
  });
  const activeCookieKid = env.PRAVESH_COOKIE_ACTIVE_KID ?? cookieKeys[0]!.kid;
  if (!cookieKeys.some((key) => key.kid === activeCookieKid)) {
    throw new ConfigError(`PRAVESH_COOKIE_ACTIVE_KID "${activeCookieKid}" is not in the keyring`);
  }
  const piiHashKey = env.PRAVESH_PII_HASH_KEY ?? DEV_PII_HASH_KEY;
  if (piiHashKey.length < 32) throw new ConfigError('PRAVESH_PII_HASH_KEY is shorter than 32 characters');
  const config: AppConfig = {
    environment,
    host: env.HOST ?? '127.0.0.1',
    port,
    publicUrl,
    dataDir: path.resolve(env.PRAVESH_DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisTimeouts: loadRedisTimeouts(env),
    database: loadDatabaseSettings(env),
    logLevel: env.PRAVESH_LOG_LEVEL ?? 'info',
    shieldKeys,
    activeShieldKid,
    sites: buildSites(environment, publicUrl, parseJson('PRAVESH_SITE_CONFIG', env.PRAVESH_SITE_CONFIG)),
    sdkDistDir: path.resolve(env.PRAVESH_SDK_DIST ?? repoPath('packages/sdk/dist')),
    bodyLimitBytes: 1024 * 1024,
    cookieKeys,
    activeCookieKid,
    cookieDomain: parseCookieDomain(env.PRAVESH_COOKIE_DOMAIN),
    piiHashKey,
    sso: loadSsoConfig(env, environment, publicUrl),
    consent: loadConsentConfig(env, environment),
    hub: loadHubConfig(env),
    bureau: loadBureauConfig(env, environment),
    payment: loadPaymentConfig(env, environment),
    aggregator: loadAggregatorConfig(env),
    dataRights: loadDataRightsConfig(env),
    devRoutes: environment === 'local',
    docsEnabled: offInProduction('PRAVESH_DOCS_ENABLED', env.PRAVESH_DOCS_ENABLED, environment),
    migrateOnStart: offInProduction('PRAVESH_MIGRATE_ON_START', env.PRAVESH_MIGRATE_ON_START, environment),
    devClock: env.PRAVESH_DEV_CLOCK === '1',
    migrationDatabaseUrl: env.PRAVESH_MIGRATION_DATABASE_URL || undefined,
    trustedProxies: parseTrustedProxies(env.PRAVESH_TRUSTED_PROXIES),
    pii: loadPiiConfig(env),
    partners: loadPartnerConfig(env, environment),
    leads: loadLeadsConfig(env),
    invoices: loadInvoiceConfig(env, environment),
    holdings: loadHoldingsConfig(env, environment),
    support: loadSupportConfig(env, environment),
    metrics: loadMetricsConfig(env),
    events: loadEventsConfig(env, environment),
  };
  // The journeys' movable clock can never reach production (or any shared environment): refused
  // before anything else about the environment is checked.
  if (config.devClock && environment !== 'local') {
    throw new ConfigError('PRAVESH_DEV_CLOCK is only for the local environment');
  }
  if (config.migrationDatabaseUrl && !config.databaseUrl) {
    throw new ConfigError('PRAVESH_MIGRATION_DATABASE_URL needs DATABASE_URL (the embedded database has no roles)');
  }
  if (environment !== 'local') assertOwnSecrets(config);
  if (environment === 'production') assertProductionReady(config);
  assertPiiKeysConfigured(config.pii, environment);
  return config;
}

/**
 * The secrets every environment but `local` must set itself: with the built-in
 * ones anyone who reads this source could sign pass tokens, access tokens or auth_token for any
 * customer. Each entry is the variable and whether the loaded value is (or contains) a built-in key.
 */
function builtInSecrets(config: AppConfig): [variable: string, builtIn: boolean][] {
  return [
    ['PRAVESH_SHIELD_KEYS', config.shieldKeys.some((key) => DEV_SECRETS.has(key.secret))],
    ['PRAVESH_COOKIE_KEYS', config.cookieKeys.some((key) => key.secret === DEV_COOKIE_KEY.secret)],
    ['PRAVESH_PII_HASH_KEY', config.piiHashKey === DEV_PII_HASH_KEY],
    ['PRAVESH_PII_KEYS', config.pii.keys.some((key) => key.kid === DEV_PII_KEY.kid)],
    ...ssoBuiltInSecrets(config.sso),
  ];
}

/** Refuses to start outside `local` while any secret is missing or a built-in one, naming them all. */
function assertOwnSecrets(config: AppConfig): void {
  const missing = builtInSecrets(config)
    .filter(([, builtIn]) => builtIn)
    .map(([variable]) => variable);
  if (missing.length > 0) {
    throw new ConfigError(
      `PRAVESH_ENV=${config.environment} needs its own secrets (the built-in development ones are for ` +
        `PRAVESH_ENV=local only): set ${missing.join(', ')}`,
    );
  }
}

/** Production also refuses an unconfigured site registry and the local simulators. */
function assertProductionReady(config: AppConfig): void {
  if (![...config.sites.values()].some((site) => site.origins.length > 0)) {
    throw new ConfigError('production needs site origins: set PRAVESH_SITE_CONFIG');
  }
  assertSsoProductionReady(config.sso);
  assertBureauProductionReady(config.bureau);
}
