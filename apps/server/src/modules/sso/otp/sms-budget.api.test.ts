import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/index.ts';
import { DATABASE_KINDS, type DatabaseKind } from '../../../test/instance.ts';
import { createClock, sendOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

const REDIS_URL = process.env.REDIS_URL;

type Setup = { name: string; kind: DatabaseKind; redis: boolean };
const SETUPS: Setup[] = [
  ...DATABASE_KINDS.map((kind) => ({ name: `sharing one ${kind} database`, kind, redis: false })),
  ...(REDIS_URL ? [{ name: 'sharing Redis', kind: 'pglite' as const, redis: true }] : []),
];

/**
 * Issue 12 §1.1 (SMS pumping): beside the per-number and per-IP limits, SMS sends spend an hourly
 * budget per number prefix and one for the whole deployment, shared by every instance through the
 * rate limiter (Redis when REDIS_URL is set, else the database). Each send below comes from a new
 * address and goes to a new number, as a pumping botnet's would.
 */
describe.each(SETUPS)('SMS send budgets across two instances $name', (setup) => {
  let first: SsoTestServer;
  let second: FastifyInstance;
  let secondView: SsoTestServer;
  const clock = createClock();
  let ip = 0;
  const nextIp = () => `198.51.100.${++ip}`;
  const send = async (server: SsoTestServer, mobileNo: string) =>
    (await sendOtp(server, mobileNo, { ip: nextIp() })).json<{ statusCode: string }>().statusCode;

  beforeAll(async () => {
    const env = {
      PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
      PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR: '3',
      PRAVESH_SMS_BUDGET_PER_HOUR: '5',
      ...(setup.redis ? { REDIS_URL: REDIS_URL! } : {}),
    };
    first = await ssoServer(setup.kind, { clock, env });
    const config = loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent', ...env });
    second = await buildApp(config, { database: first.database, logger: false, now: clock.now });
    await second.ready();
    secondView = { ...first, app: second };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('spends one hourly budget per number prefix and one for all numbers, on both instances', async () => {
    // Prefix 91234 (the first five digits): three sends, alternating instances, then no more.
    expect(await send(first, '9123400001')).toBe('success');
    expect(await send(secondView, '9123400002')).toBe('success');
    expect(await send(first, '9123400003')).toBe('success');
    expect(await send(secondView, '9123400004')).toBe('otpRateLimited');
    expect(await send(first, '9123499999')).toBe('otpRateLimited');
    // Other prefixes still go, until the deployment's five sends an hour are spent.
    expect(await send(secondView, '9876500001')).toBe('success');
    expect(await send(first, '9765400001')).toBe('success');
    expect(await send(secondView, '9654300001')).toBe('otpRateLimited');
    expect(await send(first, '8543200001')).toBe('otpRateLimited');
    // An hour later both budgets are back.
    clock.advance(3_600_000);
    expect(await send(secondView, '9123400005')).toBe('success');
    expect(await send(first, '9654300002')).toBe('success');
  });
});
