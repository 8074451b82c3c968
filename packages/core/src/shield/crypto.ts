/**
 * Key handling of the shield, shared by server and browser through Web Crypto.
 *
 * Why this shape: the pass token is signed in the browser (spec 000 §1), so the site key is
 * necessarily known to the page. The shield therefore binds requests to a site, an origin and a
 * short window and raises the cost of scripted abuse; it does not authenticate a person. To keep
 * the master secrets off pages, each site gets its own key derived from a keyring entry:
 *   siteKey = HMAC-SHA256(masterSecret[kid], "pravesh-site-key:" + siteId)
 * Rotation: add a new kid to the keyring and make it active; configs served from then on carry
 * the new kid, tokens signed under the old kid verify until it is removed.
 * The device fingerprint is encrypted with AES-256-GCM under a key derived from the site key, so
 * only a holder of the site key (this server) can read it back.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ALPHABET_CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** Byte value of each base64url character by char code; -1 for every other character. */
const DECODE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) DECODE[ALPHABET_CODES[i]!] = i;
/** The output is ASCII, which every single-byte decoder reads as itself. */
const ascii = new TextDecoder('latin1');

/**
 * base64url without padding (RFC 4648 §5), by table into one byte array decoded at once: the
 * visitor cookie is encoded on every visit call, and the btoa route (a string per byte, btoa,
 * three regex passes) was a hot spot there.
 */
export function toBase64Url(bytes: Uint8Array): string {
  const length = bytes.length;
  const whole = length - (length % 3);
  const out = new Uint8Array(Math.ceil((length * 4) / 3));
  let at = 0;
  for (let i = 0; i < whole; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[at++] = ALPHABET_CODES[v >>> 18]!;
    out[at++] = ALPHABET_CODES[(v >>> 12) & 63]!;
    out[at++] = ALPHABET_CODES[(v >>> 6) & 63]!;
    out[at++] = ALPHABET_CODES[v & 63]!;
  }
  if (length - whole === 1) {
    const v = bytes[whole]!;
    out[at++] = ALPHABET_CODES[v >>> 2]!;
    out[at++] = ALPHABET_CODES[(v & 3) << 4]!;
  } else if (length - whole === 2) {
    const v = (bytes[whole]! << 8) | bytes[whole + 1]!;
    out[at++] = ALPHABET_CODES[v >>> 10]!;
    out[at++] = ALPHABET_CODES[(v >>> 4) & 63]!;
    out[at++] = ALPHABET_CODES[(v & 15) << 2]!;
  }
  return ascii.decode(out);
}

/** Decodes base64url without padding; throws on any other character or an impossible length. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const length = text.length;
  if (length % 4 === 1) throw new Error('not base64url');
  const bytes = new Uint8Array(Math.floor((length * 3) / 4));
  let at = 0;
  let bits = 0;
  let count = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? DECODE[code]! : -1;
    if (value < 0) throw new Error('not base64url');
    bits = (bits << 6) | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes[at++] = (bits >>> count) & 0xff;
    }
  }
  return bytes;
}

async function hmacSha256(key: Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The per-site HS256 key (see the module comment). */
export function deriveSiteKey(masterSecret: string, siteId: number): Promise<Uint8Array<ArrayBuffer>> {
  return hmacSha256(encoder.encode(masterSecret), `pravesh-site-key:${siteId}`);
}

async function aesKey(material: Uint8Array<ArrayBuffer>, usage: KeyUsage[]): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', material, { name: 'AES-GCM' }, false, usage);
}

async function sealWith(key: CryptoKey, plain: Uint8Array<ArrayBuffer>): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

async function openWith(key: CryptoKey, sealed: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = fromBase64Url(sealed);
  if (bytes.length < 12 + 16) throw new Error('sealed value too short');
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12)));
}

/**
 * What a site-key seal protects. Each purpose gets its own derived AES key, so a value sealed for
 * one purpose can never be replayed as another (a device blob as an authorization-key, say).
 * authorization-key: the OTP call's header (spec 000 §7); password: passwords of 20 characters or
 * fewer (spec 000 §5); login-link: mobileNo and leadId in the login link (spec 000 §2).
 */
export type SealPurpose = 'device' | 'authorization-key' | 'password' | 'login-link';

function purposeKey(siteKey: Uint8Array<ArrayBuffer>, purpose: SealPurpose): Promise<CryptoKey> {
  // 'device' keeps its original label so tokens already issued stay readable.
  const label = purpose === 'device' ? 'pravesh-device-key' : `pravesh-seal:${purpose}`;
  return hmacSha256(siteKey, label).then((material) => aesKey(material, ['encrypt', 'decrypt']));
}

/** Seals a JSON value with AES-256-GCM under a key derived from the site key for `purpose`. */
export async function sealForSite(
  siteKey: Uint8Array<ArrayBuffer>,
  purpose: SealPurpose,
  value: unknown,
): Promise<string> {
  return sealWith(await purposeKey(siteKey, purpose), encoder.encode(JSON.stringify(value)));
}

/** Opens a sealed value; throws when it was not sealed with this site key for this purpose. */
export async function openForSite(
  siteKey: Uint8Array<ArrayBuffer>,
  purpose: SealPurpose,
  sealed: string,
): Promise<unknown> {
  return JSON.parse(decoder.decode(await openWith(await purposeKey(siteKey, purpose), sealed))) as unknown;
}

/** Encrypts the device fingerprint payload for the pass token's `device` claim. */
export function encryptDevice(siteKey: Uint8Array<ArrayBuffer>, payload: unknown): Promise<string> {
  return sealForSite(siteKey, 'device', payload);
}

/** Decrypts a `device` claim; throws when it was not sealed with this site key. */
export function decryptDevice(siteKey: Uint8Array<ArrayBuffer>, sealed: string): Promise<unknown> {
  return openForSite(siteKey, 'device', sealed);
}

/**
 * Transport wrapping of the site key inside the served shield config (`ct`). Obfuscation, not
 * secrecy (the page must be able to unwrap it): it keeps raw keys out of page source and logs.
 */
async function transportKey(siteId: number, kid: string): Promise<CryptoKey> {
  const material = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`pravesh-ct:${siteId}:${kid}`)));
  return aesKey(material, ['encrypt', 'decrypt']);
}

export async function wrapSiteKey(siteKey: Uint8Array<ArrayBuffer>, siteId: number, kid: string): Promise<string> {
  return sealWith(await transportKey(siteId, kid), siteKey);
}

export async function unwrapSiteKey(ct: string, siteId: number, kid: string): Promise<Uint8Array<ArrayBuffer>> {
  return openWith(await transportKey(siteId, kid), ct);
}
