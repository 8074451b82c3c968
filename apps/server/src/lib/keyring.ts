import { deriveSiteKey } from '@pravesh/core';
import type { ShieldKey } from '../config/index.ts';

/**
 * Shield keyring: master secrets by kid, per-site keys derived once and memoised (the
 * derivation is an HMAC, too slow to repeat on every request).
 */
export interface Keyring {
  readonly activeKid: string;
  has(kid: string): boolean;
  siteKey(kid: string, siteId: number): Promise<Uint8Array<ArrayBuffer>>;
}

export function createKeyring(keys: readonly ShieldKey[], activeKid: string): Keyring {
  const secrets = new Map(keys.map((key) => [key.kid, key.secret]));
  const derived = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  return {
    activeKid,
    has: (kid) => secrets.has(kid),
    siteKey(kid, siteId) {
      const secret = secrets.get(kid);
      if (secret === undefined) return Promise.reject(new Error(`unknown kid ${kid}`));
      const cacheKey = `${kid}:${siteId}`;
      let key = derived.get(cacheKey);
      if (!key) {
        key = deriveSiteKey(secret, siteId);
        derived.set(cacheKey, key);
      }
      return key;
    },
  };
}
