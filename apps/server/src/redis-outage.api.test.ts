import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES, CREDIT_ROUTES } from '@pravesh/core';
import { DATABASE_KINDS } from './test/instance.ts';
import {
  logOut,
  nextMobile,
  sendOtp,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from './test/customers.ts';
import { REDIS_SERVER_AVAILABLE, startPrivateRedis, type PrivateRedis } from './test/private-redis.ts';

/**
 * Redis down costs a database read, not seconds (README "Redis", lib/redis.ts): routes that check
 * an access token and puckar/check answer from the database within a bound; the sign-in limits
 * fail closed as 503 with Retry-After (lib/outage.ts); a logout that took effect answers success
 * and its counter bump is retried once Redis is back; the outage is logged once.
 */
/** Generous for a busy CI machine: the fault being guarded against took 1.3–10 s a request. */
const BOUND_MS = 1_000;

async function timed<T>(call: () => Promise<T>): Promise<{ reply: T; ms: number }> {
  const started = performance.now();
  const reply = await call();
  return { reply, ms: performance.now() - started };
}

async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within 5 s: ${what}`);
}

describe.skipIf(!REDIS_SERVER_AVAILABLE).each(DATABASE_KINDS)('a server whose Redis stops, on %s', (kind) => {
  let redis: PrivateRedis;
  let server: SsoTestServer;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    server = await ssoServer(kind, { env: { REDIS_URL: redis.url } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await redis?.dispose();
  });

  const userinfo = (customer: SignedInCustomer) =>
    server.app.inject({ url: '/SSOSP/oauth/userinfo', headers: { authorization: `Bearer ${customer.accessToken}` } });
  const creditScores = async (customer: SignedInCustomer) =>
    server.app.inject({
      url: CREDIT_ROUTES.getCreditScores,
      headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': customer.accessToken },
    });
  const visitorId = `visitor-${randomUUID()}`;
  const consentCheck = async () =>
    server.app.inject({
      method: 'POST',
      url: CONSENT_ROUTES.check,
      headers: { 'pb-pass-token': await server.pass(2), 'content-type': 'application/json' },
      payload: JSON.stringify({ contractId: 'pb-tnc-homepage', visitId: 'visit-1', visitorId }),
    });
  /** Log lines about Redis since line `from` (a busy machine may see a command time out before the stop). */
  const redisLines = (from = 0) => server.logs.slice(from).filter((line) => line.includes('Redis'));

  it('answers from the database within a bound, refuses sign-in with 503, and logs the outage once', async () => {
    // The private Redis keeps nothing on disk: the start-up check says so, in one line.
    await eventually(() => redisLines().some((line) => line.includes('Unsafe Redis settings')), 'settings checked');
    expect(redisLines().filter((line) => line.includes('no persistence'))).toHaveLength(1);

    const customer = await signInCustomer(server, nextMobile('92'));
    const other = await signInCustomer(server, nextMobile('92'));
    expect((await userinfo(customer)).statusCode).toBe(200);
    expect((await creditScores(customer)).statusCode).toBe(200);
    const checked = await consentCheck();
    expect(checked.statusCode).toBe(200);

    const stoppedAt = server.logs.length;
    await redis.stop();

    for (let i = 0; i < 3; i += 1) {
      const info = await timed(() => userinfo(customer));
      expect(info.reply.statusCode).toBe(200);
      expect(info.ms).toBeLessThan(BOUND_MS);
      const scores = await timed(() => creditScores(customer));
      expect(scores.reply.statusCode).toBe(200);
      expect(scores.ms).toBeLessThan(BOUND_MS);
      const check = await timed(consentCheck);
      expect(check.reply.statusCode).toBe(200);
      expect(check.reply.json()).toEqual(checked.json());
      expect(check.ms).toBeLessThan(BOUND_MS);
    }

    // The sign-in limits cannot be checked: refused, as the outage it is.
    const mobileNo = nextMobile('92');
    const refused = await timed(() => sendOtp(server, mobileNo));
    expect(refused.reply.statusCode).toBe(503);
    expect(refused.reply.json()).toMatchObject({ statusCode: 'serviceUnavailable' });
    expect(Number(refused.reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.ms).toBeLessThan(BOUND_MS);

    // The logout took effect in the database: success, and the token is refused at once.
    const loggedOut = await timed(() => logOut(server, customer.cookie));
    expect(loggedOut.reply.statusCode).toBe(200);
    expect(loggedOut.ms).toBeLessThan(BOUND_MS);
    expect((await userinfo(customer)).statusCode).toBe(401);
    expect((await userinfo(other)).statusCode).toBe(200);

    // Once per outage, and without keys (they name customers) or numbers.
    expect(redisLines(stoppedAt).filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
    for (const line of redisLines()) {
      expect(line).not.toContain(server.config.sso.rateLimitPrefix);
      expect(line).not.toContain(mobileNo);
      expect(line).not.toContain(customer.customerId);
    }

    await redis.start();
    await eventually(() => redisLines(stoppedAt).some((line) => line.includes('Redis back')), 'Redis back logged');
    // The logout's bump, refused while Redis was down, is retried until it lands.
    await eventually(
      async () => (await redis.admin.keys('*token-revocations')).length > 0,
      'the revocation counter bumped again',
    );
    expect((await userinfo(customer)).statusCode).toBe(401);
    expect((await userinfo(other)).statusCode).toBe(200);
    expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
    expect(redisLines(stoppedAt).filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
  }, 60_000);
});
