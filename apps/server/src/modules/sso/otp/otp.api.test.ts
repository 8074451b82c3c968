import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealForSite } from '@pravesh/core';
import { ssoOtpCodes } from '../../../db/schema/sso.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { authorize, latestOtp, sendOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('OTP on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  /** A fresh number per test, so limits of one test do not touch another. */
  const nextMobile = () => `98${String(10_000_000 + n++).slice(-8)}`;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('sends a 6-digit code and answers the timings', async () => {
    const mobileNo = nextMobile();
    const reply = await sendOtp(server, mobileNo);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      statusCode: 'success',
      response: { resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 },
    });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(await latestOtp(server, mobileNo)).toMatch(/^\d{6}$/);
  });

  it('stores only a keyed hash of the code, with its pepper kid', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const code = await latestOtp(server, mobileNo);
    const rows = await server.database.db.select().from(ssoOtpCodes);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(mobileNo);
    expect(rows.every((row) => !row.codeHash.includes(code) && row.pepperKid === 'dev-otp-2026-11')).toBe(true);
  });

  it.each<[string, { timestamp?: number; mobileNo?: string; siteId?: number }]>([
    ['a stale timestamp', { timestamp: -3 * MINUTE }],
    ['a future timestamp', { timestamp: 3 * MINUTE }],
    ['another mobile number', { mobileNo: '9000000001' }],
    ['another site id', { siteId: 7 }],
  ])('refuses an authorization-key with %s', async (_name, overrides) => {
    const mobileNo = nextMobile();
    const key = { ...overrides };
    if (key.timestamp !== undefined) key.timestamp += server.clock.now();
    const reply = await sendOtp(server, mobileNo, { key });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ status: false, statusCode: 'invalidAuthorizationKey' });
  });

  it('accepts a timestamp within two minutes either way', async () => {
    const early = await sendOtp(server, nextMobile(), { key: { timestamp: server.clock.now() - 119_000 } });
    const late = await sendOtp(server, nextMobile(), { key: { timestamp: server.clock.now() + 119_000 } });
    expect([early.statusCode, late.statusCode]).toEqual([200, 200]);
  });

  it('refuses an authorization-key sealed with another site key, for another purpose, or garbled', async () => {
    const mobileNo = nextMobile();
    const payload = { siteId: 2, timestamp: server.clock.now(), mobileNo };
    const otherSite = await sealForSite(await server.siteKey(7), 'authorization-key', payload);
    const otherPurpose = await sealForSite(await server.siteKey(2), 'password', payload);
    for (const sealed of [otherSite, otherPurpose, 'garbage', 'A'.repeat(80)]) {
      const reply = await sendOtp(server, mobileNo, { header: { 'authorization-key': sealed } });
      expect(reply.statusCode, sealed).toBe(401);
      expect(reply.json()).toMatchObject({ statusCode: 'invalidAuthorizationKey' });
    }
  });

  it('refuses a site-id header that is not the calling site, and a missing one', async () => {
    const mismatch = await sendOtp(server, nextMobile(), { header: { 'site-id': '7' } });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ statusCode: 'siteIdMismatch' });
    const missing = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/customer/otp',
      headers: { 'pb-pass-token': await server.pass(2), 'authorization-key': 'x' },
      payload: { mobileNo: nextMobile(), visitorId: 'v', visitId: 'v' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ statusCode: 'requiredField', statusMessage: '[site-id] is required' });
  });

  it('refuses a call without a pass token', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: '/SSOSP/api/v1/customer/otp',
      payload: { mobileNo: nextMobile(), visitorId: 'v', visitId: 'v' },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ statusCode: 'clientTokenMissingException' });
  });

  it.each(['5123456789', '912345678', '91234567890', '+919123456789', 'abcdefghij'])(
    'refuses %s: Indian mobile numbers only',
    async (mobileNo) => {
      const reply = await sendOtp(server, mobileNo);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        statusCode: 'invalidMobileNumber',
        statusMessage: 'Please enter a valid 10 digit mobile number',
      });
    },
  );

  it('allows a resend after 30 s, not before, and says the code was re-sent', async () => {
    const mobileNo = nextMobile();
    expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
    server.clock.advance(29_000);
    const early = await sendOtp(server, mobileNo);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      statusCode: 'otpResendTooSoon',
      statusMessage: 'Please wait 1 seconds before requesting another OTP',
    });
    server.clock.advance(1_000);
    const resent = await sendOtp(server, mobileNo);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ statusMessage: 'Please enter OTP re-sent to your mobile number' });
  });

  it('sends at most 5 codes per number in any hour', async () => {
    const mobileNo = nextMobile();
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
      server.clock.advance(31_000);
    }
    const sixth = await sendOtp(server, mobileNo);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ statusCode: 'otpRateLimited' });
    // Sliding window: the first send leaves the window an hour after it was made.
    server.clock.advance(60 * MINUTE - 5 * 31_000);
    expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
  });

  it('verifies a right code once and refuses it afterwards', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    const first = await authorize(server, { mobileNo, otp });
    expect(first.statusCode).toBe(200);
    const again = await authorize(server, { mobileNo, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      statusCode: 'otpFailure',
      statusMessage: 'Something went wrong. Please click on Resend Code',
    });
  });

  it('answers the spec texts for a wrong code, and refuses the sixth attempt even with the right code', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reply = await authorize(server, { mobileNo, otp: wrong });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        statusCode: 'otpIncorrect',
        statusMessage: 'OTP is Incorrect, Please enter valid OTP',
      });
    }
    const fifth = await authorize(server, { mobileNo, otp: wrong });
    expect(fifth.json()).toMatchObject({
      statusCode: 'otpIncorrectOnResend',
      statusMessage: 'Incorrect OTP. Please click on Resend OTP',
    });
    const sixth = await authorize(server, { mobileNo, otp });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ statusCode: 'otpIncorrectOnResend' });
    // A new code (after the resend wait) works again.
    server.clock.advance(30_000);
    await sendOtp(server, mobileNo);
    expect((await authorize(server, { mobileNo, otp: await latestOtp(server, mobileNo) })).statusCode).toBe(200);
  });

  it('lets parallel guesses test at most 5 codes', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(guesses.map((guess) => authorize(server, { mobileNo, otp: guess })));
    const codes = replies.map((reply) => reply.json<{ statusCode: string }>().statusCode);
    expect(codes.filter((code) => code === 'otpIncorrect')).toHaveLength(4);
    expect(codes.filter((code) => code === 'otpIncorrectOnResend')).toHaveLength(8);
    const right = await authorize(server, { mobileNo, otp });
    expect(right.json()).toMatchObject({ statusCode: 'otpIncorrectOnResend' });
  });

  it('finds or creates the customer in the statement that checks the code, one per number', async () => {
    // Concurrent sign-ins share statements (group commit): new and returning numbers in one batch.
    const numbers = Array.from({ length: 6 }, () => nextMobile());
    const signIn = async (mobileNo: string) => {
      await sendOtp(server, mobileNo);
      const reply = await authorize(server, { mobileNo, otp: await latestOtp(server, mobileNo) });
      expect(reply.statusCode).toBe(200);
      return reply.json<{ response: { customerId: string } }>().response.customerId;
    };
    const first = await Promise.all(numbers.map(signIn));
    expect(new Set(first).size).toBe(numbers.length);
    server.clock.advance(30_000);
    const again = await Promise.all(numbers.map(signIn));
    expect(again).toEqual(first);
  });

  it('refuses a code after 5 minutes', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    server.clock.advance(5 * MINUTE);
    const reply = await authorize(server, { mobileNo, otp });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ statusCode: 'otpFailure' });
  });

  it('replaces the code on resend: the old one stops working', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const old = await latestOtp(server, mobileNo);
    server.clock.advance(30_000);
    await sendOtp(server, mobileNo);
    const fresh = await latestOtp(server, mobileNo);
    if (old !== fresh) {
      expect((await authorize(server, { mobileNo, otp: old })).json()).toMatchObject({ statusCode: 'otpIncorrect' });
    }
    expect((await authorize(server, { mobileNo, otp: fresh })).statusCode).toBe(200);
  });

  it('limits sends per client IP', async () => {
    const limited = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '3' } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await sendOtp(limited, nextMobile(), { ip: '198.51.100.9' })).statusCode).toBe(200);
      const refused = await sendOtp(limited, nextMobile(), { ip: '198.51.100.9' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ statusCode: 'otpRateLimited' });
      expect((await sendOtp(limited, nextMobile(), { ip: '198.51.100.10' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('keeps the code out of the logs, which still record the send', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    await authorize(server, { mobileNo, otp });
    const sends = server.logs.filter((line) => line.includes('SMS kept in the local outbox'));
    expect(sends.length).toBeGreaterThan(0);
    expect(server.logs.filter((line) => line.includes(otp))).toEqual([]);
    expect(server.logs.filter((line) => line.includes(mobileNo))).toEqual([]);
  });

  it('shows the outbox newest first on a labelled, self-refreshing dev page', async () => {
    const first = nextMobile();
    const second = nextMobile();
    await sendOtp(server, first);
    await sendOtp(server, second);
    const page = await server.app.inject('/dev/outbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta http-equiv="refresh" content="3">');
    expect(page.body).toMatch(/<th scope="col">Message<\/th>/);
    expect(page.body).toContain('<caption>');
    expect(page.body.indexOf(second)).toBeLessThan(page.body.indexOf(first));
    expect(page.body).toContain(await latestOtp(server, second));
    const json = (await server.app.inject('/dev/outbox.json')).json<{ messages: { to: string }[] }>();
    expect(json.messages[0]!.to).toBe(second);
  });

  it('puts the WebOTP line last in the message', async () => {
    const mobileNo = nextMobile();
    await sendOtp(server, mobileNo);
    const otp = await latestOtp(server, mobileNo);
    const { messages } = (await server.app.inject('/dev/outbox.json')).json<{ messages: { text: string }[] }>();
    expect(messages[0]!.text.split('\n').at(-1)).toBe(`@localhost #${otp}`);
  });
});

describe('OTP dev pages in production', () => {
  it('are absent, and production refuses the outbox provider', async () => {
    const { loadConfig, ConfigError } = await import('../../../config/index.ts');
    const production = {
      PRAVESH_ENV: 'production',
      PRAVESH_SHIELD_KEYS: 'prod=0123456789abcdef0123456789abcdef-live',
      PRAVESH_SITE_CONFIG: JSON.stringify({ '2': { origins: ['https://www.example.in'] } }),
      PRAVESH_COOKIE_KEYS: 'c=live-cookie-key-0123456789',
      PRAVESH_PII_HASH_KEY: 'live-pii-hash-key-0123456789abcdef0123',
      PRAVESH_PII_KEYS: 'pii-2026-11=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
      PRAVESH_SSO_TOKEN_KEYS: 'sso=live-sso-token-key-0123456789abcdef',
      PRAVESH_OTP_PEPPERS: 'otp=live-otp-pepper-0123456789abcdef012',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/real SMS provider/);
    const server = await ssoServer('pglite', {
      env: { ...production, PRAVESH_SMS_PROVIDER: 'http', PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/send' },
    });
    try {
      for (const path of ['/dev/outbox', '/dev/outbox.json', '/dev/caller-id/abcdefghijklmnop']) {
        expect((await server.app.inject(path)).statusCode, path).toBe(404);
      }
    } finally {
      await server.close();
    }
  });
});
