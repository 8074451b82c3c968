import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/index.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import {
  CLIENT_A,
  CLIENT_B,
  TEST_PKCE,
  accessTokenOn,
  authorize,
  exchange,
  logOut,
  pkcePair,
  sessionCookie,
  signInWithOtp,
  ssoServer,
  type SsoTestServer,
} from '../../../test/customers.ts';

interface Authorized {
  code: string;
  customerId: string;
}

describe.each(DATABASE_KINDS)('code exchange on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextMobile = () => `96${String(10_000_000 + n++).slice(-8)}`;

  async function signIn(body: Record<string, unknown> = {}, mobileNo = nextMobile()) {
    const reply = await signInWithOtp(server, mobileNo, body);
    expect(reply.statusCode).toBe(200);
    return { ...reply.json<{ response: Authorized }>().response, mobileNo, cookie: sessionCookie(reply) };
  }

  const userinfo = (accessToken: string) =>
    server.app.inject({ url: '/SSOSP/oauth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });

  beforeAll(async () => {
    server = await ssoServer(kind, {
      env: {
        PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000',
        PRAVESH_SSO_TOKEN_KEYS:
          'sso-old=old-sso-token-key-0123456789abcdef0123,sso-new=new-sso-token-key-0123456789abcdef0123',
        PRAVESH_SSO_TOKEN_ACTIVE_KID: 'sso-old',
      },
    });
  });
  afterAll(() => server?.close());

  it.each([['/MSP/api/v1/myAccount/getSsoToken?guc=true'], ['/BSP/api/v1/myAccount/ssoLogin']])(
    'answers the reply of spec 001 §7 on %s',
    async (path) => {
      const { code, customerId, mobileNo, cookie } = await signIn();
      const reply = await exchange(server, { authorizationCode: code, customerId }, 2, path);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const body = reply.json<{ response: { accessToken: string; user: { glssToken: string } } }>();
      expect(body).toEqual({
        status: true,
        statusCode: 'success',
        response: {
          accessToken: expect.any(String) as string,
          customerId,
          mobileNo,
          visitorId: 'visitor-1',
          expiresIn: 900,
          tokenType: 'Bearer',
          scope: expect.stringContaining('myaccount') as string,
          user: {
            customerId,
            mobileNo,
            visitorId: 'visitor-1',
            visitId: 'visit-1',
            glssToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
          },
        },
      });
      // The spec's glssToken is no longer the HttpOnly session cookie's value.
      expect(body.response.user.glssToken).not.toBe(cookie.split('=')[1]);
      const header = decodeProtectedHeader(body.response.accessToken);
      expect(header).toMatchObject({ alg: 'HS256', kid: 'sso-old', typ: 'at+jwt' });
      expect(decodeJwt(body.response.accessToken)).toMatchObject({
        sub: customerId,
        aud: CLIENT_A.clientId,
        iss: server.config.publicUrl,
        exp: Math.floor(server.clock.now() / 1000) + 900,
      });
      expect((await userinfo(body.response.accessToken)).json()).toMatchObject({ sub: customerId, mobileNo });
    },
  );

  it('needs a pass token (shielded) but no session token', async () => {
    const { code } = await signIn();
    const bare = await server.app.inject({
      method: 'POST',
      url: '/MSP/api/v1/myAccount/getSsoToken?guc=true',
      payload: { authorizationCode: code },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ statusCode: 'clientTokenMissingException' });
    expect((await exchange(server, { authorizationCode: code })).statusCode).toBe(200);
  });

  it('refuses a reused code and revokes the tokens issued from it, the session included', async () => {
    const { code, cookie } = await signIn();
    const first = await exchange(server, { authorizationCode: code });
    const { accessToken } = first.json<{ response: { accessToken: string } }>().response;
    expect((await userinfo(accessToken)).statusCode).toBe(200);

    const second = await exchange(server, { authorizationCode: code });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      status: false,
      statusCode: 'invalidGrant',
      statusMessage: 'Authorization code is invalid, expired or already used',
    });
    const after = await userinfo(accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'invalid_token' });
    // The session token went out with the first exchange, so it is revoked too.
    const logout = await logOut(server, cookie);
    expect(logout.json()).toMatchObject({ response: { loggedOut: false } });
  });

  it('refuses a code after 60 s, and again when replayed after expiry', async () => {
    const { code, cookie } = await signIn();
    server.clock.advance(60_000);
    expect((await exchange(server, { authorizationCode: code })).json()).toMatchObject({ statusCode: 'invalidGrant' });
    expect((await exchange(server, { authorizationCode: code })).json()).toMatchObject({ statusCode: 'invalidGrant' });
    // Nothing was issued from the expired code, so the session lives on.
    const logout = await logOut(server, cookie);
    expect(logout.json()).toMatchObject({ response: { loggedOut: true } });
  });

  it('accepts a code at 59 s', async () => {
    const { code } = await signIn();
    server.clock.advance(59_000);
    expect((await exchange(server, { authorizationCode: code })).statusCode).toBe(200);
  });

  it('refuses a redirect_uri differing by one character from the authorize request', async () => {
    const { code } = await signIn();
    const reply = await exchange(server, { authorizationCode: code, redirect_uri: 'http://localhost:4100' });
    expect(reply.json()).toMatchObject({ statusCode: 'invalidGrant' });
    const { code: other } = await signIn();
    expect((await exchange(server, { authorizationCode: other, redirect_uri: CLIENT_A.redirectUri })).statusCode).toBe(
      200,
    );
  });

  it('verifies PKCE S256: right verifier accepted, wrong or missing refused', async () => {
    const pkce = pkcePair();
    const challenge = { code_challenge: pkce.challenge, code_challenge_method: 'S256' };
    const right = await signIn(challenge);
    expect((await exchange(server, { authorizationCode: right.code, code_verifier: pkce.verifier })).statusCode).toBe(
      200,
    );

    const wrong = await signIn(challenge);
    const mismatch = await exchange(server, { authorizationCode: wrong.code, code_verifier: pkcePair().verifier });
    expect(mismatch.json()).toMatchObject({ statusCode: 'invalidGrant' });

    const missing = await signIn(challenge);
    expect((await exchange(server, { authorizationCode: missing.code, code_verifier: null })).json()).toMatchObject({
      statusCode: 'codeExchangeIncomplete',
    });
  });

  it('refuses, at authorize, a public client that sends no code_challenge (RFC 9700 §2.1.1)', async () => {
    const reply = await signInWithOtp(server, nextMobile(), { code_challenge: null, code_challenge_method: null });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      statusCode: 'badRequest',
      statusMessage: 'Invalid request: code_challenge is required (PKCE S256, RFC 7636)',
    });
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it.each([['/MSP/api/v1/myAccount/getSsoToken?guc=true'], ['/BSP/api/v1/myAccount/ssoLogin']])(
    'tells on %s a body without its PKCE verifier or its redirect_uri what it lacks, without using the code up',
    async (path) => {
      const cases = [
        [{ code_verifier: null }, 'code_verifier of the authorize request is required'],
        [{ redirect_uri: null }, 'redirect_uri of the authorize request is required'],
        // The body exactly as spec 001 §7 shows it.
        [{ code_verifier: undefined, redirect_uri: undefined }, 'code_verifier of the authorize request is required'],
      ] as const;
      for (const [missing, statusMessage] of cases) {
        const statusCode = 'codeExchangeIncomplete';
        const { code, customerId } = await signIn();
        const refused = await exchange(server, { authorizationCode: code, customerId, ...missing }, 2, path);
        expect(refused.statusCode, statusCode).toBe(400);
        expect(refused.json()).toEqual({ status: false, statusCode, statusMessage });
        // Refused before the code was looked at: with both, the same code still redeems once.
        expect((await exchange(server, { authorizationCode: code }, 2, path)).statusCode).toBe(200);
        expect((await exchange(server, { authorizationCode: code }, 2, path)).statusCode).toBe(400);
      }
    },
  );

  it('answers a glssToken that signs nobody in and differs per client and site', async () => {
    const first = await signIn();
    const a = (await exchange(server, { authorizationCode: first.code })).json<{
      response: { user: { glssToken: string } };
    }>().response.user.glssToken;
    // The same session seen by site 7's client gets another value.
    const onB = await authorize(
      server,
      { client_id: CLIENT_B.clientId, redirect_uri: CLIENT_B.redirectUri },
      { siteId: 7, cookie: first.cookie },
    );
    const b = (
      await exchange(
        server,
        {
          authorizationCode: onB.json<{ response: { code: string } }>().response.code,
          redirect_uri: CLIENT_B.redirectUri,
        },
        7,
      )
    ).json<{ response: { user: { glssToken: string } } }>().response.user.glssToken;
    expect(b).not.toBe(a);
    // glss_token method with it: no session; as the session cookie: no session either.
    const asToken = await authorize(server, { glss_token: a });
    expect(asToken.json()).toMatchObject({ statusCode: 'sessionInvalid' });
    const asCookie = await authorize(server, {}, { cookie: `PB_GLSS_TOKEN_DEV=${a}` });
    expect(asCookie.json()).toMatchObject({ statusCode: 'sessionInvalid' });
  });

  it("binds the access token to its client's site: refused under another site's pass token", async () => {
    const { code, customerId, cookie } = await signIn();
    const { accessToken } = (await exchange(server, { authorizationCode: code })).json<{
      response: { accessToken: string };
    }>().response;
    expect(decodeJwt(accessToken)).toMatchObject({ aud: CLIENT_A.clientId, site_id: 2 });
    const applicationData = async (siteId: number, token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/MSP/api/v1/pbguc/getApplicationData',
        headers: { 'pb-pass-token': await server.pass(siteId), 'pb-access-token': token },
        payload: { visitorId: 'visitor-1', customerId },
      });
    expect((await applicationData(2, accessToken)).statusCode).toBe(200);
    const foreign = await applicationData(7, accessToken);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ statusCode: 'tokenNotValidated' });
    expect((await applicationData(7, await accessTokenOn(server, cookie, CLIENT_B))).statusCode).toBe(200);
  });

  it('refuses Origin: null on authorize and the exchange (an opaque origin is not "no Origin")', async () => {
    const { code } = await signIn();
    const reply = await server.app.inject({
      method: 'POST',
      url: '/MSP/api/v1/myAccount/getSsoToken?guc=true',
      headers: { 'pb-pass-token': await server.pass(2), origin: 'null' },
      payload: { authorizationCode: code, code_verifier: TEST_PKCE.verifier, redirect_uri: CLIENT_A.redirectUri },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ statusCode: 'originNotAllowed' });
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/oauth/authorize',
      headers: { 'pb-pass-token': await server.pass(2), origin: 'null' },
      payload: { client_id: CLIENT_A.clientId, redirect_uri: CLIENT_A.redirectUri, glss_token: 'x'.repeat(43) },
    });
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json()).toMatchObject({ statusCode: 'originNotAllowed' });
  });

  it("refuses another site's code and another customer's id", async () => {
    const { code } = await signIn();
    expect((await exchange(server, { authorizationCode: code }, 7)).json()).toMatchObject({
      statusCode: 'invalidGrant',
    });
    const { code: second } = await signIn();
    const reply = await exchange(server, {
      authorizationCode: second,
      customerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(reply.json()).toMatchObject({ statusCode: 'invalidGrant' });
  });

  it('refuses a code whose session ended before the exchange', async () => {
    const { code, cookie } = await signIn();
    await logOut(server, cookie);
    expect((await exchange(server, { authorizationCode: code })).json()).toMatchObject({ statusCode: 'invalidGrant' });
  });

  it('refuses an access token once it expires or its session logs out', async () => {
    const { code, cookie } = await signIn();
    const { accessToken } = (await exchange(server, { authorizationCode: code })).json<{
      response: { accessToken: string };
    }>().response;
    server.clock.advance(899_000);
    expect((await userinfo(accessToken)).statusCode).toBe(200);
    server.clock.advance(2_000);
    expect((await userinfo(accessToken)).statusCode).toBe(401);

    const again = await signIn();
    const fresh = (await exchange(server, { authorizationCode: again.code })).json<{
      response: { accessToken: string };
    }>().response.accessToken;
    await logOut(server, again.cookie);
    expect((await userinfo(fresh)).statusCode).toBe(401);
    expect(cookie).toBeDefined();
  });

  it('keeps tokens of the previous kid valid after the signing key rotates', async () => {
    const { code } = await signIn();
    const { accessToken } = (await exchange(server, { authorizationCode: code })).json<{
      response: { accessToken: string };
    }>().response;
    const rotated = loadConfig({
      PRAVESH_ENV: 'local',
      PRAVESH_DATA_DIR: '/nonexistent',
      PRAVESH_SSO_TOKEN_KEYS:
        'sso-old=old-sso-token-key-0123456789abcdef0123,sso-new=new-sso-token-key-0123456789abcdef0123',
      PRAVESH_SSO_TOKEN_ACTIVE_KID: 'sso-new',
    });
    const next = await buildApp(rotated, { database: server.database, logger: false, now: server.clock.now });
    try {
      const reply = await next.inject({
        url: '/SSOSP/oauth/userinfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(reply.statusCode).toBe(200);
      const dropped = loadConfig({
        PRAVESH_ENV: 'local',
        PRAVESH_SSO_TOKEN_KEYS: 'sso-new=new-sso-token-key-0123456789abcdef0123',
      });
      const after = await buildApp(dropped, { database: server.database, logger: false, now: server.clock.now });
      const refused = await after.inject({
        url: '/SSOSP/oauth/userinfo',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(refused.statusCode).toBe(401);
      await after.close();
    } finally {
      await next.close();
    }
  });
});
