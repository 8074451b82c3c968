import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_CHANGE_PROOF_SECONDS, maskEmail, sealForSite, SSO_ROUTES } from '@pravesh/core';
import { accountActivity } from '../../../db/schema/account-activity.ts';
import { ssoCustomers, ssoOtpCodes } from '../../../db/schema/sso.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { DEMO_CUSTOMER } from '../customers/seed.ts';
import {
  authorize,
  piiOf,
  sessionCookie,
  signInWithOtp,
  ssoServer,
  type SsoTestServer,
} from '../../../test/customers.ts';

/** JOURNEY_EMAIL_OTP: POST customer/emailOtp, verified by authorize's otp method with `email`. */

const MINUTE = 60_000;

async function sendEmailOtp(
  server: SsoTestServer,
  email: string,
  options: { key?: Record<string, unknown>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const authorizationKey = await sealForSite(await server.siteKey(2), 'authorization-key', {
    siteId: 2,
    timestamp: server.clock.now(),
    email,
    ...options.key,
  });
  return server.app.inject({
    method: 'POST',
    url: SSO_ROUTES.emailOtp,
    remoteAddress: options.ip ?? '203.0.113.20',
    headers: { 'pb-pass-token': await server.pass(2), 'site-id': '2', 'authorization-key': authorizationKey },
    payload: { email, visitorId: 'visitor-1', visitId: 'visit-1' },
  });
}

interface OutboxMessage {
  channel: string;
  to: string;
  subject?: string;
  text: string;
}

async function latestEmail(server: SsoTestServer, email: string): Promise<{ code: string; message: OutboxMessage }> {
  const { messages } = (await server.app.inject('/dev/outbox.json')).json<{ messages: OutboxMessage[] }>();
  const message = messages.find((entry) => entry.channel === 'email' && entry.to === email);
  const code = /code is (\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!message || !code) throw new Error(`no email OTP in the outbox for ${email}`);
  return { code, message };
}

describe.each(DATABASE_KINDS)('email OTP on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextEmail = () => `person.${n++}.${Date.now().toString(36)}@example.in`;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('emails a 6-digit code to the lower-cased address and keeps only a keyed hash', async () => {
    const email = nextEmail();
    const reply = await sendEmailOtp(server, email.toUpperCase());
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      statusCode: 'success',
      response: { resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 },
    });
    expect(reply.headers['cache-control']).toBe('no-store');
    const { code, message } = await latestEmail(server, email);
    expect(message.subject).toBe(`${code} is your Pravesh sign-in code`);
    const stored = JSON.stringify(await server.database.db.select().from(ssoOtpCodes));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(code);
    // One outbox page for both channels.
    const page = await server.app.inject('/dev/outbox');
    expect(page.body).toContain('<td>Email</td>');
  });

  it.each(['', 'no-at-sign.example.in', '@example.in', 'a@example', 'a@.example.in', 'a b@example.in', 'a@ex..in'])(
    'refuses the address %j with invalidEmail',
    async (email) => {
      const reply = await sendEmailOtp(server, email);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ status: false, statusCode: 'invalidEmail' });
    },
  );

  it('refuses an authorization-key for another address or a stale one', async () => {
    for (const key of [{ email: 'someone.else@example.in' }, { timestamp: server.clock.now() - 3 * MINUTE }]) {
      const reply = await sendEmailOtp(server, nextEmail(), { key });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ statusCode: 'invalidAuthorizationKey' });
    }
  });

  it('resends no sooner than 30 s and at most 5 times an hour per address', async () => {
    const email = nextEmail();
    expect((await sendEmailOtp(server, email)).statusCode).toBe(200);
    const early = await sendEmailOtp(server, email);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ statusCode: 'otpResendTooSoon' });
    for (let i = 0; i < 4; i++) {
      server.clock.advance(30_000);
      const resent = await sendEmailOtp(server, email);
      expect(resent.json()).toMatchObject({
        status: true,
        statusMessage: 'Please enter OTP re-sent to your email address',
      });
    }
    server.clock.advance(30_000);
    const sixth = await sendEmailOtp(server, email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ statusCode: 'otpRateLimited' });
  });

  it('counts email sends in the per-IP limit', async () => {
    const limited = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '2' } });
    try {
      expect((await sendEmailOtp(limited, nextEmail(), { ip: '198.51.100.30' })).statusCode).toBe(200);
      expect((await sendEmailOtp(limited, nextEmail(), { ip: '198.51.100.30' })).statusCode).toBe(200);
      const refused = await sendEmailOtp(limited, nextEmail(), { ip: '198.51.100.30' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ statusCode: 'otpRateLimited' });
    } finally {
      await limited.close();
    }
  });

  it('signs in the customer the address belongs to, once per code', async () => {
    await sendEmailOtp(server, DEMO_CUSTOMER.email);
    const { code } = await latestEmail(server, DEMO_CUSTOMER.email);
    const reply = await authorize(server, { email: DEMO_CUSTOMER.email.toUpperCase(), otp: code });
    expect(reply.statusCode, reply.body).toBe(200);
    const customers = await server.database.db.select().from(ssoCustomers);
    const owner = customers.find((customer) => customer.emailHash === piiOf(server).hash('email', DEMO_CUSTOMER.email));
    expect(owner).toBeDefined();
    expect(reply.json()).toMatchObject({ status: true, response: { customerId: owner?.customerId, method: 'otp' } });
    const again = await authorize(server, { email: DEMO_CUSTOMER.email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 'otpFailure' });
  });

  it('refuses the right code after 5 wrong ones, and a code after 5 minutes', async () => {
    const email = DEMO_CUSTOMER.email;
    server.clock.advance(MINUTE);
    await sendEmailOtp(server, email);
    const { code } = await latestEmail(server, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await authorize(server, { email, otp: wrong })).json<{ statusCode: string }>().statusCode);
    expect(answers).toEqual(['otpIncorrect', 'otpIncorrect', 'otpIncorrect', 'otpIncorrect', 'otpIncorrectOnResend']);
    expect((await authorize(server, { email, otp: code })).json()).toMatchObject({
      statusCode: 'otpIncorrectOnResend',
    });

    server.clock.advance(MINUTE);
    await sendEmailOtp(server, email);
    const late = await latestEmail(server, email);
    server.clock.advance(5 * MINUTE);
    expect((await authorize(server, { email, otp: late.code })).json()).toMatchObject({ statusCode: 'otpFailure' });
  });

  it('keeps codes of addresses and numbers apart', async () => {
    const email = nextEmail();
    await sendEmailOtp(server, email);
    const { code } = await latestEmail(server, email);
    const reply = await authorize(server, { mobileNo: '9811111111', otp: code });
    expect(reply.json()).toMatchObject({ statusCode: 'otpFailure' });
  });

  it('adds a new address to the signed-in customer, and refuses it without a session', async () => {
    const email = nextEmail();
    await sendEmailOtp(server, email);
    const first = await latestEmail(server, email);
    const refused = await authorize(server, { email, otp: first.code });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ statusCode: 'emailNotRegistered' });

    const signedIn = await signInWithOtp(server, '9822222222');
    expect(signedIn.statusCode).toBe(200);
    const customerId = signedIn.json<{ response: { customerId: string } }>().response.customerId;
    server.clock.advance(30_000);
    await sendEmailOtp(server, email);
    const second = await latestEmail(server, email);
    const added = await authorize(server, { email, otp: second.code }, { cookie: sessionCookie(signedIn) });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ response: { customerId } });

    // From now on the address alone signs them in.
    server.clock.advance(30_000);
    await sendEmailOtp(server, email);
    const third = await latestEmail(server, email);
    expect((await authorize(server, { email, otp: third.code })).json()).toMatchObject({ response: { customerId } });
    // The customer is told, in their account activity, with the address masked.
    const told = await server.database.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.customerId, customerId.toLowerCase()));
    expect(told.map((event) => [event.kind, event.detail])).toEqual([['emailChanged', maskEmail(email)]]);
  });

  it('adds no address over a session signed in more than 10 minutes ago (a left-behind or taken cookie)', async () => {
    const signedIn = await signInWithOtp(server, '9822222223');
    expect(signedIn.statusCode).toBe(200);
    const customerId = signedIn.json<{ response: { customerId: string } }>().response.customerId;
    server.clock.advance(CONTACT_CHANGE_PROOF_SECONDS * 1000 + 1_000);
    const email = nextEmail();
    await sendEmailOtp(server, email);
    const { code } = await latestEmail(server, email);
    const refused = await authorize(server, { email, otp: code }, { cookie: sessionCookie(signedIn) });
    expect([refused.statusCode, refused.json<{ statusCode: string }>().statusCode]).toEqual([
      404,
      'emailNotRegistered',
    ]);
    const [customer] = await server.database.db
      .select()
      .from(ssoCustomers)
      .where(eq(ssoCustomers.customerId, customerId));
    expect(customer?.emailHash ?? null).toBeNull();
  });
});
