import {
  VISITOR_COOKIE_MAX_AGE_SECONDS,
  visitorCookieName,
  decodeVisitorCookie,
  encodeVisitorCookie,
  visitorRecordSchema,
  type CookieCodec,
  type CookieKey,
  type Environment,
  type VisitorRecord,
} from '@pravesh/core';
import type { ShieldKey } from '../../config/index.ts';
import { cookieAttributes, readCookie, serializeCookie } from '../../lib/cookies.ts';

/**
 * The server-issued visitor cookie (spec 000 §3 "Visitor cookie record", §9: 3650 days).
 * Safari deletes script-written cookies after 7 days without a visit (ARCHITECTURE.md "Browser
 * facts"), so every visit call answers the record with Set-Cookie too. It is not HttpOnly: the
 * SDK reads and rewrites it. The value is encodeVisitorCookie(record, key) — `<kid>.<xor text>`,
 * exactly as the SDK writes it with the keys the shield config serves it: writing uses the active
 * key, reading the key the value's kid names (any key for a value without a kid), so keys rotate
 * without losing visitors. The XOR cipher is the spec's obfuscation, not secrecy (the keys are
 * served to every browser); the customer fields inside are sealed separately.
 */

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Node's native UTF-8 and base64url for the cookie cipher: the record is encoded on every visit
 * call, and the portable tables cost several microseconds there. Gives the same bytes as
 * WEB_CODEC (tested). Buffer's decoder skips characters it does not know, so the text is checked
 * first.
 */
export const NODE_CODEC: CookieCodec = {
  utf8(text) {
    // From Node's buffer pool: a fresh Uint8Array's own backing store costs more than the cipher.
    const length = Buffer.byteLength(text, 'utf8');
    const bytes = Buffer.allocUnsafe(length + 1);
    bytes.write(text, 0, 'utf8');
    bytes[length] = 0;
    return bytes;
  },
  toBase64Url: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url'),
  fromBase64Url(text) {
    if (text.length % 4 === 1 || !BASE64URL.test(text)) throw new Error('not base64url');
    return Buffer.from(text, 'base64url');
  },
};

/** Browsers drop cookies over 4096 bytes (RFC 6265 §6.1); a larger record is not issued. */
export const MAX_COOKIE_BYTES = 4096;

export interface VisitorCookieOptions {
  environment: Environment;
  keys: readonly ShieldKey[];
  activeKid: string;
  domain?: string | undefined;
}

export function createVisitorCookie(options: VisitorCookieOptions) {
  const name = visitorCookieName(options.environment);
  const found = options.keys.find((key) => key.kid === options.activeKid);
  if (!found) throw new Error(`cookie kid ${options.activeKid} is not in the keyring`);
  const active: CookieKey = { kid: found.kid, key: found.secret };
  // The active key first: nearly every value without a kid was written with it.
  const readKeys: CookieKey[] = [
    active,
    ...options.keys.filter((key) => key !== found).map((key) => ({ kid: key.kid, key: key.secret })),
  ];
  const accept = (value: unknown): VisitorRecord | undefined => {
    const parsed = visitorRecordSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const attributes = cookieAttributes({
    maxAgeSeconds: VISITOR_COOKIE_MAX_AGE_SECONDS,
    path: '/',
    domain: options.domain,
    sameSite: 'Lax',
    secure: options.environment !== 'local',
    httpOnly: false,
  });
  // The value is `<URI-encoded kid>.<base64url>`, cookie-safe by construction: the name and the
  // kid are checked once here, not on every visit call.
  serializeCookie(name, encodeVisitorCookie({}, active, NODE_CODEC), { maxAgeSeconds: 0 });

  return {
    name,
    /** The visitor record of the request's cookie, when one decodes under a key of the ring. */
    read(cookieHeader: string | undefined): VisitorRecord | undefined {
      const value = readCookie(cookieHeader, name);
      return value ? decodeVisitorCookie(value, readKeys, accept, NODE_CODEC) : undefined;
    },
    /** The Set-Cookie value for the record, or undefined when it would be too large to keep. */
    serialize(record: VisitorRecord): string | undefined {
      const header = `${name}=${encodeVisitorCookie(record, active, NODE_CODEC)}${attributes}`;
      return header.length > MAX_COOKIE_BYTES ? undefined : header;
    },
  };
}

export type VisitorCookie = ReturnType<typeof createVisitorCookie>;
