import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PraveshError } from '@pravesh/core';
import type { Database } from '../db/client.ts';
import { ACCESS_TOKEN_TYPE, createAccessTokenVerifier } from './access-tokens.ts';
import type { TokenLiveness } from './token-liveness.ts';

/**
 * The verified-claims cache of createAccessTokenVerifier: what it keeps never outlives what could
 * change — the token's expiry (checked on every hit) and its liveness (asked on every request) —
 * and a token that only shares a verified signature is never taken for it.
 */

const KEY = { kid: 'at-test', secret: 'access-token-test-secret-0123456789' };
const ISSUER = 'https://api.test';
const START = Date.UTC(2026, 10, 27, 6, 0, 0);

function setup() {
  let at = START;
  const live = new Set<string>();
  const asked: string[] = [];
  const liveness: TokenLiveness = {
    caching: false,
    isLive: (jti) => {
      asked.push(jti);
      return Promise.resolve(live.has(jti));
    },
    revoked: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const verify = createAccessTokenVerifier({
    // Never reached: liveness, the only database reader, is the fake above.
    db: undefined as unknown as Database,
    config: { tokenKeys: [KEY] },
    issuer: ISSUER,
    now: () => at,
    liveness,
  });
  return {
    verify,
    live,
    asked,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

async function tokenFor(jti: string, ttlSeconds = 600, extra: Record<string, unknown> = {}): Promise<string> {
  const iat = Math.floor(START / 1000);
  return new SignJWT({ client_id: 'client', scope: 'bureau', sid: 'session', site_id: 2, ...extra })
    .setProtectedHeader({ alg: 'HS256', kid: KEY.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(ISSUER)
    .setSubject('customer-1')
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(new TextEncoder().encode(KEY.secret));
}

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PraveshError);
  return (error as PraveshError).code;
}

const TOKEN_NOT_VALIDATED = new PraveshError('tokenNotValidated').code;

describe('access-token verifier cache', () => {
  it('refuses a cached token once it expires', async () => {
    const { verify, live, advance } = setup();
    live.add('j1');
    const token = await tokenFor('j1', 60);
    expect((await verify(token)).customerId).toBe('customer-1');
    advance(59_000);
    expect((await verify(token)).jti).toBe('j1');
    advance(1_000);
    expect(await refused(verify(token))).toBe(TOKEN_NOT_VALIDATED);
  });

  it('asks liveness on every request, cached or not: a revoked token stops at once', async () => {
    const { verify, live, asked } = setup();
    live.add('j2');
    const token = await tokenFor('j2');
    await verify(token);
    await verify(token);
    expect(asked).toEqual(['j2', 'j2']);
    live.delete('j2');
    expect(await refused(verify(token))).toBe(TOKEN_NOT_VALIDATED);
  });

  it('never admits another payload under a verified signature', async () => {
    const { verify, live } = setup();
    live.add('j3');
    live.add('j4');
    const token = await tokenFor('j3');
    await verify(token);
    const [header, , signature] = token.split('.');
    const other = (await tokenFor('j4')).split('.')[1];
    const forged = `${header}.${other}.${signature}`;
    expect(await refused(verify(forged))).toBe(TOKEN_NOT_VALIDATED);
    // The genuine token is still answered.
    expect((await verify(token)).jti).toBe('j3');
  });

  it('keeps no token with a not-before claim: jose checks it each time', async () => {
    const { verify, live, advance } = setup();
    live.add('j5');
    const nbf = Math.floor(START / 1000) + 30;
    const token = await tokenFor('j5', 600, { nbf });
    expect(await refused(verify(token))).toBe(TOKEN_NOT_VALIDATED);
    advance(30_000);
    expect((await verify(token)).jti).toBe('j5');
  });
});
