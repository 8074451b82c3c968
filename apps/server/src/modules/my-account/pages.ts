import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scriptJson } from '@pravesh/core';
import {
  APP_SHELL_PAGES,
  appShellPageOf,
  keepAppShell,
  type AppShellPage,
} from '@pravesh/core/my-account/app-shell.ts';
import type { AppConfig } from '../../config/index.ts';
import { registerPageAssets } from '../../lib/framed-page.ts';
import { repoPath } from '../../lib/locations.ts';

/**
 * The My Account single-page app (spec 001 §1: "The account site's base path is /myaccount/"),
 * built by apps/dashboard (Vite) into dist/. Every path under /myaccount/ answers index.html (the
 * app's router shows the root screen for "/" and unknown paths, spec 001 §2); the hashed bundles
 * are under /myaccount/assets/, where a missing file is a 404, so a stale chunk fails loudly and
 * the app's reload-once rule can act (spec 001 §4 "Lazy screen loading").
 */
export const DASHBOARD_BASE = '/myaccount/';
export const DASHBOARD_ASSETS = `${DASHBOARD_BASE}assets/`;
/** Matches apps/dashboard/src/app/config.ts. */
export const DASHBOARD_CONFIG_ELEMENT_ID = 'pravesh-dashboard-config';
/** spec 000 §3 site list: My Account is site 14; its OAuth client is config/sso.ts's default. */
export const DASHBOARD_SITE_ID = 14;
export const DASHBOARD_CLIENT_ID = 'pravesh-myaccount';

const DEFAULT_DIST_DIR = repoPath('apps/dashboard/dist');

/**
 * The accounts pages' policy, except that nothing may frame My Account (it holds a signed-in
 * customer's data: clickjacking, OWASP) and scripts come only from this origin, so a font or
 * script CDN cannot be added by accident.
 */
export function dashboardContentSecurityPolicy(config: AppConfig, inlineStyleHashes: readonly string[] = []): string {
  const api = new URL(config.publicUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    // The build inlines the entry stylesheet (apps/dashboard/build/app-shell.ts): allowed by its
    // hash, so no other inline style (an injected one) applies.
    ["style-src 'self'", ...inlineStyleHashes.map((hash) => `'${hash}'`)].join(' '),
    "font-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${api}`,
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What the app needs to know about this deployment, written into its HTML. */
export function dashboardBootstrap(config: AppConfig) {
  return {
    apiBaseUrl: config.publicUrl,
    environment: config.environment,
    siteId: DASHBOARD_SITE_ID,
    clientId: DASHBOARD_CLIENT_ID,
    accountsUrl: config.publicUrl,
    basePath: DASHBOARD_BASE,
    /** spec 001 §9: "After logout it goes to the main homepage" (development and fte, §4). */
    providerHomeUrl: `${config.publicUrl}/`,
    /** spec 001 §9 feature switches of this environment that decide what the app draws. */
    features: { ondcEligible: config.holdings.ondcEligible },
  };
}

/** CSP hashes (sha256-…) of the <style> blocks of a page (CSP3 "hash-source"). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (match) => `sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}`,
  );
}

/** The encodings a page is kept in, best first. */
const PAGE_ENCODINGS = ['br', 'gzip'] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** The best of br and gzip that Accept-Encoding allows (RFC 9110 §12.5.3: q=0 refuses), else none. */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return PAGE_ENCODINGS.find((encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0);
}

/** One answer of index.html: the text and its compressed copies, made once at start. */
interface PageBody {
  plain: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Compressed copies already made in this process, by page text: brotli at its best quality took
 * about 0.2 s of CPU per server built, and a test worker builds hundreds of servers (as two
 * instances in one process would) from the same few pages. Bounded: a page's text carries its
 * deployment's settings, so a process that builds servers of many settings keeps only the latest.
 */
const compressedPages = new Map<string, PageBody>();
const COMPRESSED_PAGES_KEPT = 16;

function pageBody(html: string): PageBody {
  let body = compressedPages.get(html);
  if (!body) {
    body = {
      plain: html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    if (compressedPages.size >= COMPRESSED_PAGES_KEPT) compressedPages.delete(compressedPages.keys().next().value!);
  }
  // Re-inserted: the map's order is the order of last use, so the oldest is dropped first.
  compressedPages.delete(html);
  compressedPages.set(html, body);
  return body;
}

const NOT_BUILT = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>My Account</title></head>
<body><p>My Account is being updated. Please try again in a few minutes.</p></body></html>`;

export async function dashboardPages(
  app: FastifyInstance,
  options: { config: AppConfig; distDir?: string },
): Promise<void> {
  const { config } = options;
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn({ distDir }, 'My Account is not built: run "npm run build -w @pravesh/dashboard"');
  const bootstrap = `<script type="application/json" id="${DASHBOARD_CONFIG_ELEMENT_ID}">${scriptJson(
    dashboardBootstrap(config),
  )}</script>`;
  const html = built ? readFileSync(indexFile, 'utf8').replace('</head>', `    ${bootstrap}\n  </head>`) : NOT_BUILT;
  const csp = dashboardContentSecurityPolicy(config, inlineStyleHashes(html));
  // One page per app shell (core my-account/app-shell.ts): the dashboard's paints its title and
  // greeting before any script runs; every other path gets the generic frame.
  const bodies = new Map<AppShellPage, PageBody>(
    APP_SHELL_PAGES.map((shell) => [shell, pageBody(keepAppShell(html, shell))]),
  );

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split(/[?#]/, 1)[0]!;
    const body = bodies.get(appShellPageOf(pathname.slice(DASHBOARD_BASE.length - 1)))!;
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return (
      reply
        .code(built ? 200 : 503)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .header('x-frame-options', 'DENY')
        // The shell names this build's hashed bundles: always revalidated.
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding')
        .header('referrer-policy', 'no-referrer')
        .send(encoding ? body[encoding] : body.plain)
    );
  };
  app.get('/myaccount', { schema: { hide: true } }, (_request, reply) => reply.redirect(DASHBOARD_BASE, 301));
  app.get(DASHBOARD_BASE, { schema: { hide: true } }, page);
  app.get(`${DASHBOARD_BASE}*`, { schema: { hide: true } }, page);

  if (built) {
    await registerPageAssets(app, {
      root: path.join(distDir, 'assets'),
      prefix: DASHBOARD_ASSETS,
      cacheControl: false,
      // The build writes .br and .gz copies of every text asset (apps/dashboard/build/precompress.ts):
      // sent to a browser that accepts them, with Vary so a shared cache keeps the two apart
      // (RFC 9110 §12.5.3, §12.5.5).
      preCompressed: true,
      setHeaders(reply) {
        // Vite names every bundle by its content hash.
        reply.setHeader('cache-control', 'public, max-age=31536000, immutable');
        reply.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
}
