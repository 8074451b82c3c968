import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES, SELF_SERVICE_ROUTES, type ConsentCheckResponse, type MyConsentsResponse } from '@pravesh/core';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { consentLedger } from '../../db/schema/consent.ts';
import { testClient } from '../../test/client.ts';

const HOMEPAGE = 'pb-tnc-homepage';

/** spec 001 §2 consent-revocation: list from the ledger, withdraw, the panel asks again. */
describe.each(DATABASE_KINDS)('My Account consents on %s', (kind) => {
  let server: SsoTestServer;

  const post = <T>(url: string, accessToken: string | undefined, payload: unknown = {}) =>
    testClient(server).post<T>(url, { accessToken, body: payload });
  const consents = (customer: SignedInCustomer) =>
    post<MyConsentsResponse>(SELF_SERVICE_ROUTES.consents, customer.accessToken);
  const accept = (customer: SignedInCustomer, visitorId: string) =>
    post(CONSENT_ROUTES.userConsent, customer.accessToken, {
      contractId: HOMEPAGE,
      contractVersionId: '1',
      customerId: customer.customerId,
      visitorId,
      visitId: `visit-${randomUUID()}`,
      userValue: 'Y',
      consentState: 1,
    });
  const check = (customer: SignedInCustomer, visitorId: string) =>
    post<ConsentCheckResponse>(CONSENT_ROUTES.check, customer.accessToken, {
      contractId: HOMEPAGE,
      customerId: customer.customerId,
      visitorId,
      visitId: `visit-${randomUUID()}`,
    });

  beforeAll(async () => {
    server = await ssoServer(kind);
  });
  afterAll(() => server?.close());

  it('lists nothing before any consent', async () => {
    const customer = await signInCustomer(server);
    const { reply, body } = await consents(customer);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(body.response).toEqual({ consents: [] });
  });

  it('lists a given consent; withdrawing appends an entry and the consent panel asks again', async () => {
    const customer = await signInCustomer(server);
    const visitorId = `visitor-${randomUUID()}`;
    expect((await accept(customer, visitorId)).reply.statusCode).toBe(200);
    const givenAt = new Date(server.clock.now()).toISOString();
    // The panel is satisfied while the consent stands.
    expect((await check(customer, visitorId)).body.response?.alreadyVerified).toBe(true);

    const listed = (await consents(customer)).body.response!.consents;
    expect(listed.map((consent) => [typeof consent.title, typeof consent.siteName])).toEqual([['string', 'string']]);
    expect(listed).toMatchObject([
      {
        contractId: HOMEPAGE,
        contractVersionId: '1',
        status: 'accepted',
        givenAt,
        withdrawnAt: null,
        siteId: 2,
        // The brand's names (core BRAND, siteLabel), never the site list's internal "Homepage".
        title: 'Kosh Terms of Use',
        siteName: 'Kosh',
      },
    ]);

    const ledgerBefore = await server.database.db.$count(consentLedger);
    server.clock.advance(60_000);
    const withdrawn = await post(CONSENT_ROUTES.withdraw, customer.accessToken, {
      contractId: HOMEPAGE,
      customerId: customer.customerId,
      visitorId,
    });
    expect(withdrawn.reply.statusCode).toBe(200);
    // A new ledger entry, never an update of the acceptance.
    expect(await server.database.db.$count(consentLedger)).toBe(ledgerBefore + 1);

    const after = (await consents(customer)).body.response!.consents;
    expect(after).toMatchObject([
      { contractId: HOMEPAGE, status: 'withdrawn', givenAt, withdrawnAt: new Date(server.clock.now()).toISOString() },
    ]);
    // The embedded consent panel (SDK puckar/check) asks again.
    const panel = await check(customer, visitorId);
    expect(panel.reply.statusCode).toBe(200);
    expect(panel.body.response).toMatchObject({ alreadyVerified: false, alreadyResponsed: false });
  });

  it('shows a customer only their own consents and refuses a call without a valid token', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    await accept(ana, `visitor-${randomUUID()}`);
    expect((await consents(ravi)).body.response).toEqual({ consents: [] });
    expect((await consents(ana)).body.response!.consents).toHaveLength(1);
    // Ravi cannot withdraw Ana's consent: his token is not hers.
    const theirs = await post(CONSENT_ROUTES.withdraw, ravi.accessToken, {
      contractId: HOMEPAGE,
      customerId: ana.customerId,
      visitorId: 'v-ravi',
    });
    expect(theirs.reply.statusCode).toBe(401);
    expect((await consents(ana)).body.response!.consents[0]!.status).toBe('accepted');
    for (const token of [undefined, 'not-a-token']) {
      const { reply, body } = await post(SELF_SERVICE_ROUTES.consents, token);
      expect(reply.statusCode).toBe(401);
      expect(body).toMatchObject({ statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' });
    }
  });
});
