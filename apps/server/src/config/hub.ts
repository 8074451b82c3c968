import { ConfigError } from './shared.ts';

/**
 * Cross-storage hub permissions (spec 000 §5 "an origin allow-list with allowed methods
 * per origin from configuration"), read by loadConfig():
 *
 * - PRAVESH_HUB_PERMISSIONS  JSON object: origin → the hub methods it may use, e.g.
 *                            {"https://partner.example.in": ["get", "getKeys"]}. A configured site
 *                            origin listed here gets only the listed methods (all five otherwise);
 *                            an origin that is no site's is added with them, and may frame the hub.
 */
export const HUB_METHODS = ['get', 'set', 'del', 'clear', 'getKeys'] as const;
export type HubMethod = (typeof HUB_METHODS)[number];

export interface HubConfig {
  /** Methods per exact origin (scheme://host[:port]), overriding the sites' default of all. */
  readonly originMethods: ReadonlyMap<string, readonly HubMethod[]>;
}

const isHubMethod = (value: unknown): value is HubMethod => (HUB_METHODS as readonly unknown[]).includes(value);

export function loadHubConfig(env: Record<string, string | undefined>): HubConfig {
  const raw = env.PRAVESH_HUB_PERMISSIONS;
  const originMethods = new Map<string, readonly HubMethod[]>();
  if (raw === undefined || raw.trim() === '') return { originMethods };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PRAVESH_HUB_PERMISSIONS is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PRAVESH_HUB_PERMISSIONS must be an object of origin → methods');
  }
  for (const [origin, methods] of Object.entries(parsed)) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(`PRAVESH_HUB_PERMISSIONS names "${origin}", which is not an origin`);
    }
    if (url.origin !== origin.replace(/\/$/, '') || !/^https?:$/.test(url.protocol)) {
      throw new ConfigError(`PRAVESH_HUB_PERMISSIONS names "${origin}", which is not an origin`);
    }
    if (!Array.isArray(methods) || !methods.every(isHubMethod)) {
      throw new ConfigError(
        `PRAVESH_HUB_PERMISSIONS: the methods of ${origin} must be among ${HUB_METHODS.join(', ')}`,
      );
    }
    originMethods.set(url.origin, [...new Set(methods)]);
  }
  return { originMethods };
}
