import { CURRENT_SHIELD_VERSION, findSite, type ShieldConfig, wrapSiteKey } from '@pravesh/core';
import type { AppConfig, SiteSettings } from '../config/index.ts';
import type { Keyring } from './keyring.ts';

/**
 * The site registry: the 26 sites of spec 000 §3 joined with their per-deployment
 * settings, answering origin questions for CORS and the shield, and building the shield config
 * the SDK is served.
 */
export interface SiteRegistry {
  settings(siteId: number): SiteSettings | undefined;
  /** True when `origin` belongs to the site itself or to a site listed in its allowedSite. */
  isOriginAllowedFor(siteId: number, origin: string): boolean;
  /** True when any configured site runs on `origin` (CORS). */
  isKnownOrigin(origin: string): boolean;
  /** The site whose own origins include `origin`. */
  siteForOrigin(origin: string): SiteSettings | undefined;
  shieldConfig(siteId: number): Promise<ShieldConfig>;
}

function hostMatches(settings: SiteSettings, origin: string): boolean {
  let candidate: URL;
  try {
    candidate = new URL(origin);
  } catch {
    return false;
  }
  return settings.origins.some((allowed) => {
    const base = new URL(allowed);
    if (candidate.origin === base.origin) return true;
    // includeSubdomain (spec 000 §3): same scheme and port, host ends with "." + the site's host.
    return (
      settings.includeSubdomain &&
      candidate.protocol === base.protocol &&
      candidate.port === base.port &&
      candidate.hostname.endsWith(`.${base.hostname}`)
    );
  });
}

export function createSiteRegistry(config: AppConfig, keyring: Keyring): SiteRegistry {
  const configs = new Map<string, Promise<ShieldConfig>>();
  const registry: SiteRegistry = {
    settings: (siteId) => config.sites.get(siteId),
    isOriginAllowedFor(siteId, origin) {
      const own = config.sites.get(siteId);
      if (!own) return false;
      if (hostMatches(own, origin)) return true;
      return own.allowedSite.some((other) => {
        const settings = config.sites.get(other);
        return settings !== undefined && hostMatches(settings, origin);
      });
    },
    isKnownOrigin: (origin) => [...config.sites.values()].some((settings) => hostMatches(settings, origin)),
    siteForOrigin: (origin) => [...config.sites.values()].find((settings) => hostMatches(settings, origin)),
    shieldConfig(siteId) {
      const kid = keyring.activeKid;
      const cacheKey = `${siteId}:${kid}`;
      let cached = configs.get(cacheKey);
      if (!cached) {
        cached = buildShieldConfig(config, keyring, siteId, kid);
        configs.set(cacheKey, cached);
      }
      return cached;
    },
  };
  return registry;
}

async function buildShieldConfig(
  config: AppConfig,
  keyring: Keyring,
  siteId: number,
  kid: string,
): Promise<ShieldConfig> {
  const site = findSite(siteId);
  const settings = config.sites.get(siteId);
  if (!site || !settings) throw new Error(`unknown site ${siteId}`);
  const siteKey = await keyring.siteKey(kid, siteId);
  return {
    siteId,
    ct: await wrapSiteKey(siteKey, siteId, kid),
    ci: kid,
    environment: config.environment,
    passTokenValidity: settings.passTokenValidity,
    noPassDomain: [...settings.noPassDomain],
    allowedRoute: [...settings.allowedRoute],
    allowedSite: [...settings.allowedSite],
    includeSubdomain: settings.includeSubdomain,
    version: CURRENT_SHIELD_VERSION,
    siteName: site.name,
    defaultAuthentication: settings.defaultAuthentication,
    // The visitor cookie keys in the clear: the XOR cipher is obfuscation the spec mandates
    // (spec 000 §3), not secrecy; the SDK must write the record the way the server re-issues it.
    visitorCookie: {
      kid: config.activeCookieKid,
      keys: config.cookieKeys.map((key) => ({ kid: key.kid, key: key.secret })),
    },
  };
}
