import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  AGGREGATOR_ROUTES,
  AGGREGATOR_ROUTE_METHODS,
  type AccountsDetailResponse,
  type AggregatorRoute,
  type CreateConsentResponse,
  type DecideResponse,
  type DiscoverResponse,
} from '@pravesh/core';
import type { aaAccounts, aaTransactions } from '../../db/schema/aggregator.ts';
import { createAggregatorSimulator, type AggregatorSimulator } from '../../providers/aggregator/index.ts';
import type { DatabaseKind } from '../../test/instance.ts';
import {
  createClock,
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { testClient, type Envelope } from '../../test/client.ts';

/**
 * The aggregator API tests' shared setting (not a test file itself): a server on a test database
 * with the simulator on a fake clock (data ready 3 s after an FI request, the job ticker off so
 * each step is the test's), the OVI calls as the dashboard makes them, and the journey that links
 * and fetches a customer's accounts. Call inside a describe: it registers its beforeAll/afterAll.
 */

export interface CallOptions {
  body?: unknown;
  query?: string;
  app?: FastifyInstance;
  accept?: string;
}

export interface Linked {
  customer: SignedInCustomer;
  consentHandle: string;
  consentId: string;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** `env` adds to the kit's settings, for a test of another module over bank data (data rights). */
export function aggregatorTestKit(kind: DatabaseKind, options: { env?: Record<string, string> } = {}) {
  const clock = createClock();
  let server: SsoTestServer | undefined;
  let sim: AggregatorSimulator | undefined;

  beforeAll(async () => {
    sim = createAggregatorSimulator({ now: clock.now, dataReadyDelayMs: 3_000 });
    server = await ssoServer(kind, {
      clock,
      providers: { aggregator: sim },
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '10000', PRAVESH_AA_WORKER_MS: '0', ...options.env },
    });
  });
  afterAll(() => server?.close());

  const kit = {
    clock,
    get server(): SsoTestServer {
      if (!server) throw new Error('the aggregator test server starts in beforeAll');
      return server;
    },
    get sim(): AggregatorSimulator {
      if (!sim) throw new Error('the simulator starts in beforeAll');
      return sim;
    },

    /** The route as the dashboard calls it; the raw reply (a PDF is not JSON). */
    async inject(
      route: AggregatorRoute,
      customer: SignedInCustomer | null,
      options: CallOptions = {},
    ): Promise<LightMyRequestResponse> {
      const method = AGGREGATOR_ROUTE_METHODS[route];
      const server = options.app ? { ...kit.server, app: options.app } : kit.server;
      return testClient(server).inject(method, AGGREGATOR_ROUTES[route], {
        query: options.query,
        accessToken: customer?.accessToken,
        body: method === 'POST' ? (options.body ?? {}) : undefined,
        headers: options.accept ? { accept: options.accept } : {},
      });
    },

    async call<T>(route: AggregatorRoute, customer: SignedInCustomer | null, options: CallOptions = {}) {
      const reply = await kit.inject(route, customer, options);
      return { status: reply.statusCode, body: reply.json<Envelope<T>>() };
    },

    async ok<T>(route: AggregatorRoute, customer: SignedInCustomer, options: CallOptions = {}): Promise<T> {
      const reply = await kit.call<T>(route, customer, options);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.response as T;
    },

    signIn: () => signInCustomer(kit.server, nextMobile('93')),

    /** The journey: consent request, discovery, linking with the bank's OTP, approval. */
    async linkedCustomer(fipId = 'HDFC-FIP', customer?: SignedInCustomer, handle?: string): Promise<Linked> {
      const who = customer ?? (await kit.signIn());
      const consentHandle =
        handle ??
        (await kit.ok<CreateConsentResponse>('consent', who, { body: { mobileNo: who.mobileNo } })).consent
          .consentHandle;
      const found = await kit.ok<DiscoverResponse>('discover', who, { body: { consentHandle, fipId } });
      const { refNumber } = await kit.ok<{ refNumber: string }>('link', who, {
        body: { consentHandle, fipId, accRefNumbers: found.accounts.map((account) => account.accRefNumber) },
      });
      await kit.ok('linkConfirm', who, { body: { refNumber, otp: await kit.sim.otpFor(refNumber) } });
      const decided = await kit.ok<DecideResponse>('decide', who, { body: { consentHandle, decision: 'APPROVE' } });
      expect(decided.verificationStatus).toBe('VERIFIED');
      const consentId = (await kit.sim.consentHandleStatus(consentHandle)).consentId as string;
      return { customer: who, consentHandle, consentId };
    },

    /** A linked customer whose first fetch has completed. */
    async fetchedCustomer(fipId = 'HDFC-FIP'): Promise<Linked & { detail: AccountsDetailResponse }> {
      const linked = await kit.linkedCustomer(fipId);
      clock.advance(3_000);
      const detail = await kit.ok<AccountsDetailResponse>('fetchUserAccountInfo', linked.customer);
      expect(detail.fetchStatus).toBe('COMPLETED');
      return { ...linked, detail };
    },

    async countOf(table: typeof aaTransactions | typeof aaAccounts, customerId: string): Promise<number> {
      return (await kit.server.database.db.select().from(table).where(eq(table.customerId, customerId))).length;
    },
  };
  return kit;
}

export type AggregatorTestKit = ReturnType<typeof aggregatorTestKit>;
