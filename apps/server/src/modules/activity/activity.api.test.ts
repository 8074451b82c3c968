import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PATH, APPLICATION_DATA_PATH, type GetApplicationDataResponse } from '@pravesh/core';
import { consentReceived } from '../../db/schema/consent.ts';
import { siteActivity } from '../../db/schema/activity.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  CLIENT_B,
  accessTokenOn,
  logOut,
  nextMobile,
  signInCustomer,
  ssoServer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { testClient, type Proof } from '../../test/client.ts';

function application(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    partnerId: 'partner-7',
    partnerName: 'Example Bank',
    productName: 'Personal Loan',
    image: 'https://cdn.example.in/bank.png',
    state: 'IN_PROGRESS',
    continueUrl: 'https://www.example.in/pl/continue/1',
    title: 'Personal Loan',
    subtitle: 'Application in progress',
    ...overrides,
  };
}

function leadItem(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'lead',
    product: 'PL',
    title: 'Personal Loan',
    subtitle: 'Continue your application',
    continueUrl: 'https://www.example.in/pl/continue/1',
    application: [application(`${id}-app`)],
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)('shared activity API on %s', (kind) => {
  let server: SsoTestServer;
  const tokens = new Map<number, string>();
  async function post<T>(url: string, body: unknown, siteId = 2, proof?: Proof) {
    if (!tokens.has(siteId)) tokens.set(siteId, await server.token(siteId));
    // One pass token per site unless the customer rides in it (the sso strategy).
    const pass = proof && 'sso' in proof ? undefined : tokens.get(siteId);
    const { status, body: envelope } = await testClient(server).post<T>(url, { body, siteId, proof, pass });
    return { status, body: envelope };
  }
  const read = (payload: unknown, siteId = 2, proof?: Proof) =>
    post<GetApplicationDataResponse>(APPLICATION_DATA_PATH, payload, siteId, proof);
  const rows = () => server.database.db.$count(siteActivity);

  const signIn = () => signInCustomer(server, nextMobile('97'));

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('stores data items and leads for a visitor and answers them from getApplicationData', async () => {
    const visitorId = randomUUID();
    const lead = { id: 'lead-1', application: [application('app-1')], applicationDetails: { amount: 500000 } };
    const stored = await post(ACTIVITY_PATH, {
      visitorId,
      visitId: 'visit-1',
      data: [leadItem('item-1'), { id: 'score', type: 'report', bureauType: 'CIBIL', lastUpdated: 1 }],
      leads: [lead],
      sharedData: { lastProduct: 'PL' },
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ status: true, response: { siteId: 2, dataCount: 2, leadCount: 1 } });

    const answer = await read({ visitorId });
    expect(answer.status).toBe(200);
    const entry = answer.body.response!.sites['2']!;
    expect(answer.body.response).toMatchObject({ visitorId, customerId: null });
    expect(Object.keys(answer.body.response!.sites)).toEqual(['2']);
    expect(entry).toMatchObject({
      siteId: 2,
      visit: 'visit-1',
      sharedData: { lastProduct: 'PL' },
      consentRecievedDate: null,
      leads: [{ ...lead }],
    });
    expect(entry.data.map((item) => item.id)).toEqual(['item-1', 'score']);
    expect(entry.data[0]).toMatchObject(leadItem('item-1'));
    expect(typeof entry.data[0]!.updatedAt).toBe('number');
  });

  it('stores the same items again idempotently and keeps their createdAt', async () => {
    const visitorId = randomUUID();
    const body = { visitorId, data: [leadItem('item-1')] };
    await post(ACTIVITY_PATH, body);
    const first = (await read({ visitorId })).body.response!.sites['2']!.data[0]!;
    const again = await post(ACTIVITY_PATH, { ...body, data: [leadItem('item-1', { title: 'Renamed' })] });
    expect(again.body.response).toMatchObject({ dataCount: 1 });
    const second = (await read({ visitorId })).body.response!.sites['2']!.data[0]!;
    expect(second).toMatchObject({ title: 'Renamed', createdAt: first.createdAt });
  });

  it('merges concurrent writes to one entry instead of losing any', async () => {
    const visitorId = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) => post(ACTIVITY_PATH, { visitorId, data: [leadItem(`item-${index}`)] })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect((await read({ visitorId })).body.response!.sites['2']!.data).toHaveLength(12);
  });

  it('answers the consent received date once the consent capability has stored one', async () => {
    const visitorId = randomUUID();
    await post(ACTIVITY_PATH, { visitorId, data: [leadItem('x')] });
    const receivedAt = new Date('2026-11-21T06:00:00.000Z');
    await server.database.db.insert(consentReceived).values([
      { visitorId, siteId: 2, contractId: 'pb-tnc-homepage', receivedAt: new Date('2026-11-01T00:00:00.000Z') },
      { visitorId, siteId: 2, contractId: 'pb-tnc-credit-report', receivedAt },
      { visitorId, siteId: 7, contractId: 'pb-tnc-credit-card', receivedAt },
    ]);
    const sites = (await read({ visitorId })).body.response!.sites;
    expect(sites['2']!.consentRecievedDate).toBe(receivedAt.toISOString());
    expect(sites['7']).toMatchObject({ consentRecievedDate: receivedAt.toISOString(), data: [], leads: [] });
    expect(Object.keys((await read({ visitorId, siteId: 7 })).body.response!.sites)).toEqual(['7']);
  });

  it("merges a customer's entries from other visitors (devices) and sites after sign-in", async () => {
    const { customerId, accessToken, cookie } = await signIn();
    const other = await signIn();
    const proof = { sso: accessToken };
    // An access token is good on its own site only: site 7 gets its own, same session.
    const onSite7 = await accessTokenOn(server, cookie, CLIENT_B);
    const phone = randomUUID();
    const laptop = randomUUID();
    const wrote = [
      await post(ACTIVITY_PATH, { visitorId: phone, customerId, data: [leadItem('pl', { updatedAt: 100 })] }, 2, proof),
      await post(ACTIVITY_PATH, { visitorId: phone, customerId, data: [leadItem('cc', { product: 'CC' })] }, 7, {
        sso: onSite7,
      }),
      await post(ACTIVITY_PATH, { visitorId: laptop, data: [leadItem('pl', { updatedAt: 200, title: 'Newer' })] }),
      await post(
        ACTIVITY_PATH,
        { visitorId: randomUUID(), customerId: other.customerId, data: [leadItem('other')] },
        2,
        { header: other.accessToken },
      ),
    ];
    expect(wrote.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);

    const anonymous = (await read({ visitorId: laptop })).body.response!;
    expect(Object.keys(anonymous.sites)).toEqual(['2']);
    const merged = (await read({ visitorId: laptop, customerId }, 2, proof)).body.response!;
    expect(Object.keys(merged.sites).sort()).toEqual(['2', '7']);
    expect(merged.sites['2']!.data).toEqual([expect.objectContaining({ id: 'pl', title: 'Newer', updatedAt: 200 })]);
    expect(merged.sites['7']!.data).toEqual([expect.objectContaining({ id: 'cc', product: 'CC' })]);
    // The pb-access-token header proves the customer as well as the pass token's sso strategy.
    const byHeader = await read({ visitorId: laptop, customerId }, 7, { header: onSite7 });
    expect(Object.keys(byHeader.body.response!.sites).sort()).toEqual(['2', '7']);
    // Site 2's token is refused under site 7's pass token, in either place.
    expect((await read({ visitorId: laptop, customerId }, 7, { header: accessToken })).status).toBe(401);
    expect((await read({ visitorId: laptop, customerId }, 7, proof)).status).toBe(401);
  });

  describe('two customers on one browser (one visitor id)', () => {
    const itemIds = (response: GetApplicationDataResponse | undefined) =>
      (response?.sites['2']?.data ?? []).map((item) => item.id).sort();

    it("keeps each customer's entry their own, and answers a visitor-only read neither", async () => {
      const visitorId = randomUUID();
      const asha = await signIn();
      const ravi = await signIn();
      const as = (customer: typeof asha) => [2, { sso: customer.accessToken }] as const;
      const stored = [
        await post(ACTIVITY_PATH, { visitorId, customerId: asha.customerId, data: [leadItem('asha')] }, ...as(asha)),
        await post(ACTIVITY_PATH, { visitorId, customerId: ravi.customerId, data: [leadItem('ravi')] }, ...as(ravi)),
      ];
      expect(stored.map((reply) => reply.status)).toEqual([200, 200]);

      expect(itemIds((await read({ visitorId, customerId: ravi.customerId }, ...as(ravi))).body.response)).toEqual([
        'ravi',
      ]);
      expect(itemIds((await read({ visitorId, customerId: asha.customerId }, ...as(asha))).body.response)).toEqual([
        'asha',
      ]);
      // A visitor id is no proof of a customer: without one, neither entry is answered.
      expect(itemIds((await read({ visitorId })).body.response)).toEqual([]);
      // Asha's erasure (by her customer id) finds her entry: Ravi's write did not take it over.
      expect(await server.database.db.$count(siteActivity, eq(siteActivity.customerId, asha.customerId))).toBe(1);
    });

    it('keeps the customer id in lower case however it was sent, so the export and erasure find the entry', async () => {
      const visitorId = randomUUID();
      const asha = await signIn();
      const proof = { sso: asha.accessToken };
      const shouted = asha.customerId.toUpperCase();
      expect(
        (await post(ACTIVITY_PATH, { visitorId, customerId: shouted, data: [leadItem('x')] }, 2, proof)).status,
      ).toBe(200);
      const lower = asha.customerId.toLowerCase();
      expect(await server.database.db.$count(siteActivity, eq(siteActivity.customerId, lower))).toBe(1);
      expect(itemIds((await read({ visitorId: randomUUID(), customerId: shouted }, 2, proof)).body.response)).toEqual([
        'x',
      ]);
    });

    it("takes the visitor's own entry into the customer's at their first store, once", async () => {
      const visitorId = randomUUID();
      expect((await post(ACTIVITY_PATH, { visitorId, data: [leadItem('before')] })).status).toBe(200);
      const asha = await signIn();
      const proof = { sso: asha.accessToken };
      const body = { visitorId, customerId: asha.customerId, data: [leadItem('after')] };
      expect((await post(ACTIVITY_PATH, body, 2, proof)).status).toBe(200);
      expect(itemIds((await read({ visitorId, customerId: asha.customerId }, 2, proof)).body.response)).toEqual([
        'after',
        'before',
      ]);
      expect(itemIds((await read({ visitorId })).body.response)).toEqual([]);
      expect(await server.database.db.$count(siteActivity, eq(siteActivity.visitorId, visitorId))).toBe(1);
    });
  });

  describe('a customerId without that customer’s valid access token', () => {
    const refused = { status: false, statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' };

    /** Every way of naming `customerId` with `proof` is refused, and stores or answers nothing. */
    async function expectRefused(customerId: string, proof: Proof | undefined): Promise<void> {
      const visitorId = randomUUID();
      const before = await rows();
      const stored = await post(ACTIVITY_PATH, { visitorId, customerId, data: [leadItem('x')] }, 2, proof);
      expect(stored).toEqual({ status: 401, body: refused });
      expect(await rows()).toBe(before);
      const answered = await read({ visitorId, customerId }, 2, proof);
      expect(answered).toEqual({ status: 401, body: refused });
    }

    it('is refused with no token at all, and the customer’s entries stay unread', async () => {
      const { customerId, accessToken } = await signIn();
      const visitorId = randomUUID();
      const proof = { sso: accessToken };
      expect((await post(ACTIVITY_PATH, { visitorId, customerId, data: [leadItem('a')] }, 2, proof)).status).toBe(200);
      await expectRefused(customerId, undefined);
      // An attacker's own visitor id with the victim's customer id learns nothing.
      expect((await read({ visitorId: randomUUID(), customerId })).body).toEqual(refused);
    });

    it('is refused with another customer’s token, in the pass token or the header', async () => {
      const victim = await signIn();
      const attacker = await signIn();
      await expectRefused(victim.customerId, { sso: attacker.accessToken });
      await expectRefused(victim.customerId, { header: attacker.accessToken });
    });

    it('is refused with a token that is not an access token of ours', async () => {
      const { customerId, accessToken } = await signIn();
      await expectRefused(customerId, { sso: `${accessToken.slice(0, -4)}AAAA` });
      await expectRefused(customerId, { header: 'not-a-jwt' });
    });

    it('is refused once the session logs out (the token is revoked)', async () => {
      const { customerId, accessToken, cookie } = await signIn();
      const visitorId = randomUUID();
      const body = { visitorId, customerId };
      expect((await read(body, 2, { sso: accessToken })).status).toBe(200);
      const logout = await logOut(server, cookie);
      expect(logout.statusCode).toBeLessThan(400);
      await expectRefused(customerId, { sso: accessToken });
    });

    it('is refused once the token has expired', async () => {
      const { customerId, accessToken } = await signIn();
      expect((await read({ visitorId: randomUUID(), customerId }, 2, { sso: accessToken })).status).toBe(200);
      server.clock.advance(901_000);
      await expectRefused(customerId, { sso: accessToken });
    });

    it('does not need one for visitor-only calls', async () => {
      const visitorId = randomUUID();
      expect((await post(ACTIVITY_PATH, { visitorId, data: [leadItem('v')] })).status).toBe(200);
      expect((await read({ visitorId, customerId: null })).body.response!.sites['2']!.data).toHaveLength(1);
    });
  });

  it.each([
    [
      'an item without id or type',
      { data: [{ type: 'lead' }] },
      'storageFieldsMissing',
      'Some of the compulsory fiels missing. Required fields are - id,type',
    ],
    [
      'a product outside the allowed list',
      { data: [leadItem('a', { product: 'PCO' })] },
      'productNotAllowed',
      'PCO - is not allowed product. Valid values of product key are - PL, CC, HL, DL, BL, MF, HLBT, LAP',
    ],
    [
      'an application that is not an array',
      { data: [leadItem('a', { application: { id: 'x' } })] },
      'applicationNotArray',
      'Application should be of type of Array.',
    ],
    [
      'an application without all nine mandatory fields',
      { leads: [{ id: 'l', application: [application('a', { partnerName: '' })] }] },
      'idAndPayloadMandatory',
      'id and payload are mandatory fields',
    ],
    [
      'an update of an item that does not exist',
      { action: 'update', data: [leadItem('ghost', { product: 'BUREAU' })] },
      'doesNotExist',
      'ghost - does not exist.',
    ],
    [
      'an unknown site id',
      { siteId: 42, data: [leadItem('a')] },
      'invalidSiteId',
      `42 - is not a valid site-Id. Valid site-Id are ${Array.from({ length: 26 }, (_, i) => i + 1).join(', ')}`,
    ],
  ])('refuses %s with the catalogue message and stores nothing', async (_name, body, code, message) => {
    const visitorId = randomUUID();
    const before = await rows();
    const reply = await post(ACTIVITY_PATH, { visitorId, ...body });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toEqual({ status: false, statusCode: code, statusMessage: message });
    expect(await rows()).toBe(before);
  });

  it('allows PCO and BUREAU on an update of an existing item', async () => {
    const visitorId = randomUUID();
    await post(ACTIVITY_PATH, { visitorId, data: [leadItem('offer')] });
    const reply = await post(ACTIVITY_PATH, {
      visitorId,
      action: 'update',
      data: [leadItem('offer', { product: 'PCO' })],
    });
    expect(reply.status).toBe(200);
    expect((await read({ visitorId })).body.response!.sites['2']!.data[0]).toMatchObject({ product: 'PCO' });
  });

  it('refuses an entry over 350 KB with "Data size exceeds permissiable limit.", also when it grows there', async () => {
    const visitorId = randomUUID();
    const before = await rows();
    const big = (id: string) => leadItem(id, { subtitle: 'x'.repeat(500) });
    const tooMuch = Array.from({ length: 500 }, (_, index) => big(`i${index}`));
    const reply = await post(ACTIVITY_PATH, { visitorId, data: tooMuch.slice(0, 400), leads: [] });
    expect(reply.body).toEqual({
      status: false,
      statusCode: 'dataSizeExceeded',
      statusMessage: 'Data size exceeds permissiable limit.',
    });
    expect(reply.status).toBe(413);
    expect(await rows()).toBe(before);

    // Each call fits; together they do not: the second is refused and the first kept as it was.
    expect((await post(ACTIVITY_PATH, { visitorId, data: tooMuch.slice(0, 250) })).status).toBe(200);
    const grown = await post(ACTIVITY_PATH, { visitorId, data: tooMuch.slice(250) });
    expect(grown.body.statusMessage).toBe('Data size exceeds permissiable limit.');
    expect((await read({ visitorId })).body.response!.sites['2']!.data).toHaveLength(250);
  });

  it('refuses text PostgreSQL cannot store (NUL, unpaired surrogates) with a 4xx, never a 500', async () => {
    const before = await rows();
    for (const body of [
      { data: [leadItem('a', { title: 'x\ud800y' })] },
      { sharedData: { k: '\udc00' } },
      { sharedData: { ['a\u0000']: 1 } },
      { leads: [{ id: 'l', applicationDetails: { note: 'a\u0000' } }] },
    ]) {
      const reply = await post(ACTIVITY_PATH, { visitorId: randomUUID(), ...body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.statusCode).toBe('badRequest');
    }
    expect(await rows()).toBe(before);
  });

  it("refuses writing another site's entry", async () => {
    const reply = await post(ACTIVITY_PATH, { visitorId: randomUUID(), siteId: 7, data: [leadItem('a')] });
    expect(reply.status).toBe(403);
    expect(reply.body.statusCode).toBe('authenticationException');
  });

  it('refuses bad getApplicationData input with a 4xx', async () => {
    expect((await read({})).body).toEqual({
      status: false,
      statusCode: 'requiredField',
      statusMessage: '[visitorId] is required',
    });
    expect((await read({ visitorId: 'v', customerId: 'not-a-guid' })).status).toBe(400);
    expect((await read({ visitorId: 'v', siteId: 99 })).body.statusCode).toBe('invalidSiteId');
    expect((await read({ visitorId: randomUUID() })).body.response!.sites).toEqual({});
  });

  it('never answers 5xx and stores nothing for arbitrary JSON bodies it refuses', async () => {
    const item = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        type: fc.oneof(fc.constantFrom('report', 'lead'), fc.string()),
        product: fc.oneof(fc.constantFrom('PL', 'CC', 'PCO', 'BUREAU'), fc.jsonValue()),
        application: fc.oneof(fc.jsonValue(), fc.array(fc.dictionary(fc.string(), fc.jsonValue()))),
        title: fc.oneof(fc.string({ unit: 'binary' }), fc.constant('a\u0000b')),
        updatedAt: fc.oneof(fc.integer(), fc.string(), fc.double()),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          visitorId: fc.oneof(fc.uuid(), fc.string()),
          customerId: fc.oneof(fc.uuid(), fc.string()),
          siteId: fc.oneof(fc.constant(2), fc.integer()),
          action: fc.oneof(fc.constantFrom('set', 'update'), fc.string()),
          data: fc.oneof(fc.array(item, { maxLength: 3 }), fc.jsonValue()),
          leads: fc.oneof(
            fc.array(fc.record({ id: fc.string(), application: fc.jsonValue() }), { maxLength: 2 }),
            fc.jsonValue(),
          ),
          sharedData: fc.oneof(
            fc.dictionary(fc.string(), fc.jsonValue()),
            fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })),
            fc.jsonValue(),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, activity) => {
        const before = await rows();
        const reply = await post(activity ? ACTIVITY_PATH : APPLICATION_DATA_PATH, JSON.stringify(payload) ?? 'null');
        expect(reply.status).toBeLessThan(500);
        if (reply.status >= 400) {
          expect(reply.body.status).toBe(false);
          expect(await rows()).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });
});
