import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { NO_PASS_HEADER, PASS_TOKEN_HEADER, PASS_TOKEN_QUERY, PraveshError } from '@pravesh/core';
import type { SiteRegistry } from '../lib/site-registry.ts';
import type { PassVerifier, VerifiedPass } from '../modules/shield/index.ts';

/** Service prefixes of spec 000 §7 and spec 001 §7; every route under them is shielded. */
export const SERVICE_PREFIXES = ['/SSOSP/', '/SSOSOCKET/', '/MSP/', '/BSP/', '/OVI/', '/GRIDSP/'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified pass token; null on unshielded routes and no-pass requests. */
    pass: VerifiedPass | null;
    /** The calling site: from the pass token, or from the Origin on an allowed no-pass call. */
    siteId: number | null;
  }
  interface FastifyContextConfig {
    /** Set false on a service route that must answer without a pass token. */
    shield?: boolean;
  }
}

export interface ShieldPluginOptions {
  verifier: PassVerifier;
  registry: SiteRegistry;
}

/**
 * The serialisation of an opaque origin (RFC 6454 §6.2, §7.3; Fetch "serializing a request
 * origin"): what a browser sends from a sandboxed frame, a data: or file: URL, or after a
 * cross-origin redirect. It names no site, so it matches none.
 */
export const OPAQUE_ORIGIN = 'null';

const isOpaque = (origin: string) => origin.trim().toLowerCase() === OPAQUE_ORIGIN;

/**
 * The caller's origin: the Origin header, else the origin of the Referer. An opaque origin is
 * answered as OPAQUE_ORIGIN, never replaced by the Referer: a page that hides its origin (a
 * sandboxed frame on a hostile page) must not borrow a site's through a Referer it controls, nor
 * pass as a non-browser client that sent no Origin.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined && isOpaque(origin)) return OPAQUE_ORIGIN;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function passToken(request: FastifyRequest): string | undefined {
  const header = request.headers[PASS_TOKEN_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  // Image loads cannot set headers (spec 000 §1): the token rides in the query, GET only.
  if (request.method === 'GET' || request.method === 'HEAD') {
    const query = request.query as Record<string, unknown> | undefined;
    const value = query?.[PASS_TOKEN_QUERY];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

export const shieldPlugin = fp<ShieldPluginOptions>(
  (app: FastifyInstance, { verifier, registry }) => {
    app.decorateRequest('pass', null);
    app.decorateRequest('siteId', null);

    /** Origin and route binding of a verified pass (siteId allowed for the calling origin). */
    function admitPass(request: FastifyRequest, pass: VerifiedPass, origin: string | undefined): void {
      // Browsers always send Origin on cross-origin calls; a non-browser client without one is
      // accepted, since it could forge the header anyway. An opaque origin is a browser that hides
      // where the call comes from: refused.
      if (origin === OPAQUE_ORIGIN) throw new PraveshError('authentication');
      if (origin && !registry.isOriginAllowedFor(pass.siteId, origin)) throw new PraveshError('authentication');
      const settings = registry.settings(pass.siteId);
      if (
        settings &&
        settings.allowedRoute.length > 0 &&
        !settings.allowedRoute.some((prefix) => request.url.startsWith(prefix))
      ) {
        throw new PraveshError('authentication');
      }
      request.pass = pass;
      request.siteId = pass.siteId;
    }

    /** Returns a promise only when the token has to be verified from scratch. */
    function shield(request: FastifyRequest): Promise<void> | undefined {
      const origin = requestOrigin(request);
      // spec 000 §5: a header no-pass equal to 1 skips the pass token — honoured only for pages
      // on a host the calling site lists in noPassDomain (see docs/decisions/0002-no-pass-only-for-no-pass-domains.md).
      if (request.headers[NO_PASS_HEADER] === '1' && origin && origin !== OPAQUE_ORIGIN) {
        const site = registry.siteForOrigin(origin);
        if (site && site.noPassDomain.includes(new URL(origin).hostname)) {
          request.siteId = site.siteId;
          return undefined;
        }
      }
      const token = passToken(request);
      if (!token) throw new PraveshError('clientTokenMissing');
      // A browser reuses one token for most of its life: answer those from the verifier's cache
      // synchronously, so the common case costs no promise round trip.
      const cached = verifier.cached(token);
      if (cached) {
        admitPass(request, cached, origin);
        return undefined;
      }
      return verifier.verify(token).then((pass) => admitPass(request, pass, origin));
    }

    const shieldHook: onRequestHookHandler = (request, _reply, done) => {
      let pending: Promise<void> | undefined;
      try {
        pending = shield(request);
      } catch (error) {
        done(error as Error);
        return;
      }
      if (pending) pending.then(() => done(), done);
      else done();
    };

    // The hook is attached to service routes only, when they are declared, so other routes pay
    // nothing and shielded ones skip the prefix test on every request.
    app.addHook('onRoute', (route) => {
      if (route.config?.shield === false) return;
      if (!SERVICE_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
      const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [shieldHook, ...existing];
    });
  },
  { name: 'pravesh-shield' },
);
