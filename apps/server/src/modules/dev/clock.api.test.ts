import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/index.ts';
import { sendOtp, type Clock, type SsoTestServer } from '../../test/customers.ts';
import { DATABASE_KINDS, getTestInstance } from '../../test/instance.ts';
import { testSecretsFor } from '../../test/secrets.ts';
import { DEV_CLOCK_PATH } from './clock.ts';

/**
 * The journeys' clock (PRAVESH_DEV_CLOCK, lib/dev-clock.ts): the end-to-end server's `now` moves
 * forward over POST /dev/clock, so a journey skips the 30 s before a number may get a new OTP
 * instead of sleeping through it; no server without the switch answers it, and only `local` has it.
 */
describe.each(DATABASE_KINDS)('the dev clock on %s', (kind) => {
  let server: SsoTestServer;
  /** The test's view of the server's clock: the machine's time plus the steps it asked for. */
  let offsetMs = 0;
  const mirror: Clock = { now: () => Date.now() + offsetMs, advance: (ms) => void (offsetMs += ms) };

  beforeAll(async () => {
    // ssoServer without a clock of its own: the server keeps its dev clock (a given `now` wins).
    const instance = await getTestInstance(kind, {
      env: { PRAVESH_DEV_CLOCK: '1', PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:` },
    });
    const keys = { siteKey: (siteId = 2) => instance.keyring.siteKey(instance.keyring.activeKid, siteId) };
    server = { ...instance, ...keys, clock: mirror, logs: [], pass: (siteId = 2) => instance.token(siteId) };
  });
  afterAll(() => server?.close());

  async function advance(seconds: number) {
    const reply = await server.app.inject({
      method: 'POST',
      url: DEV_CLOCK_PATH,
      payload: { advanceSeconds: seconds },
    });
    mirror.advance(seconds * 1000);
    return reply;
  }

  it('answers the server time, and moves it forward by the seconds asked', async () => {
    const before = Date.now();
    const read = await server.app.inject(DEV_CLOCK_PATH);
    expect(read.statusCode).toBe(200);
    const { now } = read.json<{ response: { now: number } }>().response;
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThan(Date.now() + 1000);

    const moved = await advance(120);
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ response: { now: number } }>().response.now).toBeGreaterThanOrEqual(now + 120_000);
  });

  it('gives a number a new OTP once its resend window has passed on the server clock, not in real time', async () => {
    const mobileNo = '9833333333';
    expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
    const early = await sendOtp(server, mobileNo);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ statusCode: 'otpResendTooSoon' });

    expect((await advance(31)).statusCode).toBe(200);
    expect((await sendOtp(server, mobileNo)).statusCode).toBe(200);
  });

  it('refuses a step that is not a whole number of seconds between 1 and 3600', async () => {
    for (const advanceSeconds of [0, -5, 1.5, 3601, '31']) {
      const reply = await server.app.inject({ method: 'POST', url: DEV_CLOCK_PATH, payload: { advanceSeconds } });
      expect(reply.statusCode, String(advanceSeconds)).toBe(400);
    }
  });
});

describe('the dev clock switch', () => {
  it('leaves a server without it on the machine time, with no /dev/clock', async () => {
    const server = await getTestInstance(DATABASE_KINDS[0]!);
    try {
      expect((await server.app.inject(DEV_CLOCK_PATH)).statusCode).toBe(404);
      const post = await server.app.inject({ method: 'POST', url: DEV_CLOCK_PATH, payload: { advanceSeconds: 31 } });
      expect(post.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('is refused outside the local environment', () => {
    const env = { PRAVESH_ENV: 'development', PRAVESH_DEV_CLOCK: '1', ...testSecretsFor('development') };
    expect(() => loadConfig(env)).toThrow(new ConfigError('PRAVESH_DEV_CLOCK is only for the local environment'));
    expect(loadConfig({ ...env, PRAVESH_DEV_CLOCK: undefined }).devClock).toBe(false);
  });

  it('is refused in production before any other production check', () => {
    const env = { PRAVESH_ENV: 'production', PRAVESH_DEV_CLOCK: '1', ...testSecretsFor('production') };
    expect(() => loadConfig(env)).toThrow(new ConfigError('PRAVESH_DEV_CLOCK is only for the local environment'));
  });
});
