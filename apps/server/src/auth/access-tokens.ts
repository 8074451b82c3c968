import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { PraveshError } from '@pravesh/core';
import type { SsoConfig } from '../config/sso.ts';
import type { Database } from '../db/client.ts';
import { ssoAccessTokens, ssoSessions } from '../db/schema/sso.ts';
import { createBatcher } from '../lib/batcher.ts';

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
  /**
   * Whether each token is still live (unrevoked, unexpired, its session too): the checks of every
   * request that arrives in one event-loop turn go as one statement, as puckar/check's reads do
   * (issue 13 §3). PGlite runs queries on the event loop itself, so one statement per request made
   * every customer route as slow as that statement (issue 14 bench: getCreditScores).
   */
  const liveChecks = createBatcher<string, boolean>({
    maxWaitMs: 'turn',
    maxBatchSize: 200,
    maxConcurrentFlushes: 2,
    async flush(jtis) {
      const at = new Date(now());
      const rows = await db
        .select({ jti: ssoAccessTokens.jti })
        .from(ssoAccessTokens)
        .innerJoin(ssoSessions, eq(ssoSessions.sessionId, ssoAccessTokens.sessionId))
        .where(
          and(
            inArray(ssoAccessTokens.jti, [...new Set(jtis)]),
            isNull(ssoAccessTokens.revokedAt),
            gt(ssoAccessTokens.expiresAt, at),
            isNull(ssoSessions.revokedAt),
            gt(ssoSessions.expiresAt, at),
          ),
        );
      const live = new Set(rows.map((row) => row.jti));
      return jtis.map((jti) => live.has(jti));
    },
  });
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
    const live = await liveChecks.add(claims.jti);
    if (!live) throw new PraveshError('tokenNotValidated');
    return claims;
  };
}

export type VerifyAccessToken = ReturnType<typeof createAccessTokenVerifier>;
