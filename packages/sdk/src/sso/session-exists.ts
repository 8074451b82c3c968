import { sessionCookieNames, type Environment } from '@pravesh/core';
import { readCookie, type CookieJar } from '../cookies.ts';
import { readUrlSignOnParams } from './links.ts';

/**
 * spec 000 §4 "Session exists": the exists-cookie (PB_GLSS_TOKEN_EXISTS, _DEV outside production)
 * is set, or glssKey or signature is in the page URL. The session token cookie itself is HttpOnly:
 * the exists-cookie is how a page learns there is something to sign in with.
 */
export function sessionExists(environment: Environment, cookies: CookieJar, url: string): boolean {
  if (existsCookieSet(environment, cookies)) return true;
  const params = readUrlSignOnParams(url);
  return params.glssKey !== undefined || params.signature !== undefined;
}

/** The accounts host's exists-cookie alone: it has a session cookie of its own. */
export function existsCookieSet(environment: Environment, cookies: CookieJar): boolean {
  const exists = readCookie(cookies, sessionCookieNames(environment).exists);
  return exists !== undefined && exists !== '';
}
