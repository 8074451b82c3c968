import { createHmac, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_DATA_PATH,
  CONSENT_CONFIG_CONTRACTS,
  CONSENT_ROUTES,
  HISTORY_CSV_COLUMNS,
  SITES,
  type ConsentCheckResponse,
  type ConsentHistoryResponse,
  type GetApplicationDataResponse,
  type IsLatestContractVersionResponse,
  type UserConsentResponse,
  DATA_RIGHTS_CONTRACT_ID,
} from '@pravesh/core';
import { consentContracts, consentContractVersions, consentLedger, consentReceived } from '../../db/schema/consent.ts';
import { buildApp } from '../../app.ts';
import { DATABASE_KINDS, getTestInstance } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer as Customer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { CONSENT_DEV_PUBLISH_PATH } from './dev-routes.ts';
import { createConsentStore } from './store.ts';
import { CONTRACT_VERSION_TTL_MS } from './version-cache.ts';
import { testClient, type Envelope } from '../../test/client.ts';

/** The consent check's envelope also says whether the visitor's cookie holds the latest version. */
type ConsentEnvelope<T> = Envelope<T> & { isLatestVersion?: boolean };

interface CallOptions {
  siteId?: number;
  accessToken?: string;
  headers?: Record<string, string>;
  pass?: boolean;
}

const HOMEPAGE = 'pb-tnc-homepage';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const PAGE = 'https://www.example.in/credit-score?utm_source=consent-test';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ConsentTest/1.0';
const CLIENT_IP = '198.51.100.23';

