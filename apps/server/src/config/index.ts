import path from 'node:path';
import { DEFAULT_PASS_TOKEN_VALIDITY_SECONDS, ENVIRONMENTS, SITES, type Environment } from '@pravesh/core';

/**
 * Typed configuration for the six environments of spec 000 §9, read from environment
 * variables. Secrets carry a key id so they rotate without downtime; production refuses to
 * start with the development defaults below.
 */

export interface ShieldKey {
  readonly kid: string;
  readonly secret: string;
}

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
  readonly logLevel: string;
  /** Keyring of shield master secrets; the first entry of `activeKid` signs new configs. */
  readonly shieldKeys: readonly ShieldKey[];
  readonly activeShieldKid: string;
  readonly sites: ReadonlyMap<number, SiteSettings>;
  /** Folder with the built SDK bundles, served under /sdk/. */
  readonly sdkDistDir: string;
  readonly bodyLimitBytes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Development-only secrets: fine on a laptop, refused in production. */
export const DEV_SHIELD_KEY: ShieldKey = {
  kid: 'dev-2026-11',
  secret: 'pravesh-development-shield-secret-not-for-production',
};
const DEV_SECRETS = new Set([DEV_SHIELD_KEY.secret]);

export const DEFAULT_PORT = 4000;
export const DEMO_ORIGINS = { siteA: 'http://localhost:4100', siteB: 'http://localhost:4101' } as const;

type Env = Record<string, string | undefined>;

function parseKeyring(raw: string | undefined): ShieldKey[] {
  if (!raw) return [DEV_SHIELD_KEY];
  return raw.split(',').map((pair) => {
    const [kid, secret] = pair.split('=', 2).map((part) => part.trim());
    if (!kid || !secret) throw new ConfigError('PRAVESH_SHIELD_KEYS must look like "kid=secret,kid2=secret2"');
    if (secret.length < 32) throw new ConfigError(`shield key ${kid} is shorter than 32 characters`);
    return { kid, secret };
  });
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

export function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    throw new ConfigError(`"${origin}" is not an origin`);
  }
}

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT "${raw}" is not a port number`);
  return port;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const environment = (env.PRAVESH_ENV ?? 'local') as Environment;
  if (!ENVIRONMENTS.includes(environment)) {
    throw new ConfigError(`PRAVESH_ENV must be one of ${ENVIRONMENTS.join(', ')}`);
  }
  const port = parsePort(env.PORT, DEFAULT_PORT);
  const publicUrl = normaliseOrigin(env.PRAVESH_PUBLIC_URL ?? `http://localhost:${port}`);
  const shieldKeys = parseKeyring(env.PRAVESH_SHIELD_KEYS);
  const activeShieldKid = env.PRAVESH_SHIELD_ACTIVE_KID ?? shieldKeys[0]!.kid;
  if (!shieldKeys.some((key) => key.kid === activeShieldKid)) {
    throw new ConfigError(`PRAVESH_SHIELD_ACTIVE_KID "${activeShieldKid}" is not in the keyring`);
  }
  const config: AppConfig = {
    environment,
    host: env.HOST ?? '127.0.0.1',
    port,
    publicUrl,
    dataDir: path.resolve(env.PRAVESH_DATA_DIR ?? './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.PRAVESH_LOG_LEVEL ?? 'info',
    shieldKeys,
    activeShieldKid,
    sites: buildSites(environment, publicUrl, parseJson('PRAVESH_SITE_CONFIG', env.PRAVESH_SITE_CONFIG)),
    sdkDistDir: path.resolve(
      env.PRAVESH_SDK_DIST ?? new URL('../../../../packages/sdk/dist', import.meta.url).pathname,
    ),
    bodyLimitBytes: 1024 * 1024,
  };
  if (environment === 'production') assertProductionReady(config);
  return config;
}

/** Production refuses development secrets and an unconfigured site registry. */
function assertProductionReady(config: AppConfig): void {
  if (config.shieldKeys.some((key) => DEV_SECRETS.has(key.secret))) {
    throw new ConfigError('production refuses the development shield key: set PRAVESH_SHIELD_KEYS');
  }
  if (![...config.sites.values()].some((site) => site.origins.length > 0)) {
    throw new ConfigError('production needs site origins: set PRAVESH_SITE_CONFIG');
  }
}
