import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  istDay,
  BUREAUS,
  CONSENT_CONFIG_CONTRACTS,
  CONSENT_ROUTES,
  CREDIT_ROUTES,
  CREDIT_ROUTE_METHODS,
  DEMO_CREDIT_CUSTOMERS,
  bureauScoreResponseSchema,
  creditReportSchema,
  creditScoresResponseSchema,
  reportStatusResponseSchema,
  scoreMeterResponseSchema,
  type BureauScoreRecord,
  type CreditReport,
  type CreditRoute,
  type ReportStatusResponse,
} from '@pravesh/core';
import { creditPulls } from '../../db/schema/credit.ts';
import { createBureauSimulator, type BureauSimulator } from '../../providers/bureau/index.ts';
import type { SimulatedProfile, SimulatedSubject } from '../../providers/bureau/types.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  CLIENT_B,
  accessTokenOn,
  createClock,
  logOut,
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { seedDemoCredit, seedDemoCreditCustomers } from './demo-customers.ts';
import { demoBureauProfiles } from '../../providers/bureau/demo-profiles.ts';
import { testClient, type CallOptions as ClientOptions, type Envelope } from '../../test/client.ts';

const DAY_MS = 86_400_000;

type CallOptions = Pick<ClientOptions, 'proof' | 'siteId' | 'query' | 'body'>;

