import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { PiiConfig } from '../config/pii.ts';
import { normaliseMobile } from '../event-sink/mobile-hash.ts';

/**
 * Personal data at rest (DPDP Act 2023 §8(5) "reasonable security safeguards";
 * OWASP ASVS 4.0 §6.1.1, §6.2), shared by every module through deps.pii (it was the sign-on
 * module's until My Account's personal details needed it too): a customer's mobile number and email
 * (and their personal details) are stored only as
 *
 * - a ciphertext, AES-256-GCM under a kid'd key of PRAVESH_PII_KEYS:
 *   `v1.<kid>.<iv base64url>.<ciphertext‖tag base64url>`, 96-bit random IV per value (NIST SP
 *   800-38D §8.2.2), the column's name as additional data so a value cannot be moved to another
 *   column (a caller-id request's number is 'callerIdMobile', not a customer's 'mobile'); any key
 *   of the ring decrypts, the active one encrypts, so keys rotate without downtime;
 * - a keyed hash, HMAC-SHA256 under PRAVESH_PII_HASH_KEY, for look-ups and uniqueness. Without the
 *   key the 10^10 numbers cannot be tried against it (a plain SHA-256 could be).
 */
export type PiiField = 'mobile' | 'email' | 'callerIdMobile' | 'personalDetails';

export interface PiiCipher {
  readonly activeKid: string;
  encrypt(field: PiiField, plain: string): string;
  decrypt(field: PiiField, sealed: string): string;
  /** The kid a stored value was encrypted with (rotation reports). */
  kidOf(sealed: string): string | undefined;
  /** The look-up hash of a number (normalised) or an address (trimmed, lower-cased). */
  hash(field: PiiField, value: string): string;
}

export function normalisePii(field: PiiField, value: string): string {
  return field === 'email' ? value.trim().toLowerCase() : normaliseMobile(value);
}

export function createPiiCipher(config: PiiConfig, hashKey: string): PiiCipher {
  const keys = new Map(config.keys.map((key) => [key.kid, key.key]));
  const active = keys.get(config.activeKid);
  if (!active) throw new Error(`personal-data key ${config.activeKid} is not in the keyring`);
  const aad = (field: PiiField) => Buffer.from(`pravesh-pii:${field}`);
  return {
    activeKid: config.activeKid,
    encrypt(field, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', active, iv);
      cipher.setAAD(aad(field));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${config.activeKid}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    decrypt(field, sealed) {
      const [version, kid, iv, body] = sealed.split('.');
      const key = kid === undefined ? undefined : keys.get(kid);
      if (version !== 'v1' || !key || !iv || !body) throw new Error('personal data sealed with an unknown key');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(field));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
    kidOf: (sealed) => sealed.split('.')[1],
    hash: (field, value) =>
      createHmac('sha256', hashKey)
        .update(`pravesh-sso-${field}\u0000${normalisePii(field, value)}`)
        .digest('hex'),
  };
}
