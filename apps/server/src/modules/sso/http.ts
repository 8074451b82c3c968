import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { PASS_TOKEN_HEADER, PASS_TOKEN_QUERY, PraveshError, sessionCookieNames, type Environment } from '@pravesh/core';
import { cookieAttributes, readCookie, serializeCookie } from '../../lib/cookies.ts';
import type { Keyring } from '../../lib/keyring.ts';

/**
 * The session cookies (spec 000 §9): PB_GLSS_TOKEN carries the session token and is HttpOnly;
 * PB_GLSS_TOKEN_EXISTS says "1" to the SDK, which only needs to know a session exists (spec 000
 * §4 "Session exists"). `_DEV` suffix outside production; Secure outside local; SameSite=Lax.
 */
export function createSessionCookies(options: {
  environment: Environment;
  domain: string | undefined;
  maxAgeSeconds: number;
}) {
  const names = sessionCookieNames(options.environment);
  const secure = options.environment !== 'local';
  const base = { secure, domain: options.domain };
  // The usual pair's attributes do not change: serialised once (sign-ins set them on every answer).
  const tokenSuffix = cookieAttributes({ ...base, maxAgeSeconds: options.maxAgeSeconds, httpOnly: true });
  const existsLine = serializeCookie(names.exists, '1', {
    ...base,
    maxAgeSeconds: options.maxAgeSeconds,
    httpOnly: false,
  });
  return {
    names,
    read: (request: FastifyRequest): string | undefined => {
      const value = readCookie(request.headers.cookie, names.token);
      return value && /^[A-Za-z0-9_-]{20,128}$/.test(value) ? value : undefined;
    },
    set(reply: FastifyReply, token: string, maxAgeSeconds = options.maxAgeSeconds): void {
      void reply.header(
        'set-cookie',
        maxAgeSeconds === options.maxAgeSeconds
          ? [`${names.token}=${token}${tokenSuffix}`, existsLine]
          : [
              serializeCookie(names.token, token, { ...base, maxAgeSeconds, httpOnly: true }),
              serializeCookie(names.exists, '1', { ...base, maxAgeSeconds, httpOnly: false }),
            ],
      );
    },
    clear(reply: FastifyReply): void {
      void reply.header('set-cookie', [
        serializeCookie(names.token, '', { ...base, maxAgeSeconds: 0, httpOnly: true }),
        serializeCookie(names.exists, '', { ...base, maxAgeSeconds: 0, httpOnly: false }),
      ]);
    },
  };
}
export type SessionCookies = ReturnType<typeof createSessionCookies>;

/** The calling site, from the verified pass token (or an allowed no-pass origin). */
export function callerSite(request: FastifyRequest): number {
  if (request.siteId === null) throw new PraveshError('clientTokenMissing');
  return request.siteId;
}

/** spec 000 §7: some accounts calls carry a site-id header; it must name the calling site. */
export function checkSiteIdHeader(request: FastifyRequest, header: string): number {
  const siteId = callerSite(request);
  if (Number(header) !== siteId) throw new PraveshError('siteIdMismatch');
  return siteId;
}

function passTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[PASS_TOKEN_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[PASS_TOKEN_QUERY];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The site keys that may have sealed a value sent by this caller: the kid of its pass token first
 * (the shield config it signed with), then every other kid of the keyring (rotation).
 */
export async function callerSiteKeys(request: FastifyRequest, keyring: Keyring, kids: readonly string[]) {
  const siteId = callerSite(request);
  let first: string | undefined;
  const token = passTokenOf(request);
  if (token && request.pass) {
    try {
      first = decodeProtectedHeader(token).kid;
    } catch {
      first = undefined;
    }
  }
  const ordered = [first ?? keyring.activeKid, ...kids].filter(
    (kid, index, all): kid is string => kid !== undefined && keyring.has(kid) && all.indexOf(kid) === index,
  );
  return Promise.all(ordered.map((kid) => keyring.siteKey(kid, siteId)));
}

/** A transparent 1×1 GIF for the setSSID image. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The client address for per-IP limits (trustProxy honours X-Forwarded-For from the proxy). */
export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/**
 * `Origin: null` is what a browser sends when it will not say where a request comes from: sandboxed
 * frames, data: and file: documents, cross-origin redirect chains (RFC 6454 §7.3, Fetch §3.2.5
 * "serializing a request origin"). It is an opaque, unknown origin, so every origin check of the
 * sign-on module treats it as hostile — never as "no Origin" (a header a non-browser client simply
 * leaves out). Registered as an onRequest hook of the sso plugin.
 */
export function refuseOpaqueOrigin(request: FastifyRequest): void {
  if (request.headers.origin?.trim().toLowerCase() === 'null') throw new PraveshError('originNotAllowed');
}

/** Values of Sec-Fetch-Site (W3C Fetch Metadata Request Headers §2.4). */
export type FetchSite = 'same-origin' | 'same-site' | 'cross-site' | 'none';

/**
 * Fetch Metadata and Origin check for a state change a browser must not be led into by another site
 * (OWASP CSRF Prevention Cheat Sheet "Fetch Metadata headers" and "Verifying Origin with standard
 * headers"; ASVS 5.0 V3.5.1): a Sec-Fetch-Site outside `fetchSites` is refused, and so is an Origin
 * that is `null` or not in `origins`. Browsers that send neither header are old or not browsers;
 * those cannot carry a victim's cookies across sites in the first place, so they pass here and
 * meet the route's own token checks.
 */
export function assertFetchedFrom(
  request: FastifyRequest,
  allowed: { fetchSites: readonly FetchSite[]; origins: ReadonlySet<string> },
): void {
  const origin = request.headers.origin;
  if (origin !== undefined && (origin.trim().toLowerCase() === 'null' || !allowed.origins.has(origin))) {
    throw new PraveshError('originNotAllowed');
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !(allowed.fetchSites as readonly string[]).includes(site)) {
    throw new PraveshError('originNotAllowed');
  }
}
