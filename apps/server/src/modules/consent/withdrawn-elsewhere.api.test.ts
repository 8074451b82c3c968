import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES, type IsLatestContractVersionResponse } from '@pravesh/core';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';

const HOMEPAGE = 'pb-tnc-homepage';

/**
 * "the embedded consent panel asks again" after a withdrawal made elsewhere: a page
 * that settled consent earlier only asks puckar/islatestcontractversion, whose answer tells the
 * customer of the access token that their latest answer is a withdrawal (and tells no one else).
 */
describe.each(DATABASE_KINDS)('a withdrawal seen by the light consent check on %s', (kind) => {
  let server: SsoTestServer;
  let ana: SignedInCustomer;
  let ravi: SignedInCustomer;

  const post = <T>(url: string, accessToken: string | undefined, payload: Record<string, unknown>) =>
    testClient(server).post<T>(url, { accessToken, body: payload });
  const isLatest = async (accessToken?: string) =>
    (
      await post<IsLatestContractVersionResponse>(CONSENT_ROUTES.isLatestContractVersion, accessToken, {
        contractId: HOMEPAGE,
        contractVersionId: '1',
      })
    ).body.response;
  const answer = (customer: SignedInCustomer, userValue: 'Y' | 'N') =>
    post(CONSENT_ROUTES.userConsent, customer.accessToken, {
      contractId: HOMEPAGE,
      contractVersionId: '1',
      customerId: customer.customerId,
      visitorId: `visitor-${randomUUID()}`,
      visitId: `visit-${randomUUID()}`,
      userValue,
      consentState: 1,
    });

  beforeAll(async () => {
    server = await ssoServer(kind);
    ana = await signInCustomer(server);
    ravi = await signInCustomer(server);
  });
  afterAll(() => server?.close());

  it('answers withdrawn only to the customer whose latest answer is a withdrawal', async () => {
    expect((await answer(ana, 'Y')).status).toBe(200);
    expect((await answer(ravi, 'Y')).status).toBe(200);
    // Without a customer the answer is the spec's alone.
    expect(await isLatest()).toEqual({ isLatestVersion: true, latestContractVersionId: '1' });
    expect(await isLatest(ana.accessToken)).toEqual({
      isLatestVersion: true,
      latestContractVersionId: '1',
      withdrawn: false,
      answered: true,
    });

    // Withdrawn from My Account (another site's page): a new ledger entry.
    const withdrawal = await post(CONSENT_ROUTES.withdraw, ana.accessToken, {
      contractId: HOMEPAGE,
      customerId: ana.customerId,
      visitorId: 'my-account',
    });
    expect(withdrawal.status).toBe(200);
    expect(await isLatest(ana.accessToken)).toMatchObject({ isLatestVersion: true, withdrawn: true });
    expect(await isLatest(ravi.accessToken)).toMatchObject({ withdrawn: false });
    expect(await isLatest()).not.toHaveProperty('withdrawn');

    // A decline is not a withdrawal (it keeps the day's answer, spec 000 §4); a new acceptance ends it.
    expect((await answer(ana, 'N')).status).toBe(200);
    expect(await isLatest(ana.accessToken)).toMatchObject({ withdrawn: false, answered: true });
  });

  it('answers answered: false to a customer who never answered the latest version (another person on a settled browser)', async () => {
    const newcomer = await signInCustomer(server);
    expect(await isLatest(newcomer.accessToken)).toEqual({
      isLatestVersion: true,
      latestContractVersionId: '1',
      withdrawn: false,
      answered: false,
    });
    expect(await isLatest()).not.toHaveProperty('answered');
  });
});
