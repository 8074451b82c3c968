import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_PASS_HEADER, PASS_TOKEN_HEADER, PASS_TOKEN_QUERY, PraveshError } from '@pravesh/core';
import type { SiteRegistry } from '../modules/shield/site-registry.ts';
import type { PassVerifier, VerifiedPass } from '../modules/shield/verifier.ts';

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

/** The caller's origin: the Origin header, else the origin of the Referer. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
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
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      if (route === undefined || request.routeOptions.config.shield === false) return;
      if (!SERVICE_PREFIXES.some((prefix) => route.startsWith(prefix))) return;
      const origin = requestOrigin(request);

      // spec 000 §5: a header no-pass equal to 1 skips the pass token — honoured only for pages
      // on a host the calling site lists in noPassDomain.
      if (request.headers[NO_PASS_HEADER] === '1' && origin) {
        const site = registry.siteForOrigin(origin);
        if (site && site.noPassDomain.includes(new URL(origin).hostname)) {
          request.siteId = site.siteId;
          return;
        }
      }

      const token = passToken(request);
      if (!token) throw new PraveshError('clientTokenMissing');
      const pass = await verifier.verify(token);
      // Browsers always send Origin on cross-origin calls; a non-browser client without one is
      // accepted, since it could forge the header anyway.
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
    });
  },
  { name: 'pravesh-shield' },
);
