import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import {
  AUTHENTICATION_STRATEGIES,
  MAX_PASS_TOKEN_BYTES,
  PraveshError,
  decryptDevice,
  devicePayloadSchema,
  passTokenClaimsSchema,
  type AuthenticationStrategy,
  type DevicePayload,
  type PassTokenClaims,
} from '@pravesh/core';
import { tokenCacheKey as cacheKeyOf } from '../../lib/token-cache-key.ts';
import type { Keyring } from '../../lib/keyring.ts';
import type { SiteRegistry } from '../../lib/site-registry.ts';

/** What a request carries once its pass token has been verified. */
export interface VerifiedPass {
  readonly siteId: number;
  readonly claims: PassTokenClaims;
  readonly device: DevicePayload;
  readonly authentication: Readonly<Partial<Record<AuthenticationStrategy, string>>>;
}

export interface PassVerifier {
  /** Verifies a pass token; throws a PraveshError with a spec 000 §8 shield code. */
  verify(token: string): Promise<VerifiedPass>;
  /** The pass of a token verified before and still valid; throws "Jwt Expired" once it lapsed. */
  cached(token: string): VerifiedPass | undefined;
}

export interface PassVerifierOptions {
  keyring: Keyring;
  registry: SiteRegistry;
  /** Injectable clock in milliseconds (tests need no sleeps). */
  now?: () => number;
  /** Verified tokens kept in memory; a browser reuses one token for most of its life. */
  cacheSize?: number;
}

/**
 * Time rules of the pass token (spec 000 §9: a token lives passTokenValidity seconds, 900 by
 * default). The SDK signs with its clock corrected by the server's time from the
 * shield config (packages/sdk/src/pass-token.ts), so only transit time and the residue of that
 * correction need tolerating:
 *
 * - FUTURE_SKEW_SECONDS: how far `iat` may lie ahead of the server's clock, and how far `exp` may
 *   lie beyond now + the site's validity. Without it a token issued a year ahead was good for a year.
 * - EXPIRED_LEEWAY_SECONDS: how long after `exp` a token is still taken (was 60 s); spec 000 §8 says
 *   none, see docs/decisions/0004-expired-pass-token-leeway-5-seconds.md.
 */
export const FUTURE_SKEW_SECONDS = 30;
export const EXPIRED_LEEWAY_SECONDS = 5;

const JWS_COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const STRATEGIES: readonly string[] = AUTHENTICATION_STRATEGIES;

export function createPassVerifier(options: PassVerifierOptions): PassVerifier {
  const now = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? 10_000;
  // Only tokens that passed every check enter it, and expiry is re-checked on each hit. Keyed by a
  // number made from the token's last characters (its signature's end) rather than by the token or a
  // slice of it: hashing a new ~700-character string, or cutting and hashing a 43-character one, on
  // every request was a measurable part of the shield's cost, while a small integer
  // key costs neither an allocation nor a string hash. A hit still counts only when the whole token
  // is the same string, so a token that shares the key with a verified one (a forged payload, or a
  // chance match) is verified from scratch, and then takes the key over. Map keeps insertion order,
  // so the oldest entry is evicted first.
  const verified = new Map<number, { token: string; pass: VerifiedPass }>();

  async function verifyUncached(token: string): Promise<VerifiedPass> {
    if (token.length > MAX_PASS_TOKEN_BYTES || !JWS_COMPACT.test(token)) throw new PraveshError('jwtInvalid');
    let header: ReturnType<typeof decodeProtectedHeader>;
    let unverified: ReturnType<typeof decodeJwt>;
    try {
      header = decodeProtectedHeader(token);
      unverified = decodeJwt(token);
    } catch {
      throw new PraveshError('jwtInvalid');
    }
    // Only HS256 (RFC 7518 §3.2); "none", HS512 and asymmetric algorithms are refused outright
    // so no key confusion is possible.
    if (header.alg !== 'HS256' || typeof header.kid !== 'string' || !options.keyring.has(header.kid)) {
      throw new PraveshError('jwtInvalid');
    }
    const siteId = unverified.siteId;
    if (typeof siteId !== 'number' || !Number.isInteger(siteId)) throw new PraveshError('jwtInvalid');
    const settings = options.registry.settings(siteId);
    if (!settings) throw new PraveshError('configuration');

    const key = await options.keyring.siteKey(header.kid, siteId);
    try {
      await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(now()),
        clockTolerance: EXPIRED_LEEWAY_SECONDS,
        requiredClaims: ['exp', 'iat'],
      });
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new PraveshError('jwtExpired');
      throw new PraveshError('jwtInvalid');
    }
    const parsed = passTokenClaimsSchema.safeParse(unverified);
    if (!parsed.success) throw new PraveshError('jwtInvalid');
    const claims = parsed.data;
    // A token may not outlive the site's validity window (spec 000 §9, 900 s by default), or a
    // page could mint one that never expires: not counted from its own iat alone (a token dated a
    // year ahead would live a year) but from the server's clock too.
    const nowSeconds = now() / 1000;
    if (
      claims.iat > nowSeconds + FUTURE_SKEW_SECONDS ||
      claims.exp > nowSeconds + settings.passTokenValidity + FUTURE_SKEW_SECONDS ||
      claims.exp - claims.iat > settings.passTokenValidity + FUTURE_SKEW_SECONDS
    ) {
      throw new PraveshError('jwtInvalid');
    }

    const authentication: Partial<Record<AuthenticationStrategy, string>> = {};
    for (const [strategy, value] of Object.entries(claims.authenticationToken ?? {})) {
      if (!STRATEGIES.includes(strategy)) throw new PraveshError('invalidAuthenticationStrategy', { strategy });
      authentication[strategy as AuthenticationStrategy] = value;
    }

    let device: DevicePayload;
    try {
      device = devicePayloadSchema.parse(await decryptDevice(key, claims.device));
    } catch {
      throw new PraveshError('authentication');
    }
    return { siteId, claims, device, authentication };
  }

  function cached(token: string): VerifiedPass | undefined {
    const key = cacheKeyOf(token);
    const entry = verified.get(key);
    if (!entry || entry.token !== token) return undefined;
    const hit = entry.pass;
    if (hit.claims.exp + EXPIRED_LEEWAY_SECONDS <= now() / 1000) {
      verified.delete(key);
      throw new PraveshError('jwtExpired');
    }
    return hit;
  }

  return {
    cached,
    async verify(token) {
      const hit = cached(token);
      if (hit) return hit;
      const result = await verifyUncached(token);
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
      verified.set(cacheKeyOf(token), { token, pass: result });
      return result;
    },
  };
}
