import { fromBase64Url, toBase64Url } from '../shield/crypto.ts';

/**
 * The visitor cookie's secret-key XOR cipher (spec 000 §3: "values obfuscated with a
 * secret-key XOR cipher"). It keeps the record unreadable at a glance and detects casual edits
 * through a one-byte check; it is obfuscation, not encryption: its keys are served to every
 * browser in the shield config, so it keeps nothing secret. The fields that matter (mobileNo,
 * customerId) are sealed with AES-GCM on top (customer-fields.ts).
 * Format: base64url( xor(utf8(json) ‖ checksum, key) ).
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * How the cipher turns text into bytes and bytes into cookie-safe text. WEB_CODEC works in every
 * runtime; the server passes Node's native one (visits/visitor-cookie.ts), several times faster on
 * the visit call, without making the browser bundles carry it.
 */
export interface CookieCodec {
  /** The UTF-8 bytes of `text` followed by one zero byte: room for the check byte. */
  utf8(text: string): Uint8Array;
  toBase64Url(bytes: Uint8Array): string;
  /** Throws on anything but unpadded base64url. */
  fromBase64Url(text: string): Uint8Array;
}

export const WEB_CODEC: CookieCodec = {
  utf8(text) {
    const encoded = encoder.encode(text);
    const bytes = new Uint8Array(encoded.length + 1);
    bytes.set(encoded);
    return bytes;
  },
  toBase64Url,
  fromBase64Url,
};

/** The bytes of the last keys used: a server or page uses one or two keys for every cookie. */
const keyBytes = new Map<string, Uint8Array>();

function bytesOf(key: string): Uint8Array {
  let bytes = keyBytes.get(key);
  if (!bytes) {
    if (key.length === 0) throw new Error('cookie cipher key is empty');
    bytes = encoder.encode(key);
    if (keyBytes.size >= 16) keyBytes.clear();
    keyBytes.set(key, bytes);
  }
  return bytes;
}

/**
 * XORs every byte but the last with the repeated key, in place, and answers the checksum of their
 * plain values: the bytes as given when sealing, as XORed when opening. One pass over the record,
 * which the visit call seals on every request.
 */
function xorAndSum(bytes: Uint8Array, key: Uint8Array, sealing: boolean): number {
  const keyLength = key.length;
  let sum = 0;
  for (let i = 0, k = 0; i < bytes.length - 1; i++, k = k + 1 === keyLength ? 0 : k + 1) {
    const mixed = bytes[i]! ^ key[k]!;
    sum = (sum * 31 + (sealing ? bytes[i]! : mixed)) & 0xff;
    bytes[i] = mixed;
  }
  return sum;
}

/** The last byte holds the checksum, XORed with the key byte of its position like the others. */
const keyedChecksum = (sum: number, bytes: Uint8Array, key: Uint8Array) => sum ^ key[(bytes.length - 1) % key.length]!;

export function xorEncode(value: unknown, key: string, codec: CookieCodec = WEB_CODEC): string {
  const keyed = bytesOf(key);
  const sealed = codec.utf8(JSON.stringify(value));
  sealed[sealed.length - 1] = keyedChecksum(xorAndSum(sealed, keyed, true), sealed, keyed);
  return codec.toBase64Url(sealed);
}

/** Returns undefined for anything that was not produced by xorEncode with this key. */
export function xorDecode(text: string, key: string, codec: CookieCodec = WEB_CODEC): unknown {
  try {
    const keyed = bytesOf(key);
    const bytes = codec.fromBase64Url(text);
    if (bytes.length < 2) return undefined;
    if (keyedChecksum(xorAndSum(bytes, keyed, false), bytes, keyed) !== bytes[bytes.length - 1]) return undefined;
    return JSON.parse(decoder.decode(bytes.subarray(0, bytes.length - 1))) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One key of the visitor cookie keyring (PRAVESH_COOKIE_KEYS), as the server serves it to the SDK
 * in the shield config. The key reaches every browser by design: the cipher only keeps the record
 * from being read at a glance (spec 000 §3 mandates it); it is not a secret and guards nothing.
 */
export interface CookieKey {
  /** The key's id; '' for an unnamed key (tests, and values written before kids were stored). */
  kid: string;
  key: string;
}

/** Between the kid and the cipher text: base64url never contains it, encodeURIComponent keeps it. */
const KID_SEPARATOR = '.';

/**
 * The visitor cookie value: `<kid>.<xorEncode(value, key)>`, the kid URI-encoded so the value
 * stays cookie-safe (RFC 6265 §4.1.1). Naming the kid lets a reader pick the one key that wrote the
 * value, so after a rotation old cookies still decode while their key is in the ring. An unnamed
 * key writes the bare cipher text (the format before kids were stored).
 */
export function encodeVisitorCookie(value: unknown, key: CookieKey, codec?: CookieCodec): string {
  const text = xorEncode(value, key.key, codec);
  return key.kid === '' ? text : `${encodeURIComponent(key.kid)}${KID_SEPARATOR}${text}`;
}

/**
 * Decodes a visitor cookie value with the key its kid names; a value without a kid is tried with
 * every key. `accept` checks a decoded value (e.g. a visitor record schema) and answers it, or
 * undefined to try the next key. Undefined when no key gives an accepted value, and for a kid
 * the ring does not hold (its key was rotated out).
 */
export function decodeVisitorCookie<T>(
  text: string,
  keys: readonly CookieKey[],
  accept: (value: unknown) => T | undefined,
  codec?: CookieCodec,
): T | undefined {
  const separator = text.lastIndexOf(KID_SEPARATOR);
  if (separator === -1) {
    for (const key of keys) {
      const decoded = xorDecode(text, key.key, codec);
      const accepted = decoded === undefined ? undefined : accept(decoded);
      if (accepted !== undefined) return accepted;
    }
    return undefined;
  }
  let kid: string;
  try {
    kid = decodeURIComponent(text.slice(0, separator));
  } catch {
    return undefined;
  }
  const key = keys.find((candidate) => candidate.kid === kid);
  if (!key) return undefined;
  const decoded = xorDecode(text.slice(separator + 1), key.key, codec);
  return decoded === undefined ? undefined : accept(decoded);
}
