import { isIP } from 'node:net';
import { ConfigError } from './shared.ts';

/**
 * PRAVESH_TRUSTED_PROXIES: the reverse proxies (addresses or CIDR blocks, comma separated) whose
 * X-Forwarded-For the server believes. None by default: the client's address is
 * then the socket's, so a caller cannot pick its own address with a header and slip past the
 * per-IP limits or put a forged address into the consent ledger. With proxies listed, Fastify
 * (proxy-addr) walks X-Forwarded-For from the right and stops at the first address not listed, so
 * only what a trusted proxy appended counts (OWASP ASVS 4.0 §4.2 / RFC 7239 §7.4).
 */
export function parseTrustedProxies(raw: string | undefined): readonly string[] {
  if (!raw || raw.trim() === '') return [];
  return raw.split(',').map((entry) => {
    const value = entry.trim();
    const [address, bits, extra] = value.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 4 ? 32 : 128;
    const validBits =
      bits === undefined ||
      (/^\d{1,3}$/.test(bits) && Number(bits) >= 0 && Number(bits) <= maxBits && extra === undefined);
    if (family === 0 || !validBits) {
      throw new ConfigError(`PRAVESH_TRUSTED_PROXIES: "${value}" is not an IP address or CIDR block`);
    }
    return value;
  });
}

/** Fastify's trustProxy option: the listed proxies, or false (the socket address) when none. */
export function trustProxyOption(proxies: readonly string[]): false | string[] {
  return proxies.length > 0 ? [...proxies] : false;
}
