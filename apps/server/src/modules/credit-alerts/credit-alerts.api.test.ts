import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CREDIT_ALERT_ROUTES,
  CREDIT_ALERT_ROUTE_METHODS,
  DEMO_CREDIT_CUSTOMERS,
  nextRefreshDate,
  subscribeBureauAlertsResponseSchema,
  updateAlertStateResponseSchema,
  userAlertSegmentResponseSchema,
  userAllAlertsResponseSchema,
  type Bureau,
  type CreditAccount,
  type CreditAlertRoute,
  type CreditReport,
} from '@pravesh/core';
import { creditAlerts } from '../../db/schema/credit-alerts.ts';
import { createCreditStore } from '../credit/store.ts';
import { seedDemoCredit } from '../credit/demo-customers.ts';
import { demoBureauProfiles } from '../../providers/bureau/demo-profiles.ts';
import { createBureauSimulator } from '../../providers/bureau/index.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  createClock,
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';

const DAY_MS = 86_400_000;

const card: CreditAccount = {
  accountNumber: 'XXXXXXXX1234',
  type: 'CC',
  lender: 'HDFC Bank',
  ownership: 'INDIVIDUAL',
  openedDate: '2021-03-14',
  closedDate: null,
  sanctionedAmount: 200_000,
  balance: 60_000,
  overdue: 0,
  writtenOff: false,
  settled: false,
  dpdHistory: [{ month: '2026-10', dpd: 0 }],
};

const olderReport: CreditReport = {
  reportId: 'older',
  creditBureau: 'CIBIL',
  lastUpdated: '2026-10-05T00:30:00.000Z',
  pulledAt: '2026-10-21T06:00:00.000Z',
  scoreState: 'SCORE',
  score: 742,
  rawScore: '742',
  riskIndex: null,
  summary: {
    totalAccounts: 1,
    activeAccounts: 1,
    totalSanctioned: 200_000,
    totalBalance: 60_000,
    totalOverdue: 0,
    creditUtilisation: 30,
    oldestAccountAgeMonths: 67,
    enquiriesLast6Months: 0,
  },
  accounts: [card],
  enquiries: [],
};

/** A month on: utilisation down, a new enquiry and card, the score up 18. */
const newerReport: CreditReport = {
  ...olderReport,
  reportId: 'newer',
  pulledAt: '2026-11-21T06:00:00.000Z',
  score: 760,
  rawScore: '760',
  summary: { ...olderReport.summary, totalAccounts: 2, activeAccounts: 2, creditUtilisation: 12 },
  accounts: [
    { ...card, balance: 24_000 },
    { ...card, accountNumber: 'XXXXXXXX9876', lender: 'Axis Bank', openedDate: '2026-11-12', balance: 0 },
  ],
  enquiries: [{ date: '2026-11-09', lender: 'Axis Bank', purpose: 'CC', amount: null }],
};

