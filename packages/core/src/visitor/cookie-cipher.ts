import { fromBase64Url, toBase64Url } from '../shield/crypto.ts';

/**
 * The visitor cookie's secret-key XOR cipher (spec 000 §3: "values obfuscated with a
 * secret-key XOR cipher"). It keeps the record unreadable at a glance and detects casual edits
 * through a one-byte check; it is obfuscation, not encryption — the fields that matter
 * (mobileNo, customerId) are sealed with AES-GCM on top (customer-fields.ts).
 * Format: base64url( xor(utf8(json) ‖ checksum, key) ).
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (const byte of bytes) sum = (sum * 31 + byte) & 0xff;
  return sum;
}

function xor(bytes: Uint8Array, key: Uint8Array): Uint8Array<ArrayBuffer> {
  if (key.length === 0) throw new Error('cookie cipher key is empty');
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i]! ^ key[i % key.length]!;
  return out;
}

export function xorEncode(value: unknown, key: string): string {
  const plain = encoder.encode(JSON.stringify(value));
  const withCheck = new Uint8Array(plain.length + 1);
  withCheck.set(plain);
  withCheck[plain.length] = checksum(plain);
  return toBase64Url(xor(withCheck, encoder.encode(key)));
}

/** Returns undefined for anything that was not produced by xorEncode with this key. */
export function xorDecode(text: string, key: string): unknown {
  try {
    const bytes = xor(fromBase64Url(text), encoder.encode(key));
    if (bytes.length < 2) return undefined;
    const plain = bytes.subarray(0, bytes.length - 1);
    if (checksum(plain) !== bytes[bytes.length - 1]) return undefined;
    return JSON.parse(decoder.decode(plain)) as unknown;
  } catch {
    return undefined;
  }
}
