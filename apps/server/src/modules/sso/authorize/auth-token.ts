import { decodeProtectedHeader, jwtVerify } from 'jose';
import { PraveshError, isIndianMobileNumber } from '@pravesh/core';
import type { ShieldKey } from '../../../config/index.ts';
import type { OneTimeKeys } from '../sessions/one-time-keys.ts';

/** The audience every auth_token must name. */
export const AUTH_TOKEN_AUDIENCE = 'pravesh-sso';
/** An auth_token may live at most this long (it travels in a URL). */
export const AUTH_TOKEN_MAX_LIFETIME_SECONDS = 300;

/**
 * The auth_token method (spec 000 §4: "signature in the URL"): a trusted back-end vouches for a
 * customer with an HS256 JWT signed by a key of PRAVESH_SSO_SIGNATURE_KEYS (never a site key: those
 * reach browsers). Claims: aud "pravesh-sso", mobileNo, jti, iat, exp (≤ 5 minutes after iat) and
 * optionally siteId (then it must be the calling site). Each jti works once.
 */
export async function verifyAuthToken(input: {
  token: string;
  keys: readonly ShieldKey[];
  callerSiteId: number;
  oneTimeKeys: OneTimeKeys;
  nowMs: number;
}): Promise<string> {
  const encoder = new TextEncoder();
  let mobileNo: string;
  let kid: string;
  let jti: string;
  let exp: number;
  try {
    const header = decodeProtectedHeader(input.token);
    const key = input.keys.find((candidate) => candidate.kid === header.kid);
    if (!key) throw new Error('unknown kid');
    kid = key.kid;
    const { payload } = await jwtVerify(input.token, encoder.encode(key.secret), {
      algorithms: ['HS256'],
      audience: AUTH_TOKEN_AUDIENCE,
      currentDate: new Date(input.nowMs),
      requiredClaims: ['jti', 'iat', 'exp'],
    });
    if (typeof payload.mobileNo !== 'string' || !isIndianMobileNumber(payload.mobileNo)) throw new Error('mobileNo');
    if (payload.exp! - payload.iat! > AUTH_TOKEN_MAX_LIFETIME_SECONDS) throw new Error('lifetime');
    if (payload.siteId !== undefined && Number(payload.siteId) !== input.callerSiteId) throw new Error('site');
    mobileNo = payload.mobileNo;
    jti = payload.jti!;
    exp = payload.exp!;
  } catch {
    throw new PraveshError('authTokenInvalid');
  }
  if (!(await input.oneTimeKeys.claimJti(kid, jti, exp * 1000))) throw new PraveshError('authTokenInvalid');
  return mobileNo;
}
