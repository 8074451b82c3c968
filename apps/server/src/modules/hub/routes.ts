import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { scriptJson } from '@pravesh/core';
import type { AppConfig } from '../../config/index.ts';
import { HUB_METHODS } from '../../config/hub.ts';
import {
  fileVersion,
  frameAncestorsDirective,
  frameOrigins,
  registerPageAssets,
  serveFramedPage,
} from '../../lib/framed-page.ts';
import { repoPath } from '../../lib/locations.ts';

/**
 * The cross-storage hub page (spec 000 §5, §7; apps/hub): GET /hub renders a tiny HTML page whose
 * script (apps/hub/dist/hub.js, served under HUB_ASSET_PREFIX) answers the sites' storage
 * messages. Its permissions come from this configuration: every configured site origin may use
 * get, set, del, clear and getKeys (spec 000 §5) unless PRAVESH_HUB_PERMISSIONS lists fewer for it;
 * origins listed there that are no site's get what they are listed with. Only these origins may
 * frame the page.
 */

export const HUB_PATH = '/hub';
export const HUB_ASSET_PREFIX = '/hub-assets/';
/** spec 000 §9. */
export const HUB_VERSION = '1.0.23';
/** Matches HUB_CONFIG_ELEMENT_ID in apps/hub/src/hub.ts. */
export const HUB_CONFIG_ELEMENT_ID = 'pravesh-hub-config';
export { HUB_METHODS };

type HubSettings = Pick<AppConfig, 'sites'> & Partial<Pick<AppConfig, 'hub'>>;

const DEFAULT_DIST_DIR = repoPath('apps/hub/dist');

export interface HubPermission {
  origin: string;
  includeSubdomain: boolean;
  allow: string[];
}

/**
 * One permission per configured site origin (a site's includeSubdomain travels with it), with the
 * methods PRAVESH_HUB_PERMISSIONS gives it (all by default), then the origins listed only there.
 */
export function hubPermissions(config: HubSettings): HubPermission[] {
  const listed = config.hub?.originMethods ?? new Map<string, readonly string[]>();
  const sites = frameOrigins(config).map(({ origin, includeSubdomain }) => ({
    origin,
    includeSubdomain,
    allow: [...(listed.get(origin) ?? HUB_METHODS)],
  }));
  const known = new Set(sites.map((permission) => permission.origin));
  const extra = [...listed]
    .filter(([origin]) => !known.has(origin))
    .map(([origin, allow]) => ({ origin, includeSubdomain: false, allow: [...allow] }));
  return [...sites, ...extra];
}

export function hubContentSecurityPolicy(config: HubSettings): string {
  const extra = [...(config.hub?.originMethods.keys() ?? [])];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    // Origins listed only in the hub permissions may frame it too (the directive drops duplicates).
    frameAncestorsDirective(config, extra),
  ].join('; ');
}

export function renderHubPage(config: HubSettings, scriptVersion: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="pravesh-hub-version" content="${HUB_VERSION}" />
    <title>Pravesh storage hub</title>
    <script type="application/json" id="${HUB_CONFIG_ELEMENT_ID}">${scriptJson({ permissions: hubPermissions(config) })}</script>
    <script src="${HUB_ASSET_PREFIX}hub.js?v=${scriptVersion}"></script>
  </head>
  <body></body>
</html>
`;
}

export interface HubRoutesOptions {
  config: HubSettings;
  /** Folder with the built hub.js; default apps/hub/dist. */
  distDir?: string;
}

export async function hubRoutes(app: FastifyInstance, options: HubRoutesOptions): Promise<void> {
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const version = fileVersion(path.join(distDir, 'hub.js'));
  const built = version !== undefined;
  if (!built) app.log.warn({ distDir }, 'the hub is not built: run "npm run build -w @pravesh/hub"');
  const html = renderHubPage(options.config, version ?? 'missing');
  const csp = hubContentSecurityPolicy(options.config);

  serveFramedPage(app, HUB_PATH, { html, csp, cacheControl: 'public, max-age=300' });

  if (built) await registerPageAssets(app, { root: distDir, prefix: HUB_ASSET_PREFIX, maxAge: 600_000 });
}