describe.each(DATABASE_KINDS)('credit alerts API on %s (spec 001 §7)', (kind) => {
  let server: SsoTestServer;
  const clock = createClock();

  beforeAll(async () => {
    server = await ssoServer(kind, { clock, env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '10000' } });
  });
  afterAll(() => server?.close());

  function call<T>(route: CreditAlertRoute, options: { token?: string; query?: string; body?: unknown } = {}) {
    const method = CREDIT_ALERT_ROUTE_METHODS[route];
    return testClient(server).call<T>(method, CREDIT_ALERT_ROUTES[route], {
      query: options.query,
      accessToken: options.token || undefined,
      body: method === 'POST' ? (options.body ?? {}) : undefined,
    });
  }

  /** Stores one pull as the credit module's store does after a bureau answers. */
  async function storePull(customerId: string, report: CreditReport, bureau: Bureau = 'CIBIL') {
    const at = Date.parse(report.pulledAt);
    const stored = await createCreditStore(server.database.db).append(
      {
        customerId,
        bureau,
        provider: 'simulator',
        providerReference: `${report.reportId}-${bureau}`,
        state: { kind: 'SCORE', score: report.score! },
        dateApplied: new Date(report.lastUpdated),
        pulledAt: new Date(at),
        nextRefreshAt: new Date(nextRefreshDate(at)),
        consentReference: 'consent_ledger:test',
        report: { ...report, creditBureau: bureau },
        scoreHistory: [],
      },
      new Date(at),
    );
    expect('stored' in stored).toBe(true);
  }

  async function customerWithTwoPulls(): Promise<SignedInCustomer> {
    const customer = await signInCustomer(server, nextMobile('94'));
    await storePull(customer.customerId, olderReport);
    await storePull(customer.customerId, newerReport);
    return customer;
  }

  const alertsOf = async (customer: SignedInCustomer) =>
    userAllAlertsResponseSchema.parse((await call('getUserAllAlerts', { token: customer.accessToken })).body.response);

  it('derives the alerts of the two latest pulls, ranked, and explains the score change', async () => {
    const customer = await customerWithTwoPulls();
    const all = await alertsOf(customer);
    expect(all.alerts.map((alert) => [alert.kind, alert.impact, alert.rank])).toEqual([
      ['SCORE_UP', 'POSITIVE', 1],
      ['UTILISATION_DOWN', 'POSITIVE', 2],
      ['NEW_ACCOUNT', 'NEGATIVE', 3],
      ['NEW_ENQUIRY', 'NEGATIVE', 4],
    ]);
    expect(all.unreadCount).toBe(4);
    expect(all.alerts[0]).toMatchObject({
      creditBureau: 'CIBIL',
      title: 'Your score went up by 18 points',
      pulledAt: '2026-11-21T06:00:00.000Z',
      readAt: null,
    });

    const segment = await call('getUserAlertSegment', { token: customer.accessToken });
    expect(segment.status).toBe(200);
    const parsed = userAlertSegmentResponseSchema.parse(segment.body.response);
    expect(parsed).toMatchObject({
      unreadCount: 4,
      totalCount: 4,
      bureaus: [{ creditBureau: 'CIBIL', subscribed: true, unreadCount: 4 }],
      scoreChange: { creditBureau: 'CIBIL', from: 742, to: 760, delta: 18 },
    });
    // Cited by the report's own date (dateApplied, the score card's "Last updated"), not the fetch's.
    expect(parsed.scoreChange!.reportDate).toBe(new Date(newerReport.lastUpdated).toISOString());
    expect(parsed.scoreChange!.reasons.map((reason) => reason.kind)).toEqual([
      'UTILISATION_DOWN',
      'NEW_ACCOUNT',
      'NEW_ENQUIRY',
    ]);
  });

  it('stores a pair of pulls once: reading again, or racing reads, add no alerts', async () => {
    const customer = await customerWithTwoPulls();
    await Promise.all([alertsOf(customer), alertsOf(customer), alertsOf(customer)]);
    const first = await alertsOf(customer);
    const rows = () =>
      server.database.db.select().from(creditAlerts).where(eq(creditAlerts.customerId, customer.customerId));
    expect(await rows()).toHaveLength(4);
    expect(await alertsOf(customer)).toEqual(first);
    expect(await rows()).toHaveLength(4);
  });

  it('has no alerts with a single pull, nor before any', async () => {
    const customer = await signInCustomer(server, nextMobile('94'));
    expect(await alertsOf(customer)).toEqual({ alerts: [], unreadCount: 0 });
    await storePull(customer.customerId, olderReport);
    expect(await alertsOf(customer)).toEqual({ alerts: [], unreadCount: 0 });
    const segment = userAlertSegmentResponseSchema.parse(
      (await call('getUserAlertSegment', { token: customer.accessToken })).body.response,
    );
    expect(segment).toEqual({
      unreadCount: 0,
      totalCount: 0,
      bureaus: [{ creditBureau: 'CIBIL', subscribed: true, unreadCount: 0 }],
      scoreChange: null,
    });
  });

  it('marks alerts read and dismissed, idempotently, keeping the first time', async () => {
    const customer = await customerWithTwoPulls();
    const [score, utilisation] = (await alertsOf(customer)).alerts;
    const read = await call('createUpdateUserAlertState', {
      token: customer.accessToken,
      body: { alertIds: [score!.alertId], state: 'READ' },
    });
    expect(read.status).toBe(200);
    const readAnswer = updateAlertStateResponseSchema.parse(read.body.response);
    expect(readAnswer.unreadCount).toBe(3);
    expect(readAnswer.alerts[0]!.readAt).toBe(new Date(clock.now()).toISOString());
    const firstReadAt = readAnswer.alerts[0]!.readAt;

    clock.advance(60_000);
    const again = await call('createUpdateUserAlertState', {
      token: customer.accessToken,
      body: { alertIds: [score!.alertId], state: 'READ' },
    });
    expect(updateAlertStateResponseSchema.parse(again.body.response)).toEqual(readAnswer);
    expect(again.body.response).toMatchObject({ alerts: [{ readAt: firstReadAt }] });

    const dismissed = await call('createUpdateUserAlertState', {
      token: customer.accessToken,
      body: { alertIds: [utilisation!.alertId], state: 'DISMISSED' },
    });
    expect(dismissed.status).toBe(200);
    const after = await alertsOf(customer);
    expect(after.alerts.map((alert) => alert.alertId)).not.toContain(utilisation!.alertId);
    expect(after.unreadCount).toBe(2);
    // The dismissed change still explains the score: it is one of the reasons all the same.
    const segment = userAlertSegmentResponseSchema.parse(
      (await call('getUserAlertSegment', { token: customer.accessToken })).body.response,
    );
    expect(segment.scoreChange!.reasons.map((reason) => reason.alertId)).toContain(utilisation!.alertId);
  });

  it("refuses another customer's alerts: they cannot be read or marked", async () => {
    const owner = await customerWithTwoPulls();
    const other = await signInCustomer(server, nextMobile('94'));
    const ownerAlerts = await alertsOf(owner);

    // The other customer's reads answer their own (empty) alerts, never the owner's.
    expect(await alertsOf(other)).toEqual({ alerts: [], unreadCount: 0 });
    const otherSegment = userAlertSegmentResponseSchema.parse(
      (await call('getUserAlertSegment', { token: other.accessToken })).body.response,
    );
    expect(otherSegment).toMatchObject({ totalCount: 0, scoreChange: null, bureaus: [] });

    // Marking the owner's alert as the other customer: the same answer as an unknown id, nothing marked.
    const ids = ownerAlerts.alerts.map((alert) => alert.alertId);
    for (const alertIds of [[ids[0]], [crypto.randomUUID()]]) {
      const refused = await call('createUpdateUserAlertState', {
        token: other.accessToken,
        body: { alertIds, state: 'DISMISSED' },
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({
        status: false,
        statusCode: 'creditAlertNotFound',
        statusMessage: 'Alert not found',
      });
    }
    // One foreign id among the owner's own refuses the whole call: nothing is marked.
    const mixed = await call('createUpdateUserAlertState', {
      token: owner.accessToken,
      body: { alertIds: [ids[1], crypto.randomUUID()], state: 'READ' },
    });
    expect(mixed.status).toBe(404);
    expect(await alertsOf(owner)).toEqual(ownerAlerts);
  });

  it('refuses every route without a valid access token', async () => {
    for (const route of Object.keys(CREDIT_ALERT_ROUTES) as CreditAlertRoute[]) {
      for (const token of [undefined, 'not-a-token']) {
        const reply = await call(route, {
          ...(token ? { token } : {}),
          body: { alertIds: [crypto.randomUUID()], state: 'READ', creditBureau: 'CIBIL', subscribe: false },
        });
        expect(reply.status, route).toBe(401);
        expect(reply.body).toMatchObject({ status: false, statusCode: 'tokenNotValidated' });
      }
    }
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const customer = await customerWithTwoPulls();
    const before = await alertsOf(customer);
    const badBureau = await call('getUserAllAlerts', { token: customer.accessToken, query: 'creditBureau=ACME' });
    expect(badBureau.status).toBe(400);
    expect(badBureau.body.statusCode).toBe('invalidCreditBureau');
    for (const body of [
      { alertIds: [], state: 'READ' },
      { alertIds: ['nope'], state: 'READ' },
      { alertIds: [before.alerts[0]!.alertId], state: 'GONE' },
    ]) {
      const reply = await call('createUpdateUserAlertState', { token: customer.accessToken, body });
      expect(reply.status).toBe(400);
    }
    const badSubscribe = await call('subscribeBureauAlerts', {
      token: customer.accessToken,
      body: { creditBureau: 'ACME', subscribe: false },
    });
    expect(badSubscribe.status).toBe(400);
    expect(await alertsOf(customer)).toEqual(before);
  });

  it('subscribes per bureau: off hides that bureau, on again shows it; repeating changes nothing', async () => {
    const customer = await customerWithTwoPulls();
    const subscribe = async (subscribe: boolean) => {
      const reply = await call('subscribeBureauAlerts', {
        token: customer.accessToken,
        body: { creditBureau: 'CIBIL', subscribe },
      });
      expect(reply.status).toBe(200);
      return subscribeBureauAlertsResponseSchema.parse(reply.body.response);
    };
    const off = await subscribe(false);
    expect(off).toEqual({ bureaus: [{ creditBureau: 'CIBIL', subscribed: false, unreadCount: 0 }] });
    expect(await subscribe(false)).toEqual(off);
    expect(await alertsOf(customer)).toEqual({ alerts: [], unreadCount: 0 });
    expect(
      userAlertSegmentResponseSchema.parse(
        (await call('getUserAlertSegment', { token: customer.accessToken })).body.response,
      ).scoreChange,
    ).toBeNull();
    await subscribe(true);
    expect((await alertsOf(customer)).alerts).toHaveLength(4);
  });

  it('compares the newest pair when a third pull arrives, keeping the earlier alerts', async () => {
    const customer = await customerWithTwoPulls();
    await alertsOf(customer);
    const third: CreditReport = {
      ...newerReport,
      reportId: 'third',
      pulledAt: new Date(Date.parse(newerReport.pulledAt) + 31 * DAY_MS).toISOString(),
      score: 731,
      rawScore: '731',
      accounts: [
        { ...newerReport.accounts[0]!, overdue: 4_000, dpdHistory: [{ month: '2026-12', dpd: 30 }] },
        newerReport.accounts[1]!,
      ],
    };
    await storePull(customer.customerId, third);
    const all = await alertsOf(customer);
    expect(all.alerts.slice(0, 2).map((alert) => alert.kind)).toEqual(['SCORE_DOWN', 'MISSED_PAYMENT']);
    expect(all.alerts).toHaveLength(6);
    const segment = userAlertSegmentResponseSchema.parse(
      (await call('getUserAlertSegment', { token: customer.accessToken })).body.response,
    );
    expect(segment.scoreChange).toMatchObject({ from: 760, to: 731, delta: -29 });
    expect(segment.scoreChange!.reasons[0]!.kind).toBe('MISSED_PAYMENT');
  });

  it('compares every pair when two pulls arrive between reads: no change is skipped', async () => {
    // Pulled again (by the nudge, say) before the customer opened their alerts: the new card and
    // enquiry of the second pull are still there in the third, so the newest pair alone shows none.
    const customer = await customerWithTwoPulls();
    const third: CreditReport = {
      ...newerReport,
      reportId: 'third-unread',
      pulledAt: new Date(Date.parse(newerReport.pulledAt) + 31 * DAY_MS).toISOString(),
    };
    await storePull(customer.customerId, third);
    const kinds = (await alertsOf(customer)).alerts.map((alert) => alert.kind);
    expect(kinds).toEqual(expect.arrayContaining(['NEW_ACCOUNT', 'NEW_ENQUIRY', 'SCORE_UP']));
    // Read again: the pairs are settled, nothing is added.
    expect((await alertsOf(customer)).alerts).toHaveLength(kinds.length);
  });

  it('shows the seeded demo customer real alerts and why their score changed', async () => {
    const bureau = createBureauSimulator({
      now: clock.now,
      profileOf: demoBureauProfiles(server.database.db, server.config),
    });
    await seedDemoCredit({ db: server.database.db, config: server.config, now: clock.now, providers: { bureau } });
    const scored = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    const all = await alertsOf(scored);
    expect(all.alerts[0]).toMatchObject({
      creditBureau: 'CIBIL',
      kind: 'SCORE_UP',
      title: 'Your score went up by 18 points',
    });
    expect(all.alerts.map((alert) => alert.kind)).toEqual(
      expect.arrayContaining(['UTILISATION_DOWN', 'NEW_ACCOUNT', 'NEW_ENQUIRY']),
    );
    const segment = userAlertSegmentResponseSchema.parse(
      (await call('getUserAlertSegment', { token: scored.accessToken })).body.response,
    );
    expect(segment.scoreChange).toMatchObject({ creditBureau: 'CIBIL', delta: 18 });
    expect(segment.scoreChange!.reasons[0]!.kind).toBe('UTILISATION_DOWN');
    // The NO_HIT and new-to-credit customers have nothing to compare.
    for (const { mobileNo } of [DEMO_CREDIT_CUSTOMERS.noHit, DEMO_CREDIT_CUSTOMERS.newToCredit]) {
      const customer = await signInCustomer(server, mobileNo);
      expect(await alertsOf(customer)).toEqual({ alerts: [], unreadCount: 0 });
    }
  });
});
