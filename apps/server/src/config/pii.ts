import type { Environment } from '@pravesh/core';
import { ConfigError } from './shared.ts';

/**
 * Keys that encrypt personal data at rest: mobile numbers and email addresses of
 * customers are stored as AES-256-GCM ciphertexts that name their key id, so keys rotate: add
 * `new=…` to PRAVESH_PII_KEYS, set PRAVESH_PII_ACTIVE_KID=new (new writes use it, every listed key
 * still reads), re-encrypt at leisure, then drop the old key.
 *
 * - PRAVESH_PII_KEYS        "kid=base64,kid2=base64" — each key 32 random bytes, base64 or base64url
 *                           (`openssl rand -base64 32`); kids are [A-Za-z0-9_-]{1,32}
 * - PRAVESH_PII_ACTIVE_KID  the kid new ciphertexts use (default: the first listed)
 *
 * Look-ups use a keyed hash (HMAC-SHA256 under PRAVESH_PII_HASH_KEY), never the ciphertext. The
 * built-in development key serves `local` only (laptops and tests); every other environment refuses
 * to start without its own keys.
 */
export interface PiiKey {
  readonly kid: string;
  readonly key: Buffer;
}

export interface PiiConfig {
  readonly keys: readonly PiiKey[];
  readonly activeKid: string;
}

export const DEV_PII_KEY = {
  kid: 'dev-pii-2026-11',
  /** 32 bytes, public in the source: for `local` only. */
  base64: 'cHJhdmVzaC1kZXZlbG9wbWVudC1waWkta2V5LTMyYiE=',
} as const;

const KID = /^[A-Za-z0-9_-]{1,32}$/;

export function parsePiiKeys(raw: string): PiiKey[] {
  const keys = raw.split(',').map((pair): PiiKey => {
    const separator = pair.indexOf('=');
    const kid = pair.slice(0, separator).trim();
    const encoded = pair.slice(separator + 1).trim();
    if (separator === -1 || !KID.test(kid) || encoded === '') {
      throw new ConfigError('PRAVESH_PII_KEYS must look like "kid=base64key,kid2=base64key"');
    }
    const key = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== 32) throw new ConfigError(`PRAVESH_PII_KEYS key ${kid} is not 32 bytes of base64`);
    return { kid, key };
  });
  if (new Set(keys.map((key) => key.kid)).size !== keys.length) {
    throw new ConfigError('PRAVESH_PII_KEYS lists a kid twice');
  }
  return keys;
}

type Env = Record<string, string | undefined>;

export function loadPiiConfig(env: Env): PiiConfig {
  const raw = env.PRAVESH_PII_KEYS;
  const keys = raw ? parsePiiKeys(raw) : [{ kid: DEV_PII_KEY.kid, key: Buffer.from(DEV_PII_KEY.base64, 'base64') }];
  const activeKid = env.PRAVESH_PII_ACTIVE_KID ?? keys[0]!.kid;
  if (!keys.some((key) => key.kid === activeKid)) {
    throw new ConfigError(`PRAVESH_PII_ACTIVE_KID "${activeKid}" is not in PRAVESH_PII_KEYS`);
  }
  return { keys, activeKid };
}

/** Outside `local` the built-in key is refused (checked after the other start-up checks). */
export function assertPiiKeysConfigured(config: PiiConfig, environment: Environment): void {
  if (environment !== 'local' && config.keys.some((key) => key.kid === DEV_PII_KEY.kid)) {
    throw new ConfigError(`${environment} needs its own personal-data keys: set PRAVESH_PII_KEYS`);
  }
}
