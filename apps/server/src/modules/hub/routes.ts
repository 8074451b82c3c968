import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../../config/index.ts';

/**
 * The cross-storage hub page (spec 000 §5, §7; apps/hub): GET /hub renders a tiny HTML page whose
 * script (apps/hub/dist/hub.js, served under HUB_ASSET_PREFIX) answers the sites' storage
 * messages. Its permissions come from this configuration: every configured site origin may use
 * get, set, del, clear and getKeys (spec 000 §5), and only those origins may frame the page.
 */

export const HUB_PATH = '/hub';
export const HUB_ASSET_PREFIX = '/hub-assets/';
/** spec 000 §9. */
export const HUB_VERSION = '1.0.23';
/** Matches HUB_CONFIG_ELEMENT_ID in apps/hub/src/hub.ts. */
export const HUB_CONFIG_ELEMENT_ID = 'pravesh-hub-config';
export const HUB_METHODS = ['get', 'set', 'del', 'clear', 'getKeys'] as const;

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../../../hub/dist', import.meta.url));

export interface HubPermission {
  origin: string;
  includeSubdomain: boolean;
  allow: string[];
}

/** One permission per configured site origin (a site's includeSubdomain travels with it). */
export function hubPermissions(config: Pick<AppConfig, 'sites'>): HubPermission[] {
  const found = new Map<string, HubPermission>();
  for (const site of config.sites.values()) {
    for (const origin of site.origins) {
      const includeSubdomain = (found.get(origin)?.includeSubdomain ?? false) || site.includeSubdomain;
      found.set(origin, { origin, includeSubdomain, allow: [...HUB_METHODS] });
    }
  }
  return [...found.values()];
}

export function hubContentSecurityPolicy(config: Pick<AppConfig, 'sites'>): string {
  const ancestors = new Set<string>();
  for (const { origin, includeSubdomain } of hubPermissions(config)) {
    ancestors.add(origin);
    if (includeSubdomain) {
      const url = new URL(origin);
      ancestors.add(`${url.protocol}//*.${url.host}`);
    }
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.size > 0 ? [...ancestors].join(' ') : "'none'"}`,
  ].join('; ');
}

/** JSON that is safe inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderHubPage(config: Pick<AppConfig, 'sites'>, scriptVersion: string): string {
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
  config: Pick<AppConfig, 'sites'>;
  /** Folder with the built hub.js; default apps/hub/dist. */
  distDir?: string;
}

export async function hubRoutes(app: FastifyInstance, options: HubRoutesOptions): Promise<void> {
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const script = path.join(distDir, 'hub.js');
  const built = existsSync(script);
  if (!built) app.log.warn({ distDir }, 'the hub is not built: run "npm run build -w @pravesh/hub"');
  const version = built
    ? createHash('sha256').update(readFileSync(script)).digest('base64url').slice(0, 12)
    : 'missing';
  const html = renderHubPage(options.config, version);
  const csp = hubContentSecurityPolicy(options.config);

  app.get(
    HUB_PATH,
    // helmet's X-Frame-Options (SAMEORIGIN) would contradict frame-ancestors; CSP alone rules.
    { schema: { hide: true }, helmet: { frameguard: false } },
    (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .header('cache-control', 'public, max-age=300')
        .send(html),
  );

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: HUB_ASSET_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: 600_000,
    });
  }
}
