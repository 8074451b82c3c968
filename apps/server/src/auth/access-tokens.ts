import { decodeProtectedHeader, jwtVerify } from 'jose';
import { PraveshError } from '@pravesh/core';
import type { SsoConfig } from '../config/sso.ts';
import type { Database } from '../db/client.ts';
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
}

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
  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    let claims: AccessTokenClaims;
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
      claims = {
        jti: payload.jti!,
        customerId: payload.sub!,
        clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
        scope: typeof payload.scope === 'string' ? payload.scope : '',
        sessionId: typeof payload.sid === 'string' ? payload.sid : '',
        siteId: typeof payload.site_id === 'number' ? payload.site_id : null,
      };
    } catch {
      throw new PraveshError('tokenNotValidated');
    }
    const live = await liveness.isLive(claims.jti);
    if (!live) throw new PraveshError('tokenNotValidated');
    return claims;
  };
}

export type VerifyAccessToken = ReturnType<typeof createAccessTokenVerifier>;
