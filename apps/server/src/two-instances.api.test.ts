import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES, VISIT_PATH } from '@pravesh/core';
import { analyticsEvents, visits } from './db/schema/index.ts';
import {
  authorize,
  exchange,
  logOut,
  sendOtp,
  sessionCookie,
  signInWithOtp,
  type SsoTestServer,
} from './test/customers.ts';
import { POSTGRES_URL } from './test/postgres.ts';
import { REDIS_SERVER_AVAILABLE, type TestRedis } from './test/private-redis.ts';
import { startPrivateRedisCluster } from './test/private-redis-cluster.ts';
import { TWO_INSTANCES_AVAILABLE, startTwoInstances, type TwoInstances } from './test/two-instances.ts';

/**
 * Two server instances on the same PostgreSQL database and Redis, as behind a load
 * balancer; whichever instance a request reaches, the answer is the same. CI sets DATABASE_URL and
 * REDIS_URL; without them there is nothing shared to test. The same cases run again on a 3-node
 * Redis Cluster of the test's own (redis+cluster://): the rate-limit scripts and the change
 * counters' reads must find their keys in one slot.
 */
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

describe.skipIf(!TWO_INSTANCES_AVAILABLE)('two instances on one database and Redis', () => {
  twoInstanceCases();
});

describe.skipIf(!POSTGRES_URL || !REDIS_SERVER_AVAILABLE)('two instances on one database and a Redis Cluster', () => {
  twoInstanceCases(startPrivateRedisCluster);
});

