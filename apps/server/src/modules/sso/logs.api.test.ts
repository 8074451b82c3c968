import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { SSO_ROUTES, callerIdStatusPath, devCallerIdPath, sealForSite } from '@pravesh/core';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { DEMO_CUSTOMER } from './customers/seed.ts';
import {
  authorize,
  exchange,
  latestOtp,
  pkcePair,
  sendOtp,
  sessionCookie,
  ssoServer,
  type SsoTestServer,
} from '../../test/customers.ts';

/** No OTP, password or token in the logs, across a whole sign-in and sign-out. */
describe.each(DATABASE_KINDS)('secrets stay out of the logs on %s', (kind) => {
  let server: SsoTestServer;
  const secrets: string[] = [];

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_LOG_LEVEL: 'trace' } });
  });
  afterAll(() => server?.close());

  it('logs requests but none of the secrets they carry', async () => {
    const mobileNo = DEMO_CUSTOMER.mobileNo;
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    secrets.push(otp);
    const pkce = pkcePair();
    const signedIn = await authorize(server, {
      mobileNo,
      otp,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const { code } = signedIn.json<{ response: { code: string } }>().response;
    const cookie = sessionCookie(signedIn);
    const sessionToken = cookie.split('=')[1]!;
    secrets.push(code, sessionToken, pkce.verifier);

    const exchanged = await exchange(server, { authorizationCode: code, code_verifier: pkce.verifier });
    const { accessToken } = exchanged.json<{ response: { accessToken: string } }>().response;
    secrets.push(accessToken);

    // Passwords: long and plain, short and sealed, and wrong ones.
    await authorize(server, { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    const short = 'Sh0rt-secret!';
    const sealed = await sealForSite(await server.siteKey(2), 'password', short);
    await authorize(server, { mobileNo, password: sealed });
    await authorize(server, { mobileNo, password: short });
    secrets.push(DEMO_CUSTOMER.password, short, sealed);

    // Tokens in query strings: setSSID (image) and the pass token.
    const pass = await server.pass(2);
    await server.app.inject({ url: `/SSOSP/api/v1/customer/setSSID?token=${sessionToken}&pb-pass-token=${pass}` });
    const mint = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/oauth/glssKey',
      headers: { 'pb-pass-token': pass, cookie },
      payload: { siteId: 2 },
    });
    secrets.push(mint.json<{ response: { glssKey: string } }>().response.glssKey, pass);
    await server.app.inject({ url: '/SSOSP/oauth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });
    // A replay is logged as a warning, without the code.
    await exchange(server, { authorizationCode: code, code_verifier: pkce.verifier });
    await server.app.inject({
      url: '/SSOSP/api/v1/oauth/logout?redirect_uri=http://localhost:4100/',
      headers: { cookie },
    });

    const log = server.logs.join('\n');
    expect(log).toContain('SMS kept in the local outbox');
    // The line says where a person reads the code (once per message), never the code.
    expect(log).toMatch(/SMS kept in the local outbox: read it at http:\/\/[^ "]+\/dev\/outbox"/);
    expect(log).toContain('authorization code used twice');
    expect(log).toContain('/SSOSP/api/v1/customer/setSSID?token=%5Bredacted%5D');
    for (const secret of secrets) expect(log.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
  });

  it('keeps the caller-ID request nonce out of the logs: once approved it signs its holder in', async () => {
    const requestNonce = randomBytes(18).toString('base64url');
    const pass = await server.pass(2);
    await server.app.inject({
      method: 'POST',
      url: SSO_ROUTES.callerIdStart,
      headers: { 'pb-pass-token': pass },
      payload: { type: 'btmsheet', partnerKey: 'demo-partner', lang: 'en', ttl: 60_000, requestNonce },
    });
    await server.app.inject(devCallerIdPath(requestNonce));
    const approved = await server.app.inject({
      method: 'POST',
      url: `${devCallerIdPath(requestNonce)}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=9234567890',
    });
    expect(approved.statusCode).toBe(303);
    const status = await server.app.inject({
      url: callerIdStatusPath(requestNonce),
      headers: { 'pb-pass-token': pass, 'site-id': '2' },
    });
    expect(status.json<{ response: { status: string } }>().response.status).toBe('success');
    await authorize(server, { social_token: requestNonce, socialProviderId: 'truecaller' });

    const log = server.logs.join('\n');
    expect(log).toContain(`${SSO_ROUTES.callerIdStart}/[redacted]`);
    expect(log.includes(requestNonce)).toBe(false);
  });
});
