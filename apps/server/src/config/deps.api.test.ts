import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../lib/rate-limit/index.ts';
import type { SmsMessage, SmsProvider } from '../providers/sms/index.ts';
import { MOBILE, sendOtp, ssoServer, type SsoTestServer } from '../test/customers.ts';

/**
 * createDeps builds what modules share once; buildApp's test seams (providers, limiter, now) reach
 * every module through it, so a test swaps an outside service without touching a module.
 */
describe('module dependencies', () => {
  let server: SsoTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends OTPs through a provider given to getTestInstance, not the configured one', async () => {
    const sent: SmsMessage[] = [];
    const sms: SmsProvider = {
      kind: 'capture',
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    };
    server = await ssoServer('pglite', { providers: { sms }, env: { PRAVESH_EMAIL_PROVIDER: 'disabled' } });
    const reply = await sendOtp(server);
    expect(reply.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(MOBILE);
    expect(sent[0]!.text).toMatch(/^\d{6} /);
    // The configured simulator was not used: no outbox page without a simulator.
    expect((await server.app.inject('/dev/outbox.json')).statusCode).toBe(404);
  });

  it('counts OTP sends with a rate limiter given to getTestInstance', async () => {
    const keys: string[] = [];
    const limiter: RateLimiter = {
      kind: 'database',
      consume: (key) => {
        keys.push(key);
        return Promise.resolve({ allowed: false, count: 0, retryAfterMs: 60_000 });
      },
      count: () => Promise.resolve(0),
      reset: async () => {},
      close: async () => {},
    };
    server = await ssoServer('pglite', { limiter });
    const reply = await sendOtp(server);
    expect(reply.statusCode).toBe(429);
    expect(reply.json()).toMatchObject({ statusCode: 'otpRateLimited' });
    expect(keys).toEqual([expect.stringMatching(/^otp:ip:/)]);
  });
});
