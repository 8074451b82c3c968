import type { Environment } from '@pravesh/core';
import { readCookie, serializeCookie, type CookieJar } from '../cookies.ts';

/**
 * Where the access token of the code exchange is kept (spec 000 §3 tokenSource; §4 "a new access
 * token is obtained, stored in cookie"). The cookie lives as long as the token, on Path=/ with
 * SameSite=Lax, Secure on https; it is named per site so two sites sharing a cookie domain (or
 * localhost) never pick up each other's token.
 */
export interface TokenStore {
  read(): string | undefined;
  write(token: string, maxAgeSeconds: number): void;
  clear(): void;
}

export function accessTokenCookieName(environment: Environment, siteId: number): string {
  return `PB_ACCESS_TOKEN_${siteId}${environment === 'production' ? '' : '_DEV'}`;
}

/** A token is stored only if it is cookie-safe (a JWT always is). */
const COOKIE_SAFE = /^[A-Za-z0-9._~+/=-]{1,3500}$/;

export function cookieTokenStore(
  name: string,
  jar: CookieJar,
  options: { secure: boolean; domain?: string | undefined },
): TokenStore {
  const write = (value: string, maxAgeSeconds: number) =>
    jar.write(
      serializeCookie(name, value, {
        maxAgeSeconds,
        path: '/',
        domain: options.domain,
        secure: options.secure,
        sameSite: 'Lax',
      }),
    );
  return {
    read: () => {
      const value = readCookie(jar, name);
      return value !== undefined && value !== '' ? value : undefined;
    },
    write(token, maxAgeSeconds) {
      if (COOKIE_SAFE.test(token)) write(token, Math.max(1, Math.floor(maxAgeSeconds)));
    },
    clear: () => write('', 0),
  };
}

export function memoryTokenStore(): TokenStore {
  let token: string | undefined;
  return {
    read: () => token,
    write(value) {
      token = value;
    },
    clear() {
      token = undefined;
    },
  };
}