describe.each(DATABASE_KINDS)('credit API on %s', (kind) => {
  let server: SsoTestServer;
  let bureau: BureauSimulator;
  const clock = createClock();

  function call<T>(route: CreditRoute, options: CallOptions = {}) {
    const method = CREDIT_ROUTE_METHODS[route];
    const body = method === 'POST' ? (options.body ?? {}) : undefined;
    return testClient(server).call<T>(method, CREDIT_ROUTES[route], { ...options, body });
  }
  const as = (customer: SignedInCustomer): CallOptions => ({ proof: { header: customer.accessToken } });

  /** The customer accepts a contract through puckar/userconsent, as the consent panel does. */
  async function consent(customer: SignedInCustomer, contractId: string, userValue: 'Y' | 'N' = 'Y') {
    const reply = await server.app.inject({
      method: 'POST',
      url: CONSENT_ROUTES.userConsent,
      headers: {
        'pb-pass-token': await server.pass(2),
        'pb-access-token': customer.accessToken,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        contractId,
        contractVersionId: '1',
        customerId: customer.customerId,
        visitorId: `visitor-${randomUUID()}`,
        visitId: `visit-${randomUUID()}`,
        userValue,
        consentState: 1,
      }),
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }

  const pullsOf = (customerId: string) =>
    server.database.db.select().from(creditPulls).where(eq(creditPulls.customerId, customerId));

  const signIn = () => signInCustomer(server, nextMobile('95'));

  /** A signed-in customer with consent and pulled reports. */
  async function pulledCustomer(): Promise<SignedInCustomer> {
    const customer = await signIn();
    await consent(customer, CONSENT_CONFIG_CONTRACTS.main);
    const pulled = await call<ReportStatusResponse>('pullReport', as(customer));
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    return customer;
  }

  // The demo customers' profiles are found in the database, which exists once the server does.
  let demoProfiles: ((customerId: string) => Promise<SimulatedProfile | SimulatedSubject | undefined>) | undefined;

  beforeAll(async () => {
    bureau = createBureauSimulator({
      now: clock.now,
      timeoutMs: 20,
      profileOf: (customerId) => demoProfiles?.(customerId) ?? Promise.resolve(undefined),
    });
    server = await ssoServer(kind, {
      clock,
      providers: { bureau },
      // The credit service's own deadline for a bureau (config/bureau.ts), short for the slow-bureau test.
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '10000', PRAVESH_BUREAU_DEADLINE_MS: '500' },
    });
    demoProfiles = demoBureauProfiles(server.database.db, server.config);
  });
  afterAll(() => server?.close());
  afterEach(() => {
    bureau.setFailure('none');
    bureau.setLatency(0);
  });

  it('getCreditScores answers an empty list before any pull, then the pulled records in spec shape', async () => {
    const customer = await signIn();
    const before = await call<BureauScoreRecord[]>('getCreditScores', as(customer));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: true, statusCode: 'success', response: [] });

    await consent(customer, CONSENT_CONFIG_CONTRACTS.main);
    const pulled = await call<ReportStatusResponse>('pullReport', as(customer));
    expect(pulled.status).toBe(200);
    reportStatusResponseSchema.parse(pulled.body.response);

    const after = await call<BureauScoreRecord[]>('getCreditScores', as(customer));
    expect(after.status).toBe(200);
    const records = creditScoresResponseSchema.parse(after.body.response);
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((record) => record.creditBureau)).size).toBe(records.length);
    // The pass token's sso strategy is the SDK's way of carrying the token: the same answer.
    const viaPass = await call<BureauScoreRecord[]>('getCreditScores', { proof: { sso: customer.accessToken } });
    expect(viaPass.body.response).toEqual(records);
  });

  it('answers every route in its core schema, for the bureau asked or the active one', async () => {
    const customer = await pulledCustomer();
    const scores = creditScoresResponseSchema.parse(
      (await call<BureauScoreRecord[]>('getCreditScores', as(customer))).body.response,
    );
    const scored = scores.find((record) => record.scoreState === 'SCORE');

    const status = await call<ReportStatusResponse>('reportStatus', as(customer));
    expect(status.status).toBe(200);
    const parsed = reportStatusResponseSchema.parse(status.body.response);
    expect(parsed.bureauList.map((entry) => entry.creditBureauType)).toEqual([...BUREAUS]);
    for (const entry of parsed.bureauList) {
      const record = scores.find((each) => each.creditBureau === entry.creditBureauType);
      expect(entry.response.creditReportInformation.score.current.score).toBe(record?.score ?? null);
    }

    for (const bureau of scores.map((record) => record.creditBureau)) {
      const score = await call('getBureauScore', { ...as(customer), query: `creditBureau=${bureau}` });
      expect(score.status).toBe(200);
      const answer = bureauScoreResponseSchema.parse(score.body.response);
      expect(answer.creditBureau).toBe(bureau);
      if (answer.scoreState === 'SCORE') expect(answer.scoreHistory.length).toBeGreaterThanOrEqual(12);

      const meter = await call('scoreMeter', { ...as(customer), query: `creditBureau=${bureau}` });
      expect(meter.status).toBe(200);
      expect(scoreMeterResponseSchema.parse(meter.body.response).creditBureau).toBe(bureau);

      const report = await call<CreditReport>('bureauReport', { ...as(customer), query: `creditBureau=${bureau}` });
      if (answer.scoreState === 'NO_HIT') {
        expect(report.status).toBe(404);
        expect(report.body.statusCode).toBe('creditReportNotFound');
      } else {
        expect(report.status).toBe(200);
        const parsedReport = creditReportSchema.parse(report.body.response);
        expect(parsedReport.creditBureau).toBe(bureau);
        expect(parsedReport.score).toBe(answer.score);
      }
    }

    // Without creditBureau: the active bureau (first by priority with a valid score).
    if (scored) {
      const meter = await call('scoreMeter', as(customer));
      expect(scoreMeterResponseSchema.parse(meter.body.response).score).not.toBeNull();
    }
    const unknown = await call('getBureauScore', { ...as(customer), query: 'creditBureau=TRANSUNION' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      status: false,
      statusCode: 'invalidCreditBureau',
      statusMessage: 'TRANSUNION - is not a valid credit bureau. Valid values are - CIBIL, EXPERIAN, HIGHMARK, EQUIFAX',
    });
    // Without a token the bureau is not even looked at.
    expect((await call('getBureauScore', { query: 'creditBureau=TRANSUNION' })).body.statusCode).toBe(
      'tokenNotValidated',
    );
  });

  it('refuses every route without a valid access token of the calling site ("Token not validated")', async () => {
    const customer = await pulledCustomer();
    const onSiteB = await accessTokenOn(server, customer.cookie, CLIENT_B);
    const other = await signIn();
    const signedOut = await signIn();
    await logOut(server, signedOut.cookie);
    const refusals: [string, CallOptions][] = [
      ['no token', {}],
      ['a token that is not one', { proof: { header: 'not-a-token' } }],
      ['a token tampered with', { proof: { header: `${customer.accessToken.slice(0, -4)}AAAA` } }],
      ["another site's token", { proof: { header: onSiteB } }],
      ["another site's token in the pass token", { proof: { sso: onSiteB } }],
      ['a signed-out session', { proof: { header: signedOut.accessToken } }],
    ];
    const routes = (Object.keys(CREDIT_ROUTES) as CreditRoute[]).filter((route) => route !== 'getCreditReport');
    const before = (await pullsOf(customer.customerId)).length;
    for (const route of routes) {
      for (const [what, options] of refusals) {
        const reply = await call(route, options);
        expect(reply.status, `${route}: ${what}`).toBe(401);
        expect(reply.body, `${route}: ${what}`).toEqual({
          status: false,
          statusCode: 'tokenNotValidated',
          statusMessage: 'Token not validated',
        });
      }
    }
    expect(await pullsOf(customer.customerId)).toHaveLength(before);
    expect(await pullsOf(other.customerId)).toHaveLength(0);
    // The same site-B token is good on site B: the refusals above were the site, not the token.
    const onB = await call<BureauScoreRecord[]>('getCreditScores', {
      siteId: CLIENT_B.siteId,
      proof: { header: onSiteB },
    });
    expect(onB.status).toBe(200);
    expect(onB.body.response).toEqual((await call('getCreditScores', as(customer))).body.response);
    expect(onB.body.response).not.toEqual([]);
  });

  it("never shows one customer's scores or reports to another", async () => {
    const owner = await pulledCustomer();
    const intruder = await signIn();
    const ownerScores = (await call<BureauScoreRecord[]>('getCreditScores', as(owner))).body.response!;
    expect(ownerScores.length).toBeGreaterThan(0);
    // The intruder's own token answers the intruder's own (empty) data on every route…
    expect((await call('getCreditScores', as(intruder))).body.response).toEqual([]);
    const status = reportStatusResponseSchema.parse((await call('reportStatus', as(intruder))).body.response);
    expect(status.bureauList.every((entry) => entry.status === 'NOT_REQUESTED')).toBe(true);
    for (const route of ['bureauReport', 'scoreMeter', 'getBureauScore'] as const) {
      for (const bureau of ownerScores.map((record) => record.creditBureau)) {
        const reply = await call(route, { ...as(intruder), query: `creditBureau=${bureau}` });
        expect(reply.status, `${route} ${bureau}`).toBe(404);
        expect(reply.body.statusCode).toBe('creditReportNotFound');
      }
    }
    // …and no request names a customer: the owner's id in the query is not a way in.
    const named = await call('getCreditScores', { ...as(intruder), query: `customerId=${owner.customerId}` });
    expect(named.body.response).toEqual([]);
    // The intruder's pull (without consent) stores nothing, for anyone.
    const pull = await call('pullReport', as(intruder));
    expect(pull.status).toBe(403);
    expect(await pullsOf(intruder.customerId)).toHaveLength(0);
    expect((await call('getCreditScores', as(owner))).body.response).toEqual(ownerScores);
  });

  it("pulls only on the customer's standing consent to the credit report terms", async () => {
    const customer = await signIn();
    const refused = await call('pullReport', as(customer));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      status: false,
      statusCode: 'bureauConsentRequired',
      statusMessage: 'Please give your consent to fetch your credit report',
    });
    // A decline is no consent; a contract without the credit report terms is none either.
    await consent(customer, CONSENT_CONFIG_CONTRACTS.main, 'N');
    await consent(customer, 'pb-tnc-homepage');
    expect((await call('pullReport', as(customer))).status).toBe(403);
    expect(await pullsOf(customer.customerId)).toHaveLength(0);

    await consent(customer, 'pb-tnc-credit-report');
    const pulled = await call<ReportStatusResponse>('pullReport', as(customer));
    expect(pulled.status).toBe(200);
    const rows = await pullsOf(customer.customerId);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.consentReference)).size).toBe(1);
    expect(rows[0]!.consentReference).toMatch(/^consent_ledger:[0-9a-f-]{36}$/);
  });

  it("refreshes no earlier than nextRefreshDate's day (India time) and keeps every version", async () => {
    const customer = await pulledCustomer();
    const first = await pullsOf(customer.customerId);
    const records = (await call<BureauScoreRecord[]>('getCreditScores', as(customer))).body.response!;
    const nextRefresh = Math.min(...records.map((record) => Date.parse(record.nextRefreshDate)));
    expect(nextRefresh).toBeGreaterThan(clock.now());

    const early = await call('pullReport', as(customer));
    expect(early.status).toBe(429);
    expect(early.body.statusCode).toBe('bureauRefreshTooEarly');
    const day = istDay(nextRefresh)!;
    expect(early.body.statusMessage).toBe(`Your credit report can be refreshed on or after ${day}`);
    expect(await pullsOf(customer.customerId)).toHaveLength(first.length);

    // The day it names starts at 00:00 IST: refused a second before, allowed from then on.
    clock.advance(Date.parse(`${day}T00:00:00+05:30`) - clock.now() - 1000);
    // A second early: still refused (the access token is fresh: sign in again after the wait).
    const again = await signInCustomer(server, customer.mobileNo);
    expect(again.customerId).toBe(customer.customerId);
    expect((await call('pullReport', as(again))).status).toBe(429);

    clock.advance(1000);
    const refreshed = await call('pullReport', as(again));
    expect(refreshed.status).toBe(200);
    const after = await pullsOf(customer.customerId);
    expect(after).toHaveLength(first.length * 2);
    // The old versions are untouched: a new pull never overwrites one.
    for (const row of first) expect(after).toContainEqual(row);
    expect(new Set(after.map((row) => row.version))).toEqual(new Set([1, 2]));
    const latest = (await call<BureauScoreRecord[]>('getCreditScores', as(again))).body.response!;
    for (const record of latest) {
      expect(Date.parse(record.nextRefreshDate)).toBeGreaterThan(clock.now());
    }
  });

  it('answers a failing or timing-out bureau with the catalogue error and stores nothing', async () => {
    const customer = await signIn();
    await consent(customer, CONSENT_CONFIG_CONTRACTS.main);
    bureau.setFailure('unavailable');
    const down = await call('pullReport', as(customer));
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      status: false,
      statusCode: 'bureauUnavailable',
      statusMessage: 'Unable to fetch details',
    });
    bureau.setFailure('timeout');
    const slow = await call('pullReport', as(customer));
    expect(slow.status).toBe(504);
    expect(slow.body).toEqual({ status: false, statusCode: 'bureauTimeout', statusMessage: 'Unable to fetch details' });
    expect(await pullsOf(customer.customerId)).toHaveLength(0);
    expect((await call('getCreditScores', as(customer))).body.response).toEqual([]);

    // A bureau that answers, but too late: the service's deadline (500 ms here) turns it into a
    // timeout, and the late answer is never stored.
    bureau.setFailure('none');
    bureau.setLatency(1500);
    const started = Date.now();
    const late = await call('pullReport', as(customer));
    expect(late.status).toBe(504);
    expect(late.body.statusCode).toBe('bureauTimeout');
    expect(Date.now() - started).toBeLessThan(1500);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await pullsOf(customer.customerId)).toHaveLength(0);
    bureau.setLatency(0);

    // One bureau down: the others are stored, the failed one shows REPORT_FAILED and stores nothing.
    bureau.setFailure('none');
    bureau.setFailure('unavailable', 'EQUIFAX');
    const partial = await call<ReportStatusResponse>('pullReport', as(customer));
    expect(partial.status).toBe(200);
    const entries = reportStatusResponseSchema.parse(partial.body.response).bureauList;
    expect(entries.find((entry) => entry.creditBureauType === 'EQUIFAX')!.status).toBe('REPORT_FAILED');
    const rows = await pullsOf(customer.customerId);
    expect(rows.map((row) => row.bureau).sort()).toEqual(['CIBIL', 'EXPERIAN', 'HIGHMARK']);
  });

  it('still serves the stored scores and report while the bureau is down at refresh time', async () => {
    const customer = await pulledCustomer();
    const scores = (await call<BureauScoreRecord[]>('getCreditScores', as(customer))).body.response!;
    const report = (await call<CreditReport>('bureauReport', as(customer))).body;
    clock.advance(31 * DAY_MS);
    const again = await signInCustomer(server, customer.mobileNo);
    const before = await pullsOf(customer.customerId);
    bureau.setFailure('timeout');
    const failed = await call('pullReport', as(again));
    expect(failed.status).toBe(504);
    expect(await pullsOf(customer.customerId)).toEqual(expect.arrayContaining(before));
    expect(await pullsOf(customer.customerId)).toHaveLength(before.length);
    expect((await call('getCreditScores', as(again))).body.response).toEqual(scores);
    expect((await call('bureauReport', as(again))).body).toEqual(report);
  });

  it('hides myAccount/getCreditReport outside the test and staging environments', async () => {
    const customer = await pulledCustomer();
    for (const options of [as(customer), {}]) {
      const reply = await call('getCreditReport', options);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ status: false, statusCode: 'notFound', statusMessage: 'Route not found' });
    }
  });

  it('seeds the three demo customers: four scores, NO_HIT everywhere, new-to-credit', async () => {
    const deps = { db: server.database.db, config: server.config, now: clock.now, providers: { bureau } };
    const first = await seedDemoCredit(deps);
    // 12 pulls and the scored customer's earlier CIBIL pull (two pulls to compare).
    expect(first).toEqual({ customers: 3, consents: 3, pulls: 13, bureauFailures: 0 });
    // Again: nothing new (the consent stands, the pulls are fresh).
    expect(await seedDemoCredit(deps)).toEqual({
      customers: 3,
      consents: 0,
      pulls: 0,
      bureauFailures: 0,
    });
    // The seed step's entry builds the configured bureau itself: nothing new either, and it says so.
    expect(await seedDemoCreditCustomers({ db: deps.db, config: deps.config, now: deps.now })).toBe(
      '3 customers (9800000001, 9800000002, 9800000003), 0 consents recorded, 0 reports pulled',
    );

    const scored = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    const scoredRecords = creditScoresResponseSchema.parse((await call('getCreditScores', as(scored))).body.response);
    expect(scoredRecords.map((record) => record.creditBureau).sort()).toEqual([...BUREAUS].sort());
    expect(scoredRecords.every((record) => record.scoreState === 'SCORE' && record.isValidScore)).toBe(true);
    // CIBIL moved from the earlier pull's score: the month before in the stored history.
    const cibil = scoredRecords.find((record) => record.creditBureau === 'CIBIL')!;
    expect(cibil.previousScore).toBe(cibil.score! - 18);
    expect((await pullsOf(scored.customerId)).filter((row) => row.bureau === 'CIBIL')).toHaveLength(2);

    const noHit = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.noHit.mobileNo);
    const noHitRecords = creditScoresResponseSchema.parse((await call('getCreditScores', as(noHit))).body.response);
    expect(noHitRecords).toHaveLength(4);
    for (const record of noHitRecords) {
      expect(record).toMatchObject({ scoreState: 'NO_HIT', score: null, scoreBand: null, isValidScore: false });
    }
    const noHitStatus = reportStatusResponseSchema.parse((await call('reportStatus', as(noHit))).body.response);
    expect(noHitStatus.isValidScore).toBe(false);
    expect(noHitStatus.bureauList.every((entry) => entry.status === 'NO_HIT')).toBe(true);

    const fresh = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.newToCredit.mobileNo);
    const ntc = creditScoresResponseSchema.parse((await call('getCreditScores', as(fresh))).body.response);
    const stateOf = (bureau: string) => ntc.find((record) => record.creditBureau === bureau);
    for (const bureau of ['CIBIL', 'EXPERIAN']) {
      expect(stateOf(bureau)).toMatchObject({ scoreState: 'NEW_TO_CREDIT', score: null });
      // The bureau's own code is kept beside the state (CIBIL 0 or a 1–5 index, EXPERIAN a 1–6 grade).
      expect(stateOf(bureau)!.rawScore).toMatch(/^[0-6]$/);
    }
    expect(stateOf('EXPERIAN')!.riskIndex).toBeGreaterThanOrEqual(1);
    for (const bureau of ['HIGHMARK', 'EQUIFAX']) expect(stateOf(bureau)?.scoreState).toBe('NO_HIT');
    const ntcReport = await call<CreditReport>('bureauReport', { ...as(fresh), query: 'creditBureau=CIBIL' });
    expect(creditReportSchema.parse(ntcReport.body.response).scoreState).toBe('NEW_TO_CREDIT');
  });
});

