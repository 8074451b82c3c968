import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { PASS_TOKEN_HEADER, PASS_TOKEN_QUERY, PraveshError, sessionCookieNames, type Environment } from '@pravesh/core';
import { cookieAttributes, readCookie, serializeCookie } from '../../lib/cookies.ts';
import type { Keyring } from '../shield/keyring.ts';

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
