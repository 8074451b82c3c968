import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_CREDIT_CUSTOMERS, HOLDINGS_ROUTES, type OndcLoansResponse } from '@pravesh/core';
import { buildApp } from './app.ts';
import { loadConfig } from './config/index.ts';
import { DEV_CLOCK_PATH } from './modules/dev/clock.ts';
import { seedDemoHoldings } from './modules/holdings/seed.ts';
import { testClient } from './test/client.ts';
import { signInCustomer, ssoServer, type SsoTestServer } from './test/customers.ts';
import { getTestInstance, type TestInstance } from './test/instance.ts';

/**
 * BuildOptions.alongside: a second instance in the same process (scripts/start.ts --also, the
 * journeys' ONDC-off instance) uses the first one's database and dev clock and answers by its own
 * settings; the first keeps owning them.
 */
const settings = (env: Record<string, string>) =>
  loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent', ...env });

describe('an instance alongside another', () => {
  let first: SsoTestServer;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await ssoServer('pglite', { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    await seedDemoHoldings({ db: first.database.db, config: first.config, now: first.clock.now });
    second = await buildApp(settings({ PRAVESH_ONDC_ELIGIBLE: '0' }), {
      alongside: first.app,
      now: first.clock.now,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('answers from the same database by its own switch: ONDC off there, on here (spec 001 §9)', async () => {
    const customer = await signInCustomer(first, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    const loans = (app: FastifyInstance) =>
      testClient({ app, token: first.token }).get<OndcLoansResponse>(HOLDINGS_ROUTES.ondcLoans, {
        accessToken: customer.accessToken,
      });
    const on = await loans(first.app);
    expect(on.status).toBe(200);
    expect(on.body.response!.loans).toHaveLength(1);
    const off = await loans(second);
    expect(off.status).toBe(404);
    expect(off.body.statusCode).toBe('ondcNotEligible');
    // The session, the customer and their policy are the ones the first instance stored.
    const policy = await testClient({ app: second, token: first.token }).get<{ policy: unknown }>(
      HOLDINGS_ROUTES.policyDetails,
      { accessToken: customer.accessToken },
    );
    expect(policy.body.response!.policy).not.toBeNull();
  });

  it('keeps the database open after it closes: the first instance owns it', async () => {
    const third = await buildApp(settings({}), { alongside: first.app, now: first.clock.now, logger: false });
    await third.close();
    const { status } = await testClient(first).get(HOLDINGS_ROUTES.policyDetails, {
      accessToken: (await signInCustomer(first)).accessToken,
    });
    expect(status).toBe(200);
  });
});

describe('a dev clock alongside', () => {
  let first: TestInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await getTestInstance('pglite', { env: { PRAVESH_DEV_CLOCK: '1' } });
    second = await buildApp(settings({ PRAVESH_DEV_CLOCK: '1' }), { alongside: first.app, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('is one clock: moved on one instance, the other reads the same time', async () => {
    const moved = await first.app.inject({ method: 'POST', url: DEV_CLOCK_PATH, payload: { advanceSeconds: 3600 } });
    expect(moved.statusCode).toBe(200);
    const read = await second.inject(DEV_CLOCK_PATH);
    const seen = read.json<{ response: { now: number } }>().response.now;
    expect(seen).toBeGreaterThanOrEqual(moved.json<{ response: { now: number } }>().response.now);
    expect(seen - Date.now()).toBeGreaterThan(3_590_000);
  });
});
