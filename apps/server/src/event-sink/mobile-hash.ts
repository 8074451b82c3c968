import { createHmac } from 'node:crypto';

/**
 * Tracking data carries mobileNo (spec 000 §3); it is kept only as a keyed hash. A plain SHA-256
 * of a ten-digit number is reversed by trying all 10^10 numbers, so the hash is an HMAC under a
 * server secret (PRAVESH_PII_HASH_KEY). Indian numbers are normalised first (spaces, dashes, +91, 0091
 * or a leading 0 dropped) so one phone gives one hash however it was typed.
 */
export function normaliseMobile(mobileNo: string): string {
  const compact = mobileNo.replace(/[\s().-]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? match[1]! : compact;
}

export function createMobileHasher(key: string): (mobileNo: string) => string {
  return (mobileNo) => createHmac('sha256', key).update(normaliseMobile(mobileNo)).digest('hex');
}
