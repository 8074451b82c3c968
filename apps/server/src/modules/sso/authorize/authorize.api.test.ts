import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { sealForSite } from '@pravesh/core';
import { DEV_SSO_SIGNATURE_KEY } from '../../../config/sso.ts';
import { ssoCustomers, ssoDeviceTrust, ssoSessions } from '../../../db/schema/sso.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { hashPassword } from '../customers/passwords.ts';
import { DEMO_CUSTOMER } from '../customers/seed.ts';
import {
  CLIENT_A,
  CLIENT_B,
  authorize,
  sessionCookie,
  signInWithOtp,
  ssoServer,
  piiOf,
  type SsoTestServer,
} from '../../../test/customers.ts';

/** The trusted-device cookie of an authorize answer, as a Cookie header. */
function deviceCookie(reply: LightMyRequestResponse): string {
  const cookie = reply.cookies.find((entry) => entry.name === 'PB_DEVICE_TRUST_DEV');
  if (!cookie) throw new Error(`no device cookie in ${String(reply.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

const SHORT_PASSWORD = 'Short#Pass1';

describe.each(DATABASE_KINDS)('oauth/authorize on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextMobile = () => `97${String(10_000_000 + n++).slice(-8)}`;

  /** A customer with a password of 20 characters or fewer (it must arrive sealed). */
  async function customerWithShortPassword(): Promise<string> {
    const mobileNo = nextMobile();
    const at = new Date(server.clock.now());
    await server.database.db.insert(ssoCustomers).values({
      customerId: randomUUID(),
      mobileHash: piiOf(server).hash('mobile', mobileNo),
      mobileEnc: piiOf(server).encrypt('mobile', mobileNo),
      passwordHash: await hashPassword(SHORT_PASSWORD),
      createdAt: at,
      updatedAt: at,
    });
    return mobileNo;
  }

  const sealedPassword = async (password: string, siteId = 2) =>
    sealForSite(await server.siteKey(siteId), 'password', password);

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('signs in with an OTP, answers the code with state echoed, and sets both session cookies', async () => {
    const mobileNo = nextMobile();
    const reply = await signInWithOtp(server, mobileNo);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ response: Record<string, unknown> }>();
    expect(body).toMatchObject({
      status: true,
      statusCode: 'success',
      response: {
        state: 'state-123',
        redirect_uri: CLIENT_A.redirectUri,
        method: 'otp',
        expiresInSeconds: 60,
      },
    });
    expect(body.response.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [customer] = await server.database.db
      .select()
      .from(ssoCustomers)
      .where(eq(ssoCustomers.mobileHash, piiOf(server).hash('mobile', mobileNo)));
    expect(body.response.customerId).toBe(customer!.customerId);

    const cookies = reply.headers['set-cookie'] as string[];
    const token = cookies.find((line) => line.startsWith('PB_GLSS_TOKEN_DEV='))!;
    const exists = cookies.find((line) => line.startsWith('PB_GLSS_TOKEN_EXISTS_DEV='))!;
    expect(token).toMatch(/^PB_GLSS_TOKEN_DEV=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; SameSite=Lax; HttpOnly$/);
    expect(exists).toBe('PB_GLSS_TOKEN_EXISTS_DEV=1; Max-Age=2592000; Path=/; SameSite=Lax');
    // Only a hash of the session token is stored.
    const value = token.split(';')[0]!.split('=')[1]!;
    const sessions = await server.database.db.select().from(ssoSessions);
    expect(JSON.stringify(sessions)).not.toContain(value);
  });

  it('marks the cookies Secure outside local and adds the configured Domain', async () => {
    // devRoutes: the sign-in reads its code from the outbox, which only tests may open outside local.
    const staging = await ssoServer(kind, {
      env: {
        PRAVESH_ENV: 'staging',
        PRAVESH_COOKIE_DOMAIN: '.example.in',
        PRAVESH_PII_KEYS: 'pii=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
      },
      config: { devRoutes: true },
    });
    try {
      const reply = await signInWithOtp(staging, nextMobile());
      const cookies = reply.headers['set-cookie'] as string[];
      expect(cookies).toHaveLength(3);
      for (const cookie of cookies.slice(0, 2)) expect(cookie).toMatch(/; Domain=\.example\.in; SameSite=Lax; Secure/);
      expect(cookies[0]).toMatch(/^PB_GLSS_TOKEN_DEV=.*; Secure; HttpOnly$/);
      // The trusted-device cookie: host-only, the accounts service's paths only, never sent cross-site.
      expect(cookies[2]).toMatch(
        /^PB_DEVICE_TRUST_DEV=[A-Za-z0-9_-]{43}; Max-Age=7776000; Path=\/SSOSP\/; SameSite=Strict; Secure; HttpOnly$/,
      );
    } finally {
      await staging.close();
    }
  });

  it('refuses an unknown client, a foreign site, and a redirect_uri differing by one character', async () => {
    const otp = { mobileNo: nextMobile(), otp: '123456' };
    const unknown = await authorize(server, { ...otp, client_id: 'nope' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ statusCode: 'invalidClient' });

    const foreign = await authorize(server, otp, { siteId: 7 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ statusCode: 'clientSiteMismatch' });

    for (const redirect of [
      'http://localhost:4100',
      'http://localhost:4100//',
      'http://localhost:4100/?x=1',
      'http://localhost:4100/#',
      'HTTP://localhost:4100/',
      'http://localhost:4101/',
      'https://localhost:4100/',
      'http://localhost:41000/',
      'http://localhost:4100/sso/callbacK',
    ]) {
      const reply = await authorize(server, { ...otp, redirect_uri: redirect });
      expect(reply.statusCode, redirect).toBe(400);
      expect(reply.json()).toMatchObject({
        statusCode: 'invalidRedirectUri',
        statusMessage: 'redirect_uri is not registered for this client',
      });
    }
  });

  it('lets the accounts pages (SSO site 11) authorize for any client', async () => {
    const reply = await signInWithOtp(server, nextMobile(), {}, { siteId: 11 });
    expect(reply.statusCode).toBe(200);
  });

  it('refuses response types other than code, unknown scopes and a challenge method without a challenge', async () => {
    const base = { mobileNo: nextMobile(), otp: '123456' };
    const token = await authorize(server, { ...base, response_type: 'token' });
    expect(token.json()).toMatchObject({ statusCode: 'unsupportedResponseType' });
    const scope = await authorize(server, { ...base, scope: 'bureau admin' });
    expect(scope.json()).toMatchObject({
      statusCode: 'invalidScope',
      statusMessage: 'scope admin is not allowed for this client',
    });
    const method = await authorize(server, { ...base, code_challenge_method: 'S256' });
    expect(method.statusCode).toBe(400);
    const plain = await authorize(server, { ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect(plain.statusCode).toBe(400);
  });

  it('answers authMethodMissing when no method has its inputs', async () => {
    const reply = await authorize(server, { mobileNo: nextMobile() });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ statusCode: 'authMethodMissing' });
  });

  it('uses the first method of the priority list whose inputs are present', async () => {
    const mobileNo = nextMobile();
    // otp outranks glss_token: a bogus session token is not even looked at.
    const otp = await signInWithOtp(server, mobileNo, { glss_token: 'x'.repeat(43) });
    expect(otp.json()).toMatchObject({ response: { method: 'otp' } });
    // user_credential outranks otp: a wrong password fails even with an OTP present.
    const user = await authorize(server, {
      username: DEMO_CUSTOMER.email,
      password: 'wrong-password-that-is-long',
      mobileNo,
      otp: '123456',
    });
    expect(user.statusCode).toBe(401);
    expect(user.json()).toMatchObject({
      statusCode: 'invalidCredentials',
      statusMessage: 'Invalid username or password',
    });
  });

  it('opens passwords of 20 characters or fewer sealed for the calling site, and refuses them plain', async () => {
    const mobileNo = await customerWithShortPassword();
    // Trust this browser first (an OTP sign-in sets its device cookie), so no second factor is asked.
    const cookie = deviceCookie(await signInWithOtp(server, mobileNo));
    const sealed = await authorize(server, { mobileNo, password: await sealedPassword(SHORT_PASSWORD) }, { cookie });
    expect(sealed.statusCode).toBe(200);
    expect(sealed.json()).toMatchObject({ response: { method: 'mobile_credential' } });

    const plain = await authorize(server, { mobileNo, password: SHORT_PASSWORD });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ statusCode: 'passwordNotEncrypted' });

    const otherSite = await authorize(server, { mobileNo, password: await sealedPassword(SHORT_PASSWORD, 7) });
    expect(otherSite.json()).toMatchObject({ statusCode: 'invalidCredentials' });
  });

  it('takes passwords longer than 20 characters as typed (user_credential by email or mobile)', async () => {
    const cookie = deviceCookie(await signInWithOtp(server, DEMO_CUSTOMER.mobileNo));
    for (const username of [DEMO_CUSTOMER.email.toUpperCase(), DEMO_CUSTOMER.mobileNo]) {
      const reply = await authorize(server, { username, password: DEMO_CUSTOMER.password }, { cookie });
      expect(reply.statusCode, username).toBe(200);
      expect(reply.json()).toMatchObject({ response: { method: 'user_credential' } });
    }
    const wrong = await authorize(server, { username: 'nobody@example.in', password: DEMO_CUSTOMER.password });
    expect(wrong.json()).toMatchObject({ statusCode: 'invalidCredentials' });
  });

  it('asks for an OTP when a password sign-in comes from a new browser, then the retry succeeds', async () => {
    const mobileNo = await customerWithShortPassword();
    const password = await sealedPassword(SHORT_PASSWORD);
    const first = await authorize(server, { mobileNo, password });
    expect(first.statusCode).toBe(401);
    const body = first.json<{
      status: boolean;
      statusCode: string;
      statusMessage: string;
      response: { mobileNo: string };
    }>();
    // The number is shown masked, not sealed with a key every page of the site holds.
    expect(body).toEqual({
      status: false,
      statusCode: 'mfaRequired',
      statusMessage: body.statusMessage,
      response: { mobileNo: `******${mobileNo.slice(-4)}`, journey_type: 'JOURNEY_OTP', force_redirect: 1 },
    });
    expect(first.body).not.toContain(mobileNo.slice(0, 6));
    expect(first.headers['set-cookie']).toBeUndefined();

    // The OTP step sets the trusted-device cookie: random, stored only as a hash.
    const otpStep = await signInWithOtp(server, mobileNo, { force_redirect: 1 });
    expect(otpStep.statusCode).toBe(200);
    const device = deviceCookie(otpStep);
    expect(otpStep.headers['set-cookie']).toContainEqual(
      expect.stringMatching(
        /^PB_DEVICE_TRUST_DEV=[A-Za-z0-9_-]{43}; Max-Age=7776000; Path=\/SSOSP\/; SameSite=Strict; HttpOnly$/,
      ),
    );
    const stored = await server.database.db.select().from(ssoDeviceTrust);
    expect(JSON.stringify(stored)).not.toContain(device.split('=')[1]);
    expect(stored.map((row) => row.tokenHash)).toContain(sha256(device.split('=')[1]!));

    const retry = await authorize(server, { mobileNo, password }, { cookie: device });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ response: { method: 'mobile_credential' } });

    // Another browser still needs the OTP, unless it carries the customer's live session.
    expect((await authorize(server, { mobileNo, password })).statusCode).toBe(401);
    const withSession = await authorize(server, { mobileNo, password }, { cookie: sessionCookie(otpStep) });
    expect(withSession.statusCode).toBe(200);
  });

  it("does not let the victim's device hash, readable from any pass token, stand in for the second factor", async () => {
    const mobileNo = await customerWithShortPassword();
    // The victim signs in by OTP on their phone: its fingerprint is in every pass token it sends.
    const victimDevice = { clientId: `victim-phone-${randomUUID()}` };
    expect((await signInWithOtp(server, mobileNo, {}, { device: victimDevice })).statusCode).toBe(200);
    const victimPass = await server.pass(2, victimDevice);
    expect(decodeJwt(victimPass)).toHaveProperty('device');
    // The attacker knows the password and replays the victim's device (same fingerprint, same hash).
    const attempt = await authorize(
      server,
      { mobileNo, password: await sealedPassword(SHORT_PASSWORD) },
      { device: victimDevice },
    );
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json()).toMatchObject({ statusCode: 'mfaRequired' });
    // A made-up device cookie proves nothing either.
    const forged = await authorize(
      server,
      { mobileNo, password: await sealedPassword(SHORT_PASSWORD) },
      { device: victimDevice, cookie: `PB_DEVICE_TRUST_DEV=${'A'.repeat(43)}` },
    );
    expect(forged.statusCode).toBe(401);
  });

  it("keeps a browser's trust for earlier customers when another signs in, under a new cookie value", async () => {
    const first = await customerWithShortPassword();
    const second = await customerWithShortPassword();
    const password = await sealedPassword(SHORT_PASSWORD);
    const one = deviceCookie(await signInWithOtp(server, first));
    const two = deviceCookie(await signInWithOtp(server, second, {}, { cookie: one }));
    expect(two).not.toBe(one);
    for (const mobileNo of [first, second]) {
      expect((await authorize(server, { mobileNo, password }, { cookie: two })).statusCode, mobileNo).toBe(200);
    }
    // The old value was retired: one planted in a browser never becomes trusted for its next customer.
    expect((await authorize(server, { mobileNo: first, password }, { cookie: one })).statusCode).toBe(401);
  });

  it('does not ask for a second factor before the password is right', async () => {
    const mobileNo = await customerWithShortPassword();
    const reply = await authorize(
      server,
      { mobileNo, password: await sealedPassword('not-the-password') },
      { device: { clientId: `new-${randomUUID()}` } },
    );
    expect(reply.json()).toMatchObject({ statusCode: 'invalidCredentials' });
  });

  it('locks password sign-in after 10 attempts in 15 minutes (OTP still works)', async () => {
    const mobileNo = await customerWithShortPassword();
    const wrong = await sealedPassword('wrong-one');
    for (let i = 0; i < 10; i++) {
      expect((await authorize(server, { mobileNo, password: wrong })).json()).toMatchObject({
        statusCode: 'invalidCredentials',
      });
    }
    const locked = await authorize(server, { mobileNo, password: await sealedPassword(SHORT_PASSWORD) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ statusCode: 'credentialsLocked' });
    expect((await signInWithOtp(server, mobileNo)).statusCode).toBe(200);
  });

  it('continues the session of the cookie or of glss_token (glss_token method) without a new cookie', async () => {
    const mobileNo = nextMobile();
    const signedIn = await signInWithOtp(server, mobileNo);
    const cookie = sessionCookie(signedIn);
    const byCookie = await authorize(server, {}, { cookie });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toMatchObject({
      response: {
        method: 'glss_token',
        customerId: signedIn.json<{ response: { customerId: string } }>().response.customerId,
      },
    });
    expect(byCookie.headers['set-cookie']).toBeUndefined();

    const byBody = await authorize(server, { glss_token: cookie.split('=')[1] });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.headers['set-cookie']).toBeDefined();

    const bogus = await authorize(server, { glss_token: 'A'.repeat(43) });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toMatchObject({ statusCode: 'sessionInvalid' });
  });

  it('ends the previous session of the cookie when someone else signs in', async () => {
    const first = await signInWithOtp(server, nextMobile());
    const cookie = sessionCookie(first);
    const second = await signInWithOtp(server, nextMobile(), {}, { cookie });
    expect(second.statusCode).toBe(200);
    const again = await authorize(server, {}, { cookie });
    expect(again.json()).toMatchObject({ statusCode: 'sessionInvalid' });
  });

  it('hands the session to another site once with a glssKey (glss_key method)', async () => {
    const signedIn = await signInWithOtp(server, nextMobile());
    const mint = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/oauth/glssKey',
      headers: { 'pb-pass-token': await server.pass(2), cookie: sessionCookie(signedIn) },
      payload: { siteId: 7 },
    });
    expect(mint.statusCode).toBe(200);
    const { glssKey } = mint.json<{ response: { glssKey: string } }>().response;
    const onB = { client_id: CLIENT_B.clientId, redirect_uri: CLIENT_B.redirectUri };

    const wrongSite = await authorize(server, { ...onB, glss_key: glssKey, siteId: 2 }, { siteId: 7 });
    expect(wrongSite.json()).toMatchObject({ statusCode: 'glssKeyInvalid' });
    const redeemed = await authorize(server, { ...onB, glss_key: glssKey, siteId: 7 }, { siteId: 7 });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({
      response: {
        method: 'glss_key',
        customerId: signedIn.json<{ response: { customerId: string } }>().response.customerId,
      },
    });
    const reused = await authorize(server, { ...onB, glss_key: glssKey, siteId: 7 }, { siteId: 7 });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ statusCode: 'glssKeyInvalid' });
  });

  it('refuses a glssKey after 2 minutes and minting without a session', async () => {
    const signedIn = await signInWithOtp(server, nextMobile());
    const headers = { 'pb-pass-token': await server.pass(2), cookie: sessionCookie(signedIn) };
    const mint = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/oauth/glssKey',
      headers,
      payload: { siteId: 2 },
    });
    const { glssKey } = mint.json<{ response: { glssKey: string } }>().response;
    server.clock.advance(120_000);
    const late = await authorize(server, { glss_key: glssKey, siteId: 2 });
    expect(late.json()).toMatchObject({ statusCode: 'glssKeyInvalid' });
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/oauth/glssKey',
      headers: { 'pb-pass-token': await server.pass(2) },
      payload: { siteId: 2 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('auth_token', () => {
    const key = new TextEncoder().encode(DEV_SSO_SIGNATURE_KEY.secret);
    const sign = (
      claims: Record<string, unknown>,
      options: { kid?: string; lifetime?: number; secret?: Uint8Array } = {},
    ) => {
      const iat = Math.floor(server.clock.now() / 1000);
      return new SignJWT({ mobileNo: '9345678901', ...claims })
        .setProtectedHeader({ alg: 'HS256', kid: options.kid ?? DEV_SSO_SIGNATURE_KEY.kid })
        .setAudience('pravesh-sso')
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + (options.lifetime ?? 120))
        .sign(options.secret ?? key);
    };

    it('signs in a customer vouched for by a trusted back-end, once per signature', async () => {
      const token = await sign({});
      const first = await authorize(server, { auth_token: token });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ response: { method: 'auth_token' } });
      const replay = await authorize(server, { auth_token: token });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ statusCode: 'authTokenInvalid' });
    });

    it('refuses a wrong key, an unknown kid, a long lifetime, an expired token, another site and a bad number', async () => {
      const tokens = [
        await sign({}, { secret: new TextEncoder().encode('x'.repeat(48)) }),
        await sign({}, { kid: 'nope' }),
        await sign({}, { lifetime: 301 }),
        await sign({ siteId: 7 }),
        await sign({ mobileNo: '1234567890' }),
      ];
      const expired = await sign({}, { lifetime: 60 });
      for (const token of tokens) {
        expect((await authorize(server, { auth_token: token })).json(), token).toMatchObject({
          statusCode: 'authTokenInvalid',
        });
      }
      server.clock.advance(61_000 + 60_000);
      expect((await authorize(server, { auth_token: expired })).json()).toMatchObject({
        statusCode: 'authTokenInvalid',
      });
    });
  });
});