/** The cases, on the shared REDIS_URL or on a Redis that `startRedis` starts (and the cases stop). */
function twoInstanceCases(startRedis?: () => Promise<TestRedis>) {
  let redis: TestRedis | undefined;
  let servers: TwoInstances;
  let n = 0;
  const nextMobile = () => `94${String(10_000_000 + n++).slice(-8)}`;

  beforeAll(async () => {
    redis = await startRedis?.();
    servers = await startTwoInstances({ redisUrl: redis?.url });
  }, 180_000);
  afterAll(async () => {
    await servers?.close();
    await redis?.dispose();
  });

  const userinfo = (server: SsoTestServer, accessToken: string) =>
    server.app.inject({ url: '/SSOSP/oauth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });

  it('takes a session made on one on the other: the code, the cookie and the access token', async () => {
    const { a, b } = servers;
    const signedIn = await signInWithOtp(a, nextMobile());
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn);
    // The code A issued is exchanged on B; the access token B issued works on A.
    const { code } = signedIn.json<{ response: { code: string } }>().response;
    const exchanged = await exchange(b, { authorizationCode: code });
    expect(exchanged.statusCode).toBe(200);
    const { accessToken } = exchanged.json<{ response: { accessToken: string } }>().response;
    expect((await userinfo(a, accessToken)).statusCode).toBe(200);
    // B continues A's session from its cookie without a new sign-in.
    const continued = await authorize(b, {}, { cookie });
    expect(continued.statusCode).toBe(200);
    expect(continued.json<{ response: { code: string } }>().response.code).toBeTruthy();
  });

  it('answers a consent check on one instance with a decision just made on the other', async () => {
    // Each instance keeps a visitor's ledger entries for puckar/check until the ledger changes on
    // any instance (modules/consent/service.ts, lib/generations.ts).
    const { a, b } = servers;
    const visitorId = `visitor-${randomUUID()}`;
    const post = async (server: SsoTestServer, url: string, payload: object) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'pb-pass-token': await server.pass(2), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const read = { contractId: 'pb-tnc-homepage', visitId: 'visit-1', visitorId };
    const verifiedOn = async (server: SsoTestServer) =>
      (await post(server, CONSENT_ROUTES.check, read)).json<{ response: { alreadyVerified: boolean } }>().response
        .alreadyVerified;
    const decide = (userValue: 'Y' | 'N') =>
      post(a, CONSENT_ROUTES.userConsent, { ...read, contractVersionId: '1', userValue, consentState: 1 });
    for (let i = 0; i < 2; i += 1) expect(await verifiedOn(b)).toBe(false);
    expect((await decide('Y')).statusCode).toBe(200);
    expect(await verifiedOn(b)).toBe(true);
    expect((await decide('N')).statusCode).toBe(200);
    expect(await verifiedOn(b)).toBe(false);
  });

  it('refuses a code replayed on the other instance and revokes its tokens and session on both', async () => {
    const { a, b } = servers;
    const signedIn = await signInWithOtp(b, nextMobile());
    const cookie = sessionCookie(signedIn);
    const { code } = signedIn.json<{ response: { code: string } }>().response;
    const { accessToken } = (await exchange(a, { authorizationCode: code })).json<{
      response: { accessToken: string };
    }>().response;
    const replayed = await exchange(b, { authorizationCode: code });
    expect(replayed.json()).toMatchObject({ statusCode: 'invalidGrant' });
    for (const server of [a, b]) {
      expect((await userinfo(server, accessToken)).statusCode).toBe(401);
      expect((await authorize(server, {}, { cookie })).json()).toMatchObject({ statusCode: 'sessionInvalid' });
    }
  });

  it('counts OTP sends to one number across both instances', async () => {
    const { a, b, clock } = servers;
    const mobileNo = nextMobile();
    const instances: SsoTestServer[] = [a, b, a, b, a];
    for (const server of instances) {
      expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
      clock.advance(31_000);
    }
    // The sixth, on the instance that has seen only two, is the sixth of the hour all the same.
    const sixth = await sendOtp(b, mobileNo);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ statusCode: 'otpRateLimited' });
    // And the resend wait holds across instances too.
    const other = nextMobile();
    expect((await sendOtp(a, other)).statusCode).toBe(200);
    expect((await sendOtp(b, other)).statusCode).toBe(429);
  });

  it('stores a visit once when its retry reaches the other instance, also when they race', async () => {
    const { a, b } = servers;
    const visit = {
      visitId: randomUUID(),
      visitorId: randomUUID(),
      deviceId: 'device-two-instances',
      parentVisitId: randomUUID(),
      absoluteParentVisitId: randomUUID(),
      siteName: 'Homepage',
      createdAt: servers.clock.now(),
      completeUrl: b64('https://www.example.in/loans'),
    };
    const post = async (server: SsoTestServer) =>
      server.app.inject({
        method: 'POST',
        url: VISIT_PATH,
        headers: { 'pb-pass-token': await server.pass(2), 'content-type': 'application/json' },
        payload: JSON.stringify(visit),
      });
    const first = await post(a);
    expect(first.statusCode).toBe(200);
    const replies = [await post(b), ...(await Promise.all([post(a), post(b), post(a), post(b)]))];
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(await a.database.db.$count(visits, eq(visits.visitId, visit.visitId))).toBe(1);
  });

  it('stores an event once when its retry reaches the other instance', async () => {
    const { a, b } = servers;
    const event = { eventId: randomUUID(), event: 'page_view', visitorId: randomUUID(), siteId: 2 };
    const produce = async (server: SsoTestServer) =>
      server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': await server.pass(2) },
        payload: [event],
      });
    const replies = [await produce(a), ...(await Promise.all([produce(b), produce(a), produce(b)]))];
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(await b.database.db.$count(analyticsEvents, eq(analyticsEvents.eventId, event.eventId))).toBe(1);
  });

  it('revokes on both instances a session logged out on one', async () => {
    const { a, b } = servers;
    const cookie = sessionCookie(await signInWithOtp(a, nextMobile()));
    // B has used the session (and may keep what it learnt about it) before A logs it out.
    expect((await authorize(b, {}, { cookie })).statusCode).toBe(200);
    // Logout is a same-origin POST with a CSRF token; test/customers.ts sends both.
    const loggedOut = await logOut(a, cookie);
    expect(loggedOut.statusCode).toBe(200);
    for (const server of [b, a]) {
      expect((await authorize(server, {}, { cookie })).json()).toMatchObject({ statusCode: 'sessionInvalid' });
    }
  });
}
