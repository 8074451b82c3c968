import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets of single sign-on: 256-bit randoms shown once and stored as SHA-256 (a preimage of a
 * 256-bit random cannot be guessed, so no salt or slow hash is needed), and HMACs under kid'd keys.
 */

/** A 256-bit random, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmacSha256(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Constant-time comparison of two strings (length leaks, content does not). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** PKCE S256 (RFC 7636 §4.2): BASE64URL(SHA256(ASCII(code_verifier))). */
export function pkceS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43–128 characters of [A-Za-z0-9-._~]. */
export function isValidCodeVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9._~-]{43,128}$/.test(verifier);
}

function codeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('pravesh-code-seal').digest();
}

/**
 * Seals a value under a key derived from a secret the caller holds (the authorization code), so
 * the database alone cannot open it: AES-256-GCM, base64url(iv ‖ tag ‖ ciphertext).
 */
export function sealWithSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', codeKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openWithSecret(secret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', codeKey(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** A mobile number for log lines: first two and last two digits. */
export function maskMobile(mobileNo: string): string {
  return mobileNo.length < 6
    ? '******'
    : `${mobileNo.slice(0, 2)}${'*'.repeat(mobileNo.length - 4)}${mobileNo.slice(-2)}`;
}
