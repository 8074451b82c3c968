/**
 * The server's cookies (RFC 6265): reading one out of a Cookie header, writing Set-Cookie values.
 * Used by the visitor cookie (visits) and the session cookies (sso).
 */

/** The value of one cookie in a Cookie header (RFC 6265 §5.4), undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

export interface SetCookieOptions {
  maxAgeSeconds: number;
  path?: string;
  domain?: string | undefined;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
  httpOnly?: boolean;
}

/** RFC 6265 §4.1.1: a cookie name is an HTTP token, its value cookie-octets. */
const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

/**
 * The attributes of a Set-Cookie value, from its `; Max-Age=` on. A cookie set on every answer
 * with the same attributes works them out once and appends them to `name=value`.
 */
export function cookieAttributes(options: SetCookieOptions): string {
  let attributes = `; Max-Age=${options.maxAgeSeconds}; Path=${options.path ?? '/'}`;
  if (options.domain) attributes += `; Domain=${options.domain}`;
  attributes += `; SameSite=${options.sameSite ?? 'Lax'}`;
  if (options.secure) attributes += '; Secure';
  if (options.httpOnly) attributes += '; HttpOnly';
  return attributes;
}

/** A Set-Cookie value; refuses a name or value that is not cookie-safe (RFC 6265 §4.1.1). */
export function serializeCookie(name: string, value: string, options: SetCookieOptions): string {
  if (!COOKIE_NAME.test(name)) throw new Error(`cookie name ${name} is not a token`);
  if (!COOKIE_VALUE.test(value)) throw new Error('cookie value is not cookie-safe');
  return `${name}=${value}${cookieAttributes(options)}`;
}
