import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_ON_ROUTES,
  AGGREGATOR_ROUTES,
  AGGREGATOR_ROUTE_METHODS,
  SSO_DEV_ROUTES,
  type AccountsDetailResponse,
  type AggregatorRoute,
  type CreateConsentResponse,
  type DecideResponse,
  type DiscoverResponse,
  type Purchase,
} from '@pravesh/core';
import { loadConfig } from '../config/index.ts';
import { createDb } from '../db/client.ts';
import { storeCibilScore } from '../test/credit.ts';
import { prepareMigratedDataDir } from '../test/migrated.ts';
import {
  createClock,
  latestOtp,
  nextMobile,
  sendOtp,
  signInCustomer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../test/customers.ts';
import { TWO_INSTANCES_AVAILABLE, startInstance, startTwoInstances, type TwoInstances } from '../test/two-instances.ts';
import { PAYMENT_DEV_OUTCOME_PATH } from './payment/dev-routes.ts';
import type { OutboxEntry } from './sms/types.ts';
import { testClient } from '../test/client.ts';

/**
 * The local simulators' state (the dev outbox, the payment simulator, the account-aggregator
 * simulator) is in the database: whichever instance behind a balancer a request reaches, it finds
 * the code, the order or the AA request another instance made, and a restart keeps them
 * (schema/simulators.ts, README "My Account", bank linking).
 */

async function outboxOf(server: SsoTestServer): Promise<OutboxEntry[]> {
  return (await server.app.inject(SSO_DEV_ROUTES.outboxJson)).json<{ messages: OutboxEntry[] }>().messages;
}

async function addOn<T>(server: SsoTestServer, customer: SignedInCustomer, url: string, body?: object) {
  const proof = { sso: customer.accessToken };
  return (await testClient(server).call<T>(body ? 'POST' : 'GET', url, { proof, body })).body.response;
}

/** An OVI call as the dashboard makes it; the response of a 200. */
async function aa<T>(server: SsoTestServer, route: AggregatorRoute, customer: SignedInCustomer, body?: object) {
  const method = AGGREGATOR_ROUTE_METHODS[route];
  const { reply, body: envelope } = await testClient(server).call<T>(method, AGGREGATOR_ROUTES[route], {
    accessToken: customer.accessToken,
    body: method === 'POST' ? (body ?? {}) : undefined,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return envelope.response as T;
}

/** The bank's linking OTP the simulated bank "sent" to this number, as /dev/outbox shows it. */
async function linkingOtp(server: SsoTestServer, mobileNo: string): Promise<string> {
  const message = (await outboxOf(server)).find((entry) => entry.to === mobileNo && entry.templateId === 'AA_LINK_OTP');
  const otp = message?.text.match(/^(\d+) /)?.[1];
  if (!otp) throw new Error(`no linking OTP in the outbox for ${mobileNo}`);
  return otp;
}

/** Consent request, discovery and linking at a bank (the linking OTP still to be confirmed). */
async function startLinking(server: SsoTestServer, customer: SignedInCustomer) {
  const { consentHandle } = (
    await aa<CreateConsentResponse>(server, 'consent', customer, { mobileNo: customer.mobileNo })
  ).consent;
  const found = await aa<DiscoverResponse>(server, 'discover', customer, { consentHandle, fipId: 'HDFC-FIP' });
  const { refNumber } = await aa<{ refNumber: string }>(server, 'link', customer, {
    consentHandle,
    fipId: 'HDFC-FIP',
    accRefNumbers: found.accounts.map((account) => account.accRefNumber),
  });
  return { consentHandle, refNumber };
}

describe.skipIf(!TWO_INSTANCES_AVAILABLE)('simulator state on two instances of one database', () => {
  let servers: TwoInstances;

  beforeAll(async () => {
    servers = await startTwoInstances();
  }, 180_000);
  afterAll(() => servers?.close());

  it('shows an OTP sent through one instance in the other instance’s outbox', async () => {
    const { a, b } = servers;
    const mobileNo = nextMobile('95');
    expect((await sendOtp(a, mobileNo)).statusCode).toBe(200);
    const code = await latestOtp(b, mobileNo);
    expect(code).toMatch(/^\d{6}$/);
    expect(await latestOtp(a, mobileNo)).toBe(code);
    expect((await outboxOf(b)).filter((entry) => entry.to === mobileNo)).toHaveLength(1);
  });

  it('confirms and settles on one instance a payment started on the other', async () => {
    const { a, b, clock } = servers;
    const customer = await signInCustomer(a, nextMobile('95'));
    await storeCibilScore(a.database.db, customer.customerId, clock.now());
    // The outcome queued through A is the one B's confirmation takes: one gateway, not two.
    const queued = await a.app.inject({
      method: 'POST',
      url: PAYMENT_DEV_OUTCOME_PATH,
      payload: { outcome: 'pending' },
    });
    expect(queued.statusCode).toBe(200);
    const started = await addOn<Purchase>(a, customer, ADD_ON_ROUTES.createOrder, {
      addOn: 'CREDIT_HEALTH',
      idempotencyKey: randomUUID(),
    });
    const purchaseId = started!.purchaseId;
    const confirm = (server: SsoTestServer) =>
      addOn<Purchase>(server, customer, ADD_ON_ROUTES.confirmPayment, { purchaseId });
    const status = (server: SsoTestServer) =>
      addOn<Purchase>(server, customer, `${ADD_ON_ROUTES.orderStatus}?purchaseId=${purchaseId}`);
    expect((await confirm(b))?.status).toBe('PENDING');
    expect((await status(a))?.status).toBe('PENDING');
    // The gateway settles a pending payment after PRAVESH_PAYMENT_SIM_PENDING_MS (30 s by default).
    clock.advance(30_000);
    expect((await status(b))?.status).toBe('SUCCESS');
    expect((await status(a))?.status).toBe('SUCCESS');
  });

  it('links through one instance with the bank’s OTP read on the other, and fetches there', async () => {
    const { a, b, clock } = servers;
    const customer = await signInCustomer(a, nextMobile('93'));
    const { consentHandle, refNumber } = await startLinking(a, customer);
    const otp = await linkingOtp(b, customer.mobileNo);
    await aa(a, 'linkConfirm', customer, { refNumber, otp });
    // Approving on A asks the AA for the data (the fetch job's FI request) through A's simulator.
    const decided = await aa<DecideResponse>(a, 'decide', customer, { consentHandle, decision: 'APPROVE' });
    expect(decided.verificationStatus).toBe('VERIFIED');
    // Ready after PRAVESH_AA_SIM_READY_MS (3 s by default); B's poll moves the job on and fetches.
    clock.advance(3_000);
    const detail = await aa<AccountsDetailResponse>(b, 'fetchUserAccountInfo', customer);
    expect(detail.fetchStatus).toBe('COMPLETED');
    expect((await aa<AccountsDetailResponse>(a, 'fetchUserAccountInfo', customer)).fetchStatus).toBe('COMPLETED');
  });
});

describe('simulator state across a restart on PGlite', () => {
  const clock = createClock();
  let dataDir: string;
  let server: SsoTestServer | undefined;
  const config = () =>
    loadConfig({
      PRAVESH_ENV: 'local',
      PRAVESH_DATA_DIR: dataDir,
      PRAVESH_RATE_LIMIT_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
      // No ticker: each step of the fetch is the test's.
      PRAVESH_AA_WORKER_MS: '0',
    });
  /** Stops the server (if one runs) and starts another on the same data directory. */
  async function restart(): Promise<SsoTestServer> {
    await server?.close();
    const handle = createDb({ dataDir });
    await handle.migrate();
    server = await startInstance(config(), handle, clock);
    return server;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pravesh-simulators-'));
    await prepareMigratedDataDir(dataDir);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the outbox, a pending payment and an AA request through a restart', async () => {
    let current = await restart();
    const customer = await signInCustomer(current, nextMobile('95'));
    await storeCibilScore(current.database.db, customer.customerId, clock.now());
    await current.app.inject({ method: 'POST', url: PAYMENT_DEV_OUTCOME_PATH, payload: { outcome: 'pending' } });
    const started = await addOn<Purchase>(current, customer, ADD_ON_ROUTES.createOrder, {
      addOn: 'CREDIT_HEALTH',
      idempotencyKey: randomUUID(),
    });
    const purchaseId = started!.purchaseId;
    expect((await addOn<Purchase>(current, customer, ADD_ON_ROUTES.confirmPayment, { purchaseId }))?.status).toBe(
      'PENDING',
    );
    const { consentHandle, refNumber } = await startLinking(current, customer);
    const sent = await outboxOf(current);
    expect(sent.map((entry) => entry.templateId)).toEqual(['AA_LINK_OTP', expect.any(String)]);

    current = await restart();
    expect(await outboxOf(current)).toEqual(sent);
    // The linking reference and its OTP, made before the restart, are still the AA's.
    await aa(current, 'linkConfirm', customer, { refNumber, otp: await linkingOtp(current, customer.mobileNo) });
    await aa<DecideResponse>(current, 'decide', customer, { consentHandle, decision: 'APPROVE' });

    current = await restart();
    clock.advance(30_000);
    const status = await addOn<Purchase>(current, customer, `${ADD_ON_ROUTES.orderStatus}?purchaseId=${purchaseId}`);
    expect(status?.status).toBe('SUCCESS');
    // The FI request made before the restart is fetched after it (README: fetch jobs survive one).
    expect((await aa<AccountsDetailResponse>(current, 'fetchUserAccountInfo', customer)).fetchStatus).toBe('COMPLETED');
  }, 120_000);
});
