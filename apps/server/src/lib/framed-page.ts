import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { AppConfig } from '../config/index.ts';

/**
 * What the server-rendered pages that sites frame have in common (the accounts pages and the
 * storage hub): the HTML carries its configuration as a JSON data element, the pages may be framed
 * only by the configured site origins (CSP frame-ancestors; X-Frame-Options is not sent, since its
 * only values, DENY and SAMEORIGIN, would contradict that list), and their built scripts are
 * served beside them, linked with a content hash.
 */

/** A configured origin that may frame the pages. */
export interface FrameOrigin {
  origin: string;
  includeSubdomain: boolean;
}

/** Every configured site origin, once; the site's includeSubdomain setting travels with it. */
export function frameOrigins(config: Pick<AppConfig, 'sites'>): FrameOrigin[] {
  const found = new Map<string, FrameOrigin>();
  for (const site of config.sites.values()) {
    for (const origin of site.origins) {
      const known = found.get(origin);
      found.set(origin, { origin, includeSubdomain: (known?.includeSubdomain ?? false) || site.includeSubdomain });
    }
  }
  return [...found.values()];
}

/**
 * The CSP frame-ancestors directive: `first` sources (e.g. 'self'), then each frame origin and
 * *.host when subdomains are accepted; 'none' when that leaves nothing.
 */
export function frameAncestorsDirective(config: Pick<AppConfig, 'sites'>, first: readonly string[] = []): string {
  const sources = new Set<string>(first);
  for (const { origin, includeSubdomain } of frameOrigins(config)) {
    sources.add(origin);
    if (includeSubdomain) {
      const url = new URL(origin);
      sources.add(`${url.protocol}//*.${url.host}`);
    }
  }
  return `frame-ancestors ${sources.size > 0 ? [...sources].join(' ') : "'none'"}`;
}

/** A short content hash of a built file, so each build gets fresh URLs; undefined when it is missing. */
export function fileVersion(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 12);
}

/**
 * Answers GET `url` with the rendered page, its CSP and cache policy; hidden from the API docs,
 * and without helmet's X-Frame-Options (SAMEORIGIN), which would contradict frame-ancestors.
 */
export function serveFramedPage(
  app: FastifyInstance,
  url: string,
  page: { html: string; csp: string; cacheControl: string },
): void {
  app.get(url, { schema: { hide: true } }, (_request, reply) =>
    reply
      .removeHeader('x-frame-options')
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', page.csp)
      .header('cache-control', page.cacheControl)
      .send(page.html),
  );
}

/** Serves a build folder's files under `prefix` (no index pages, no reply decorators). */
export async function registerPageAssets(
  app: FastifyInstance,
  options: { root: string; prefix: string } & Pick<
    FastifyStaticOptions,
    'maxAge' | 'setHeaders' | 'cacheControl' | 'preCompressed'
  >,
): Promise<void> {
  await app.register(fastifyStatic, { ...options, decorateReply: false, index: false });
}