describe.each(DATABASE_KINDS)('myAccount/getCreditReport in staging on %s (spec 000 §7)', (kind) => {
  let server: SsoTestServer;
  beforeAll(async () => {
    server = await ssoServer(kind, {
      // Every customer here has a file: an id's hash makes about 5 % of customers NO_HIT, whose report
      // is rightly not found, and this test is about the environment switch, not the profile.
      providers: { bureau: createBureauSimulator({ profileOf: () => Promise.resolve('SCORED') }) },
      env: { PRAVESH_ENV: 'staging' },
      // Staging has no development routes; the test reads OTP codes from the outbox all the same.
      config: { devRoutes: true },
    });
  });
  afterAll(() => server?.close());

  it('answers the latest stored report for the signed-in customer only', async () => {
    const customer = await signInCustomer(server, nextMobile('94'));
    const headers = async () => ({ 'pb-pass-token': await server.pass(2), 'pb-access-token': customer.accessToken });
    const url = `${CREDIT_ROUTES.getCreditReport}?creditBureau=CIBIL`;
    const before = await server.app.inject({ method: 'GET', url, headers: await headers() });
    expect(before.statusCode).toBe(404);
    expect(before.json<Envelope<unknown>>().statusCode).toBe('creditReportNotFound');
    const accepted = await server.app.inject({
      method: 'POST',
      url: CONSENT_ROUTES.userConsent,
      headers: { ...(await headers()), 'content-type': 'application/json' },
      payload: {
        contractId: CONSENT_CONFIG_CONTRACTS.main,
        contractVersionId: '1',
        customerId: customer.customerId,
        visitorId: 'visitor-staging',
        visitId: 'visit-staging',
        userValue: 'Y',
        consentState: 1,
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const pulled = await server.app.inject({
      method: 'POST',
      url: CREDIT_ROUTES.pullReport,
      headers: { ...(await headers()), 'content-type': 'application/json' },
      payload: { creditBureaus: ['CIBIL'] },
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const reply = await server.app.inject({ method: 'GET', url, headers: await headers() });
    expect(reply.statusCode).toBe(200);
    const report = creditReportSchema.parse(reply.json<Envelope<CreditReport>>().response);
    expect(report.creditBureau).toBe('CIBIL');
    const withoutToken = await server.app.inject({
      method: 'GET',
      url,
      headers: { 'pb-pass-token': await server.pass(2) },
    });
    expect(withoutToken.statusCode).toBe(401);
    expect(withoutToken.json<Envelope<unknown>>().statusCode).toBe('tokenNotValidated');
  });
});