describe.each(DATABASE_KINDS)('consent API on %s', (kind) => {
  let server: SsoTestServer;
  const store = () => createConsentStore(server.database.db);
  const ledgerCount = () => server.database.db.$count(consentLedger);
  const ledgerRows = () => server.database.db.select().from(consentLedger).orderBy(asc(consentLedger.seq));

  async function call<T>(url: string, body: unknown, options: CallOptions = {}) {
    const reply = await testClient(server).inject('POST', url, {
      body,
      siteId: options.siteId,
      accessToken: options.accessToken || undefined,
      ...(options.pass === false ? { pass: false } : {}),
      remoteAddress: CLIENT_IP,
      headers: { 'user-agent': USER_AGENT, ...options.headers },
    });
    // The CSV history is the one answer that is not JSON.
    const json = String(reply.headers['content-type']).startsWith('application/json');
    return {
      status: reply.statusCode,
      reply,
      body: json ? reply.json<ConsentEnvelope<T>>() : ({} as ConsentEnvelope<T>),
    };
  }
  const check = (payload: unknown, options?: CallOptions) =>
    call<ConsentCheckResponse>(CONSENT_ROUTES.check, payload, options);
  const respond = (payload: unknown, options?: CallOptions) =>
    call<UserConsentResponse>(CONSENT_ROUTES.userConsent, payload, options);
  const withdraw = (payload: unknown, options?: CallOptions) =>
    call<UserConsentResponse>(CONSENT_ROUTES.withdraw, payload, options);
  const isLatest = (payload: unknown, options?: CallOptions) =>
    call<IsLatestContractVersionResponse>(CONSENT_ROUTES.isLatestContractVersion, payload, options);
  const history = (payload: unknown, options?: CallOptions) =>
    call<ConsentHistoryResponse>(CONSENT_ROUTES.history, payload, options);
  const applicationData = (visitorId: string) => call<GetApplicationDataResponse>(APPLICATION_DATA_PATH, { visitorId });

  /** Signs in by OTP and exchanges the code, as a demo site does: a real access token. */
  const signIn = () => signInCustomer(server, nextMobile('93'));

  /** A contract of its own for a test that publishes versions, so other tests keep version 1. */
  async function freshContract(markup = '<p>Version one</p>'): Promise<string> {
    const contractId = `test-${randomUUID().slice(0, 8)}`;
    await store().createContract({ contractId, title: 'Test terms', siteId: null }, new Date(server.clock.now()));
    await store().publish(contractId, markup, 'test', new Date(server.clock.now()));
    return contractId;
  }

  function consentBody(customer: Customer | null, overrides: Record<string, unknown> = {}) {
    return {
      contractId: HOMEPAGE,
      contractVersionId: '1',
      cookieId: 'cookie-1',
      customerId: customer?.customerId ?? null,
      visitorId: `visitor-${randomUUID()}`,
      visitId: `visit-${randomUUID()}`,
      environment: 'local',
      pageUrl: b64(PAGE),
      puckarProviderCookieId: 'provider-1',
      userValue: 'Y',
      consentState: 1,
      ...overrides,
    };
  }

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('seeds one contract per consentId of the site list and the four of the consent config, once', async () => {
    const expected = [
      ...SITES.filter((site) => site.consentId !== '').map((site) => site.consentId),
      ...Object.values(CONSENT_CONFIG_CONTRACTS),
      // The product's own: data-rights requests are ledger entries (migration 0028), in every deployment.
      DATA_RIGHTS_CONTRACT_ID,
    ].sort();
    const contracts = await store().listContracts();
    expect(contracts.map((contract) => contract.contractId).filter((id) => !id.startsWith('test-'))).toEqual(expected);
    expect(contracts.find((contract) => contract.contractId === HOMEPAGE)).toMatchObject({
      siteId: 2,
      latestVersion: 1,
    });
    // Seeding again (a restart) adds nothing.
    const { seedDemoContracts } = await import('./seed.ts');
    expect(await seedDemoContracts(store(), server.clock.now)).toBe(0);
  });

  it('documents every consent route in the OpenAPI document, shielded', async () => {
    type Operation = { security?: unknown[]; tags?: string[] };
    const doc = (await server.app.inject('/docs/json')).json<{ paths: Record<string, { post: Operation }> }>();
    for (const path of Object.values(CONSENT_ROUTES)) {
      expect(doc.paths).toHaveProperty([path, 'post']);
      expect(doc.paths[path]!.post.security).toEqual([{ passToken: [] }]);
    }
    // Every route that answers is listed: the local-only publishing aid too, as such.
    expect(doc.paths[CONSENT_DEV_PUBLISH_PATH]!.post).toMatchObject({ tags: ['development'], security: [] });
  });

  it('answers the check of spec 000 §3 for a visitor with no answer yet, markup as a byte buffer', async () => {
    const reply = await check({ contractId: HOMEPAGE, visitId: 'visit-1', visitorId: `visitor-${randomUUID()}` });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: true,
      statusCode: 'success',
      isLatestVersion: false,
      response: {
        alreadyVerified: false,
        alreadyResponsed: false,
        contractData: { contractId: HOMEPAGE, contractVersionId: '1', contractText: { type: 'Buffer' } },
        respPayload: [],
      },
    });
    const markup = Buffer.from(reply.body.response!.contractData.contractText.data).toString('utf8');
    // A first version says nothing was updated, and links the marketplace's own pages.
    expect(markup).toContain('Please read our <a href="/terms"');
    expect(markup).not.toMatch(/updated|example\.in/i);
    expect(markup).toContain('Terms of Use</a>');
    expect(markup).toContain('Privacy Policy</a>');
    expect(markup).toContain('Credit Report Terms');
    // The cookie's version decides isLatestVersion when sent.
    const withCookie = await check({
      contractId: HOMEPAGE,
      visitId: 'visit-1',
      visitorId: `visitor-${randomUUID()}`,
      contractVersionId: '1',
    });
    expect(withCookie.body.isLatestVersion).toBe(true);
  });

  it("records a signed-in customer's acceptance, derives the state and feeds getApplicationData", async () => {
    const customer = await signIn();
    const before = await ledgerCount();
    const body = consentBody(customer);
    const reply = await respond(body, { accessToken: customer.accessToken });
    expect(reply.status).toBe(200);
    const { entry, status } = reply.body.response!;
    expect(status).toBe('accepted');
    expect(entry).toMatchObject({
      contractId: HOMEPAGE,
      contractVersionId: '1',
      action: 'respond',
      userValue: 'Y',
      consentState: 1,
      customerId: customer.customerId,
      visitorId: body.visitorId,
      visitId: body.visitId,
      siteId: 2,
      pageUrl: PAGE,
      recordedAt: new Date(server.clock.now()).toISOString(),
    });
    // Hashes only: 64 hex characters, keyed, never the raw values.
    expect(entry.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.userAgentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.ipHash).not.toBe(entry.userAgentHash);
    expect(await ledgerCount()).toBe(before + 1);
    const keyed = (value: string) => createHmac('sha256', server.config.piiHashKey).update(value).digest('hex');
    expect(entry.ipHash).toBe(keyed(`ip\u0000${CLIENT_IP}`));
    expect(entry.userAgentHash).toBe(keyed(`ua\u0000${USER_AGENT}`));
    const [stored] = await server.database.db
      .select()
      .from(consentLedger)
      .where(eq(consentLedger.entryId, entry.entryId));
    expect(JSON.stringify(stored)).not.toContain(CLIENT_IP);
    expect(JSON.stringify(stored)).not.toContain('ConsentTest');
    expect(stored).toMatchObject({
      subject: `c:${customer.customerId}`,
      cookieId: 'cookie-1',
      providerCookieId: 'provider-1',
      environment: 'local',
    });

    const checked = await check(
      { contractId: HOMEPAGE, visitId: body.visitId, visitorId: body.visitorId, customerId: customer.customerId },
      { accessToken: customer.accessToken },
    );
    expect(checked.status).toBe(200);
    expect(checked.body.isLatestVersion).toBe(true);
    expect(checked.body.response).toMatchObject({
      alreadyVerified: true,
      alreadyResponsed: true,
      respPayload: [{ contractId: HOMEPAGE, contractVersionId: '1' }],
    });

    const sites = (await applicationData(body.visitorId)).body.response!.sites;
    expect(sites['2']!.consentRecievedDate).toBe(entry.recordedAt);
  });

  it('stores a resent decision once, also when the resends race', async () => {
    const customer = await signIn();
    const body = consentBody(customer);
    const first = await respond(body, { accessToken: customer.accessToken });
    const before = await ledgerCount();
    server.clock.advance(5_000);
    const again = await respond(body, { accessToken: customer.accessToken });
    expect(again.status).toBe(200);
    expect(again.body.response!.entry.entryId).toBe(first.body.response!.entry.entryId);
    expect(await ledgerCount()).toBe(before);

    const racing = consentBody(customer, { contractId: 'pb-tnc-credit-card' });
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => respond(racing, { accessToken: customer.accessToken })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.body.response!.entry.entryId)).size).toBe(1);
    expect(await ledgerCount()).toBe(before + 1);

    // A change of mind is a new entry, and so is the first decision again after it.
    const declined = await respond({ ...body, userValue: 'N' }, { accessToken: customer.accessToken });
    expect(declined.body.response!.status).toBe('declined');
    const reaccepted = await respond(body, { accessToken: customer.accessToken });
    expect(reaccepted.body.response!.status).toBe('accepted');
    expect(await ledgerCount()).toBe(before + 3);
  });

  it('answers each check from the ledger as it is now: a decision made since a check shows at once', async () => {
    // puckar/check keeps a subject's entries in memory until the ledger changes (service.ts).
    const customer = await signIn();
    const body = consentBody(customer);
    const read = {
      contractId: HOMEPAGE,
      visitId: body.visitId,
      visitorId: body.visitorId,
      customerId: customer.customerId,
    };
    const verified = async () =>
      (await check(read, { accessToken: customer.accessToken })).body.response!.alreadyVerified;
    expect(await verified()).toBe(false);
    expect(await verified()).toBe(false);
    await respond(body, { accessToken: customer.accessToken });
    expect(await verified()).toBe(true);
    await respond({ ...body, userValue: 'N' }, { accessToken: customer.accessToken });
    expect(await verified()).toBe(false);
    await respond(body, { accessToken: customer.accessToken });
    expect(await verified()).toBe(true);
    const withdrawal = { contractId: HOMEPAGE, customerId: customer.customerId, visitorId: body.visitorId };
    expect((await withdraw(withdrawal, { accessToken: customer.accessToken })).status).toBe(200);
    expect(await verified()).toBe(false);
  });

  it('records visitor-only consent by visitor id, apart from any customer', async () => {
    const body = consentBody(null, { userValue: 'N', consentState: 2 });
    const reply = await respond(body);
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({ status: 'declined', entry: { customerId: null, consentState: 2 } });
    const checked = await check({ contractId: HOMEPAGE, visitId: body.visitId, visitorId: body.visitorId });
    expect(checked.body.response).toMatchObject({ alreadyVerified: false, alreadyResponsed: true });
    expect(checked.body.isLatestVersion).toBe(false);
    // N records no consent received date.
    expect((await applicationData(body.visitorId)).body.response!.sites['2']).toBeUndefined();
  });

  it('withdraws as a new entry: the derived state and the consent received date follow', async () => {
    const customer = await signIn();
    const body = consentBody(customer);
    const accepted = await respond(body, { accessToken: customer.accessToken });
    expect((await applicationData(body.visitorId)).body.response!.sites['2']!.consentRecievedDate).toBe(
      accepted.body.response!.entry.recordedAt,
    );
    const before = await ledgerRows();
    server.clock.advance(60_000);
    const withdrawal = {
      contractId: HOMEPAGE,
      customerId: customer.customerId,
      visitorId: body.visitorId,
      visitId: body.visitId,
      reason: 'I no longer use this service',
    };
    const reply = await withdraw(withdrawal, { accessToken: customer.accessToken });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({
      status: 'withdrawn',
      entry: { action: 'withdraw', userValue: 'N', contractVersionId: '1', customerId: customer.customerId },
    });
    const after = await ledgerRows();
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);

    const checked = await check(
      { contractId: HOMEPAGE, visitId: body.visitId, visitorId: body.visitorId, customerId: customer.customerId },
      { accessToken: customer.accessToken },
    );
    expect(checked.body.response).toMatchObject({ alreadyVerified: false, alreadyResponsed: false });
    expect(checked.body.isLatestVersion).toBe(false);
    expect((await applicationData(body.visitorId)).body.response!.sites['2']).toBeUndefined();
    const received = await server.database.db.$count(
      consentReceived,
      sql`${consentReceived.customerId} = ${customer.customerId}`,
    );
    expect(received).toBe(0);

    // Withdrawing again answers the first withdrawal.
    const again = await withdraw(withdrawal, { accessToken: customer.accessToken });
    expect(again.status).toBe(200);
    expect(again.body.response!.entry.entryId).toBe(reply.body.response!.entry.entryId);
    expect(await ledgerCount()).toBe(after.length);

    // Nothing accepted on another contract: nothing to withdraw, nothing stored.
    const nothing = await withdraw(
      { ...withdrawal, contractId: 'pb-tnc-mutual-fund' },
      { accessToken: customer.accessToken },
    );
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({
      status: false,
      statusCode: 'consentNotGiven',
      statusMessage: 'No consent to withdraw for this contract',
    });
    expect(await ledgerCount()).toBe(after.length);
  });

  it('asks again once a new version is published: not verified, isLatestVersion false', async () => {
    const contractId = await freshContract();
    const customer = await signIn();
    const body = consentBody(customer, { contractId });
    expect((await respond(body, { accessToken: customer.accessToken })).status).toBe(200);
    const checkBody = { contractId, visitId: body.visitId, visitorId: body.visitorId, customerId: customer.customerId };
    expect((await check(checkBody, { accessToken: customer.accessToken })).body.response!.alreadyVerified).toBe(true);

    await store().publish(contractId, '<p>Version two</p>', 'test', new Date(server.clock.now()));
    // Published from outside this instance (the contract command): seen once the version cache's
    // window has passed.
    server.clock.advance(CONTRACT_VERSION_TTL_MS);
    const checked = await check({ ...checkBody, contractVersionId: '1' }, { accessToken: customer.accessToken });
    expect(checked.body.isLatestVersion).toBe(false);
    expect(checked.body.response).toMatchObject({
      alreadyVerified: false,
      alreadyResponsed: false,
      contractData: { contractVersionId: '2' },
      respPayload: [{ contractId, contractVersionId: '1' }],
    });
    expect(Buffer.from(checked.body.response!.contractData.contractText.data).toString('utf8')).toBe(
      '<p>Version two</p>',
    );
    expect((await isLatest({ contractId, contractVersionId: '1' })).body).toEqual({
      status: true,
      statusCode: 'success',
      response: { isLatestVersion: false, latestContractVersionId: '2' },
    });
    expect((await isLatest({ contractId, contractVersionId: '2' })).body.response!.isLatestVersion).toBe(true);

    // Accepting version 2 verifies again; both versions are in respPayload, newest first.
    await respond({ ...body, contractVersionId: '2' }, { accessToken: customer.accessToken });
    const verified = await check(checkBody, { accessToken: customer.accessToken });
    expect(verified.body.isLatestVersion).toBe(true);
    expect(verified.body.response!.respPayload.map((ref) => ref.contractVersionId)).toEqual(['2', '1']);
  });

  it('caches contract versions per instance: a publish is seen at once where it happened, within the TTL on another', async () => {
    const contractId = await freshContract();
    // A second instance on the same database, as behind a load balancer.
    const other = await buildApp(server.config, { logger: false, database: server.database, now: server.clock.now });
    await other.ready();
    try {
      const body = { contractId, visitId: 'visit-cache', visitorId: `visitor-${randomUUID()}` };
      const checkOn = async (app: typeof other) => {
        const reply = await app.inject({
          method: 'POST',
          url: CONSENT_ROUTES.check,
          headers: { 'pb-pass-token': await server.pass(2), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(reply.statusCode, reply.body).toBe(200);
        return reply.json<Envelope<ConsentCheckResponse>>().response!.contractData;
      };
      expect((await checkOn(server.app)).contractVersionId).toBe('1');
      expect((await checkOn(other)).contractVersionId).toBe('1');

      const published = await server.app.inject({
        method: 'POST',
        url: CONSENT_DEV_PUBLISH_PATH,
        payload: { contractId, markup: '<p>Version two</p>' },
      });
      expect(published.statusCode).toBe(200);
      // The publishing instance forgets its entry at once.
      const here = await checkOn(server.app);
      expect(here.contractVersionId).toBe('2');
      expect(Buffer.from(here.contractText.data).toString('utf8')).toBe('<p>Version two</p>');
      // The other instance answers from memory for at most the TTL, then reads the new version.
      server.clock.advance(CONTRACT_VERSION_TTL_MS);
      expect((await checkOn(other)).contractVersionId).toBe('2');
      expect((await isLatest({ contractId, contractVersionId: '2' })).body.response!.isLatestVersion).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('answers concurrent checks of many visitors, each with its own answers', async () => {
    const contractId = await freshContract();
    const visitors = Array.from({ length: 30 }, (_, i) => ({
      visitorId: `visitor-${randomUUID()}`,
      accept: i % 3 !== 0,
    }));
    for (const { visitorId, accept } of visitors.filter((_, i) => i % 2 === 0)) {
      const body = consentBody(null, { contractId, visitorId, userValue: accept ? 'Y' : 'N' });
      expect((await respond(body)).status).toBe(200);
    }
    const checks = await Promise.all(
      visitors.map(({ visitorId }) => check({ contractId, visitId: 'visit-1', visitorId })),
    );
    checks.forEach((checked, i) => {
      expect(checked.status).toBe(200);
      const answered = i % 2 === 0;
      expect(checked.body.response).toMatchObject({
        alreadyResponsed: answered,
        alreadyVerified: answered && visitors[i]!.accept,
        respPayload: answered ? [{ contractId, contractVersionId: '1' }] : [],
      });
    });
  });

  it('answers a body without contractId or visitId with the puckar messages of spec 000 §8', async () => {
    const body = { contractId: HOMEPAGE, visitId: 'visit-1', visitorId: 'visitor-1' };
    const { contractId: _contract, ...noContract } = body;
    const { visitId: _visit, ...noVisit } = body;
    for (const [send, payload, message] of [
      [check, noContract, 'puckar contractId is required'],
      [check, noVisit, 'puckar visitId is required'],
      [check, {}, 'puckar contractId is required'],
      [respond, { ...consentBody(null), contractId: undefined }, 'puckar contractId is required'],
      [respond, { ...consentBody(null), visitId: undefined }, 'puckar visitId is required'],
      [isLatest, { contractVersionId: '1' }, 'puckar contractId is required'],
    ] as const) {
      const reply = await send(payload);
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body).toMatchObject({ status: false, statusMessage: message });
    }
    // Other missing fields keep the generic message, and a malformed contractId is not "missing".
    const { visitorId: _visitor, ...noVisitor } = body;
    expect((await check(noVisitor)).body.statusMessage).toBe('[visitorId] is required');
    expect((await check({ ...body, contractId: 'bad id;' })).body.statusCode).toBe('badRequest');
  });

  it('publishes through the development route while the server holds the database', async () => {
    const contractId = await freshContract();
    const publish = (payload: unknown) =>
      server.app.inject({ method: 'POST', url: CONSENT_DEV_PUBLISH_PATH, payload: payload as object });
    const published = await publish({ contractId, markup: '<p>Version two</p>', publishedBy: 'demo' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: true, response: { contractId, contractVersionId: '2' } });
    expect((await isLatest({ contractId, contractVersionId: '1' })).body.response).toEqual({
      isLatestVersion: false,
      latestContractVersionId: '2',
    });
    expect((await publish({ contractId: 'no-such-contract', markup: '<p>x</p>' })).json()).toMatchObject({
      statusCode: 'contractNotFound',
    });
    expect((await publish({ contractId, markup: '  ' })).statusCode).toBe(400);
    expect((await store().latestVersion(contractId))?.version).toBe(2);
  });

  it('seeds nothing and offers no publishing route when configured so, outside the local environment', async () => {
    const other = await getTestInstance(kind, {
      env: {
        PRAVESH_ENV: 'staging',
        PRAVESH_CONSENT_SEED_DEMO: '0',
        PRAVESH_PII_KEYS: 'pii=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
      },
    });
    try {
      // Only the product's own contract (data-rights requests, migration 0028), no demo one.
      expect(
        (await other.database.db.select({ id: consentContracts.contractId }).from(consentContracts)).map(
          (row) => row.id,
        ),
      ).toEqual([DATA_RIGHTS_CONTRACT_ID]);
      const published = await other.app.inject({
        method: 'POST',
        url: CONSENT_DEV_PUBLISH_PATH,
        payload: { contractId: 'pb-tnc-main', markup: '<p>x</p>' },
      });
      expect(published.statusCode).toBe(404);
      const checked = await other.app.inject({
        method: 'POST',
        url: CONSENT_ROUTES.check,
        headers: { 'pb-pass-token': await other.token(2) },
        payload: { contractId: 'pb-tnc-main', visitId: 'v', visitorId: 'v' },
      });
      expect(checked.statusCode).toBe(404);
      expect(checked.json()).toMatchObject({ statusCode: 'contractNotFound', statusMessage: 'Contract not found' });
    } finally {
      await other.close();
    }
  });

  it("refuses a customerId without that customer's valid access token, storing nothing", async () => {
    const alice = await signIn();
    const bob = await signIn();
    const before = await ledgerCount();
    const refusals = [
      await respond(consentBody(bob), { accessToken: alice.accessToken }),
      await respond(consentBody(bob)),
      await respond(consentBody(bob), { accessToken: 'not-a-token' }),
      await check(
        { contractId: HOMEPAGE, visitId: 'v', visitorId: 'v', customerId: bob.customerId },
        { accessToken: alice.accessToken },
      ),
      await withdraw(
        { contractId: HOMEPAGE, customerId: bob.customerId, visitorId: 'v' },
        { accessToken: alice.accessToken },
      ),
      await history({ customerId: bob.customerId }, { accessToken: alice.accessToken }),
      await history({ customerId: bob.customerId, format: 'csv' }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(401);
      expect(refusal.body).toEqual({
        status: false,
        statusCode: 'tokenNotValidated',
        statusMessage: 'Token not validated',
      });
    }
    expect(await ledgerCount()).toBe(before);
    // The same token in the pass token's sso strategy works like the header.
    const viaPass = await call<UserConsentResponse>(CONSENT_ROUTES.userConsent, consentBody(alice), {
      pass: false,
      headers: {
        'pb-pass-token': await server.token(2, { authenticationToken: { sso: alice.accessToken } }),
      },
    });
    expect(viaPass.status).toBe(200);
  });

  it.each([
    ['an unknown contract', { contractId: 'no-such-contract' }, 404, 'contractNotFound', 'Contract not found'],
    [
      'an unpublished version',
      { contractVersionId: '99' },
      404,
      'contractVersionNotFound',
      'Contract version not found',
    ],
    ['a version that is not a number', { contractVersionId: 'v1' }, 400, 'badRequest', undefined],
    // spec 000 §5 and §8: the consent layer's own messages.
    [
      'a missing contractId',
      { contractId: undefined },
      400,
      'puckarContractIdRequired',
      'puckar contractId is required',
    ],
    ['a missing visitId', { visitId: undefined }, 400, 'puckarVisitIdRequired', 'puckar visitId is required'],
    ['userValue X', { userValue: 'X' }, 400, 'badRequest', undefined],
    ['consentState 3', { consentState: 3 }, 400, 'badRequest', undefined],
    ['a pageUrl that is not base64', { pageUrl: 'https://example.in/' }, 400, 'badRequest', undefined],
    ['a pageUrl that decodes to NUL', { pageUrl: b64('a\u0000b') }, 400, 'badRequest', undefined],
    ['a customerId that is not a GUID', { customerId: 'customer-1' }, 400, 'badRequest', undefined],
    ['an unknown environment', { environment: 'moon' }, 400, 'badRequest', undefined],
  ])('refuses %s on userconsent with its code, storing nothing', async (_name, overrides, status, code, message) => {
    const before = await ledgerCount();
    const reply = await respond(consentBody(null, overrides));
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ status: false, statusCode: code });
    if (message) expect(reply.body.statusMessage).toBe(message);
    expect(await ledgerCount()).toBe(before);
  });

  it('refuses bad calls on every route with a 4xx and leaves the ledger as it was', async () => {
    const before = await ledgerRows();
    const cases: [Promise<{ status: number; body: Envelope<unknown> }>, number, string][] = [
      [check({ contractId: 'nope', visitId: 'v', visitorId: 'v' }), 404, 'contractNotFound'],
      [check({ contractId: 'bad id!', visitId: 'v', visitorId: 'v' }), 400, 'badRequest'],
      [check({ visitId: 'v', visitorId: 'v' }), 400, 'puckarContractIdRequired'],
      [check({ contractId: HOMEPAGE, visitorId: 'v' }), 400, 'puckarVisitIdRequired'],
      [isLatest({ contractId: 'nope', contractVersionId: '1' }), 404, 'contractNotFound'],
      [isLatest({ contractId: HOMEPAGE, contractVersionId: '0' }), 400, 'badRequest'],
      [withdraw({ contractId: HOMEPAGE, visitorId: 'v' }), 400, 'requiredField'],
      [history({ customerId: randomUUID(), format: 'xml' }), 400, 'badRequest'],
      [respond('{"contractId":', {}), 400, 'badRequest'],
      [respond(consentBody(null), { pass: false }), 401, 'clientTokenMissingException'],
      [
        check({ contractId: HOMEPAGE, visitId: 'v', visitorId: 'v' }, { pass: false }),
        401,
        'clientTokenMissingException',
      ],
    ];
    for (const [pending, status, code] of cases) {
      const reply = await pending;
      expect(reply.status, code).toBe(status);
      expect(reply.body).toMatchObject({ status: false, statusCode: code });
    }
    expect(await ledgerRows()).toEqual(before);
  });

  it("exports a customer's history as JSON and as formula-safe CSV", async () => {
    const customer = await signIn();
    const visitorId = `visitor-${randomUUID()}`;
    const risky = '=HYPERLINK("https://evil.example/?x=1,2")';
    await respond(consentBody(customer, { visitorId, pageUrl: b64(risky) }), { accessToken: customer.accessToken });
    await respond(consentBody(customer, { visitorId, contractId: 'pb-tnc-credit-card', pageUrl: b64('+1\nline') }), {
      accessToken: customer.accessToken,
    });
    server.clock.advance(1_000);
    await withdraw(
      { contractId: HOMEPAGE, customerId: customer.customerId, visitorId, pageUrl: b64('@SUM(A1)') },
      { accessToken: customer.accessToken },
    );

    const json = await history({ customerId: customer.customerId }, { accessToken: customer.accessToken });
    expect(json.status).toBe(200);
    expect(json.reply.headers['cache-control']).toBe('no-store');
    const response = json.body.response!;
    expect(response.customerId).toBe(customer.customerId);
    expect(response.current).toEqual([
      { contractId: 'pb-tnc-credit-card', contractVersionId: '1', status: 'accepted' },
      { contractId: HOMEPAGE, contractVersionId: '1', status: 'withdrawn' },
    ]);
    expect(response.entries.map((entry) => [entry.contractId, entry.action, entry.userValue])).toEqual([
      [HOMEPAGE, 'respond', 'Y'],
      ['pb-tnc-credit-card', 'respond', 'Y'],
      [HOMEPAGE, 'withdraw', 'N'],
    ]);

    const csv = await server.app.inject({
      method: 'POST',
      url: CONSENT_ROUTES.history,
      headers: {
        'pb-pass-token': await server.pass(2),
        'pb-access-token': customer.accessToken,
        'content-type': 'application/json',
      },
      payload: { customerId: customer.customerId, format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="consent-history-${customer.customerId}.csv"`,
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(HISTORY_CSV_COLUMNS.map((name) => `"${name}"`).join(','));
    expect(lines.at(-1)).toBe('');
    expect(csv.body).toContain(`"'=HYPERLINK(""https://evil.example/?x=1,2"")"`);
    expect(csv.body).toContain(`"'+1\nline"`);
    expect(csv.body).toContain(`"'@SUM(A1)"`);
    expect(csv.body).toContain(
      `"${response.entries[0]!.entryId}","${response.entries[0]!.recordedAt}","${HOMEPAGE}","1","respond","Y","1"`,
    );
    // Three entries, one of them with a quoted line break inside: a CSV reader sees four records.
    expect(csv.body.match(/\r\n/g)).toHaveLength(4);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the ledger and of published versions in the database', async () => {
    const customer = await signIn();
    await respond(consentBody(customer), { accessToken: customer.accessToken });
    const before = await ledgerRows();
    const versionsBefore = await server.database.db.select().from(consentContractVersions);
    const statements = [
      "update consent_ledger set user_value = 'N'",
      'delete from consent_ledger',
      'truncate consent_ledger',
      "update consent_contract_versions set markup = '<p>rewritten</p>'",
      'delete from consent_contract_versions where version = 1',
      'truncate consent_contract_versions cascade',
      'truncate consent_contracts cascade',
    ];
    for (const statement of statements) {
      const error = await server.database.db.execute(sql.raw(statement)).then(
        () => undefined,
        (caught: unknown) => caught as Error & { cause?: { message?: string } },
      );
      expect(error, statement).toBeDefined();
      expect(String(error?.cause?.message ?? error?.message), statement).toMatch(
        /is append-only: (UPDATE|DELETE|TRUNCATE) refused/,
      );
    }
    expect(await ledgerRows()).toEqual(before);
    expect(await server.database.db.select().from(consentContractVersions)).toEqual(versionsBefore);
    expect(await server.database.db.$count(consentContracts)).toBeGreaterThan(0);
  });

  it('never answers 500 to random bodies and never changes an existing entry', async () => {
    const customer = await signIn();
    const before = await ledgerRows();
    // userconsent twice as often as the rest together: it is the route that writes.
    const route = fc.oneof(
      { arbitrary: fc.constant<string>(CONSENT_ROUTES.userConsent), weight: 2 },
      { arbitrary: fc.constantFrom<string>(...Object.values(CONSENT_ROUTES)), weight: 1 },
    );
    const text = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom(HOMEPAGE, 'pb-tnc-main', 'v-1', '1', '2', ''));
    const field = fc.oneof(
      text,
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.base64String({ maxLength: 40 }),
      fc.uuid(),
      fc.constant(customer.customerId),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    const body = fc.oneof(
      fc.record(
        {
          contractId: fc.oneof(fc.constantFrom(HOMEPAGE, 'pb-tnc-credit-card', 'unknown-contract'), text),
          contractVersionId: fc.oneof(fc.constantFrom('1', '2', '0', '999999999'), field),
          visitorId: fc.oneof(fc.constantFrom('visitor-fc'), field),
          visitId: fc.oneof(fc.constantFrom('visit-fc'), field),
          customerId: field,
          userValue: fc.oneof(fc.constantFrom('Y', 'N'), field),
          consentState: fc.oneof(fc.constantFrom(1, 2), field),
          pageUrl: field,
          cookieId: field,
          environment: fc.oneof(fc.constantFrom('local', 'production'), field),
          format: fc.oneof(fc.constantFrom('json', 'csv'), field),
          reason: field,
        },
        { requiredKeys: [] },
      ),
      fc.json(),
      // A valid visitor-only decision with one field replaced, so writes (and resends) happen too.
      fc
        .tuple(
          fc.constantFrom('visitor-fc-1', 'visitor-fc-2'),
          fc.constantFrom('Y', 'N'),
          fc.oneof(
            fc.constant('none'),
            fc.constantFrom(
              'contractId',
              'contractVersionId',
              'visitId',
              'pageUrl',
              'consentState',
              'cookieId',
              'puckarProviderCookieId',
            ),
          ),
          field,
        )
        .map(([visitorId, userValue, key, value]) => ({
          contractId: HOMEPAGE,
          contractVersionId: '1',
          visitorId,
          visitId: 'visit-fc',
          userValue,
          consentState: 2,
          pageUrl: b64(PAGE),
          ...(key === 'none' ? {} : { [key]: value }),
        })),
    );
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(route, body, fc.boolean(), async (url, payload, signedIn) => {
        const reply = await call<UserConsentResponse>(url, payload, {
          accessToken: signedIn ? customer.accessToken : undefined,
        });
        expect(reply.status, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (reply.status === 200 && (url === CONSENT_ROUTES.userConsent || url === CONSENT_ROUTES.withdraw))
          stored += 1;
      }),
      { numRuns: 150 },
    );
    const after = await ledgerRows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length - before.length).toBeLessThanOrEqual(stored);
    // The property also wrote: resends and changes of mind among the random calls.
    expect(stored).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(before.length);
  });
});
