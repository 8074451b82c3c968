import { decodeProtectedHeader, jwtVerify } from 'jose';
import { PraveshError } from '@pravesh/core';
import type { SsoConfig } from '../config/sso.ts';
import type { Database } from '../db/client.ts';
import { tokenCacheKey } from '../lib/token-cache-key.ts';
import { uncachedTokenLiveness, type TokenLiveness } from './token-liveness.ts';

/** RFC 9068 §2.1: the JWT type of OAuth access tokens. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessTokenClaims {
  jti: string;
  customerId: string;
  clientId: string;
  scope: string;
  sessionId: string;
  /** The site of the client the token was issued to (its audience); null on tokens without one. */
  siteId: number | null;
}

export interface AccessTokenVerifierOptions {
  db: Database;
  config: Pick<SsoConfig, 'tokenKeys'>;
  issuer: string;
  now: () => number;
  /** The instance's shared liveness cache (deps.tokenLiveness); without one every check asks the database. */
  liveness?: TokenLiveness | undefined;
  /** Most verified signatures kept (see verifiedClaims); the oldest go first. */
  cacheSize?: number;
}

const DEFAULT_CACHE_SIZE = 10_000;

export type AccessTokenKeys = ReadonlyMap<string, Uint8Array>;

export function accessTokenKeys(config: Pick<SsoConfig, 'tokenKeys'>): AccessTokenKeys {
  const encoder = new TextEncoder();
  return new Map(config.tokenKeys.map((key) => [key.kid, encoder.encode(key.secret)]));
}

/**
 * Verifies the access tokens the code exchange issues: signature under a kid of
 * PRAVESH_SSO_TOKEN_KEYS (rotation keeps old kids valid), issuer, type, expiry, and — since a token
 * is only as good as its session — an unrevoked token row whose session is unrevoked and unexpired.
 * Used by the code service (userinfo) and by every customer-scoped route outside the SSO plugin
 * (activity, consent), so one rule decides who a request speaks for.
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions) {
  const { db, issuer, now } = options;
  const keys = accessTokenKeys(options.config);
  // Liveness (unrevoked, unexpired, its session too) is cached per instance, invalidated on every
  // revocation on every instance: token-liveness.ts says why that keeps ASVS V3.3 revocation at once.
  const liveness = options.liveness ?? uncachedTokenLiveness(db, now);
  // Verified signatures, as the pass-token verifier keeps them (modules/shield/verifier.ts): jose's
  // HS256 check goes through WebCrypto (a key import and an async job per call), a third of the
  // server's CPU on getCreditScores, and a customer's page sends one token many
  // times. The signature, issuer, type and claims of a token never change, so its verified claims
  // are kept; what can change is checked on every request all the same: expiry (below) and liveness
  // (revocation, the session's own expiry: token-liveness.ts). Keyed by the signature's end
  // (lib/token-cache-key.ts), a hit counts only when the whole token is the same string, so a payload
  // forged under a known signature is verified from scratch (and fails).
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  const verifiedClaims = new Map<number, { token: string; claims: AccessTokenClaims; exp: number }>();

  /** The claims of a token verified before, while it has not expired (jose's rule: exp > now, in whole seconds). */
  function cachedClaims(token: string): AccessTokenClaims | undefined {
    const key = tokenCacheKey(token);
    const entry = verifiedClaims.get(key);
    if (!entry || entry.token !== token) return undefined;
    if (entry.exp <= Math.floor(now() / 1000)) {
      verifiedClaims.delete(key);
      return undefined;
    }
    return entry.claims;
  }

  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    const claims = cachedClaims(token) ?? (await verifySignedClaims(token));
    const live = await liveness.isLive(claims.jti);
    if (!live) throw new PraveshError('tokenNotValidated');
    return claims;
  };

  async function verifySignedClaims(token: string): Promise<AccessTokenClaims> {
    let claims: AccessTokenClaims;
    let exp: number;
    try {
      const { kid } = decodeProtectedHeader(token);
      const key = kid === undefined ? undefined : keys.get(kid);
      if (!key) throw new Error('unknown kid');
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer,
        typ: ACCESS_TOKEN_TYPE,
        currentDate: new Date(now()),
        requiredClaims: ['jti', 'sub', 'exp'],
      });
      // Frozen: one object answers every request that carries the token.
      claims = Object.freeze({
        jti: payload.jti!,
        customerId: payload.sub!,
        clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
        scope: typeof payload.scope === 'string' ? payload.scope : '',
        sessionId: typeof payload.sid === 'string' ? payload.sid : '',
        siteId: typeof payload.site_id === 'number' ? payload.site_id : null,
      });
      exp = payload.exp!;
      // Not-before is checked by jose now; a token that has one is not kept (ours carry none).
      if (payload.nbf !== undefined) return claims;
    } catch {
      throw new PraveshError('tokenNotValidated');
    }
    if (verifiedClaims.size >= cacheSize) verifiedClaims.delete(verifiedClaims.keys().next().value!);
    verifiedClaims.set(tokenCacheKey(token), { token, claims, exp });
    return claims;
  }
}

export type VerifyAccessToken = ReturnType<typeof createAccessTokenVerifier>;
