import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/index.ts';
import { DATABASE_KINDS, type DatabaseKind } from '../../../test/instance.ts';
import { TEST_PKCE, createClock, sendOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

const REDIS_URL = process.env.REDIS_URL;

type Setup = { name: string; kind: DatabaseKind; redis: boolean };
const SETUPS: Setup[] = [
  ...DATABASE_KINDS.map((kind) => ({ name: `sharing one ${kind} database`, kind, redis: false })),
  ...(REDIS_URL ? [{ name: 'sharing Redis', kind: 'pglite' as const, redis: true }] : []),
];

/**
 * "OTP send limits hold across two server instances sharing Redis" (and, without Redis,
 * sharing the database). Two buildApp() instances, one clock, one unique key prefix.
 */
describe.each(SETUPS)('OTP send limits across two instances $name', (setup) => {
  let first: SsoTestServer;
  let second: FastifyInstance;
  let secondView: SsoTestServer;
  const clock = createClock();

  beforeAll(async () => {
    const env = {
      PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
      PRAVESH_OTP_IP_LIMIT_PER_HOUR: '6',
      ...(setup.redis ? { REDIS_URL: REDIS_URL! } : {}),
    };
    first = await ssoServer(setup.kind, { clock, env });
    // The second instance shares the first one's database (and Redis, when set).
    const config = loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent', ...env });
    second = await buildApp(config, { database: first.database, logger: false, now: clock.now });
    await second.ready();
    secondView = { ...first, app: second };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses a resend within 30 s on the other instance', async () => {
    const mobileNo = '9811111111';
    expect((await sendOtp(first, mobileNo)).statusCode).toBe(200);
    const other = await sendOtp(secondView, mobileNo);
    expect(other.statusCode).toBe(429);
    expect(other.json()).toMatchObject({ statusCode: 'otpResendTooSoon' });
  });

  it('counts the hourly sends of both instances together', async () => {
    const mobileNo = '9822222222';
    const servers = [first, secondView, first, secondView, first];
    for (const server of servers) {
      expect((await sendOtp(server, mobileNo, { ip: '198.51.100.1' })).statusCode).toBe(200);
      clock.advance(31_000);
    }
    const sixth = await sendOtp(secondView, mobileNo, { ip: '198.51.100.1' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ statusCode: 'otpRateLimited' });
  });

  it('counts the per-IP sends of both instances together', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? first : secondView;
      expect((await sendOtp(server, `98333333${String(i).padStart(2, '0')}`, { ip })).statusCode).toBe(200);
    }
    expect((await sendOtp(first, '9833333399', { ip })).json()).toMatchObject({ statusCode: 'otpRateLimited' });
  });

  it('lets a code sent by one instance be verified by the other, once', async () => {
    const mobileNo = '9844444444';
    await sendOtp(first, mobileNo, { ip: '198.51.100.200' });
    const { messages } = (await first.app.inject('/dev/outbox.json')).json<{
      messages: { to: string; text: string }[];
    }>();
    const otp = messages.find((message) => message.to === mobileNo)!.text.slice(0, 6);
    const body = {
      client_id: 'pravesh-demo-site-a',
      redirect_uri: 'http://localhost:4100/',
      // Public clients must send PKCE.
      code_challenge: TEST_PKCE.challenge,
      mobileNo,
      otp,
    };
    const verify = async (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/SSOSP/api/v1/oauth/authorize',
        headers: { 'pb-pass-token': await first.pass(2) },
        payload: body,
      });
    expect((await verify(second)).statusCode).toBe(200);
    expect((await verify(first.app)).json()).toMatchObject({ statusCode: 'otpFailure' });
  });
});
