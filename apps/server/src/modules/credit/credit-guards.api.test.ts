import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_CONFIG_CONTRACTS, CONSENT_ROUTES, CREDIT_ROUTES } from '@pravesh/core';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  authorize,
  exchange,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';

/**
 * The credit routes' guards (spec 000 §3 sign-in scopes): a token must carry a scope
 * that covers credit data (core CREDIT_SCOPES: bureau or myaccount), and the pull takes no body at
 * all, an empty one or {} as "every bureau".
 */
describe.each(DATABASE_KINDS)('credit route guards on %s', (kind) => {
  let server: SsoTestServer;
  beforeAll(async () => {
    server = await ssoServer(kind);
  }, 120_000);
  afterAll(() => server?.database.dispose());

  /** An access token of the customer's session granted exactly `scope`. */
  async function tokenWithScope(customer: SignedInCustomer, scope: string): Promise<string> {
    const authorized = await authorize(server, { scope }, { cookie: customer.cookie });
    expect(authorized.statusCode, authorized.body).toBe(200);
    const { code } = authorized.json<{ response: { code: string } }>().response;
    const exchanged = await exchange(server, { authorizationCode: code });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    return exchanged.json<{ response: { accessToken: string } }>().response.accessToken;
  }

  async function get(path: string, accessToken: string) {
    return server.app.inject({
      url: path,
      headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': accessToken },
    });
  }

  async function pull(accessToken: string, headers: Record<string, string> = {}, payload?: string) {
    return server.app.inject({
      method: 'POST',
      url: CREDIT_ROUTES.pullReport,
      headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': accessToken, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function consent(customer: SignedInCustomer) {
    const reply = await server.app.inject({
      method: 'POST',
      url: CONSENT_ROUTES.userConsent,
      headers: {
        'pb-pass-token': await server.pass(2),
        'pb-access-token': customer.accessToken,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        contractId: CONSENT_CONFIG_CONTRACTS.main,
        contractVersionId: '1',
        customerId: customer.customerId,
        visitorId: `visitor-${randomUUID()}`,
        visitId: `visit-${randomUUID()}`,
        userValue: 'Y',
        consentState: 1,
      }),
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }

  it('refuses a token granted no credit scope (403 creditScopeMissing), reads and pull alike', async () => {
    const customer = await signInCustomer(server);
    const offersOnly = await tokenWithScope(customer, 'personalised_offers credit_card');
    for (const path of [CREDIT_ROUTES.getCreditScores, CREDIT_ROUTES.reportStatus]) {
      const reply = await get(path, offersOnly);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({
        status: false,
        statusCode: 'creditScopeMissing',
        statusMessage: 'This sign-in does not allow access to credit reports',
      });
    }
    expect((await pull(offersOnly)).json()).toMatchObject({ statusCode: 'creditScopeMissing' });
  });

  it('answers a token granted bureau, or myaccount (My Account shows scores)', async () => {
    const customer = await signInCustomer(server);
    for (const scope of ['bureau', 'myaccount']) {
      const reply = await get(CREDIT_ROUTES.getCreditScores, await tokenWithScope(customer, scope));
      expect(reply.statusCode, `${scope}: ${reply.body}`).toBe(200);
    }
  });

  it('pulls on no body, an empty JSON body and {} alike (every bureau)', async () => {
    for (const send of [
      (token: string) => pull(token),
      (token: string) => pull(token, { 'content-type': 'application/json' }, ''),
      (token: string) => pull(token, { 'content-type': 'application/json' }, '{}'),
    ]) {
      const customer = await signInCustomer(server);
      await consent(customer);
      const reply = await send(customer.accessToken);
      expect(reply.statusCode, reply.body).toBe(200);
      const { bureauList } = reply.json<{ response: { bureauList: { creditBureauType: string }[] } }>().response;
      expect(bureauList).toHaveLength(4);
    }
  });

  it('still refuses a malformed pull body (400), and pulls nothing', async () => {
    const customer = await signInCustomer(server);
    await consent(customer);
    const reply = await pull(customer.accessToken, { 'content-type': 'application/json' }, '{"creditBureaus":[]}');
    expect(reply.statusCode).toBe(400);
    expect((await get(CREDIT_ROUTES.getCreditScores, customer.accessToken)).json()).toMatchObject({ response: [] });
  });
});
