import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CREDIT_CUSTOMERS,
  HOLDINGS_ROUTES,
  type MutualFundStatus,
  type OndcLoansResponse,
  type PolicyDetailsResponse,
} from '@pravesh/core';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { signInCustomer, ssoServer, type SignedInCustomer, type SsoTestServer } from '../../test/customers.ts';
import { seedDemoHoldings } from './seed.ts';
import { testClient } from '../../test/client.ts';

const DAY_MS = 86_400_000;

/**
 * spec 001 §7 myAccount/getMutualFundStatus, wpsp/policyDetails and ondc/loans: the
 * demo customers' seeded holdings, answered only to their own access token; nothing held is an
 * empty answer. The test clock starts on 21 Nov 2026 (IST), the day of the seed.
 */
describe.each(DATABASE_KINDS)('holdings API on %s', (kind) => {
  let server: SsoTestServer;
  let scored: SignedInCustomer;
  let newToCredit: SignedInCustomer;
  let stranger: SignedInCustomer;

  const get = <T>(path: string, accessToken: string | undefined, query = '') =>
    testClient(server).get<T>(`${path}${query}`, { accessToken });
  const funds = (customer: SignedInCustomer, query?: string) =>
    get<MutualFundStatus>(HOLDINGS_ROUTES.getMutualFundStatus, customer.accessToken, query);
  const policy = (customer: SignedInCustomer) =>
    get<PolicyDetailsResponse>(HOLDINGS_ROUTES.policyDetails, customer.accessToken);
  const loans = (customer: SignedInCustomer) => get<OndcLoansResponse>(HOLDINGS_ROUTES.ondcLoans, customer.accessToken);
  const seed = () => seedDemoHoldings({ db: server.database.db, config: server.config, now: server.clock.now });

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    expect(await seed()).toBe('5 fund folios, 2 wallet protection policies and 1 ONDC loan added');
    scored = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    newToCredit = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.newToCredit.mobileNo);
    stranger = await signInCustomer(server);
  });
  afterAll(() => server?.close());

  it('answers the scored demo customer’s folios with values from units × NAV, masked folio numbers and SIPs', async () => {
    const { reply, body } = await funds(scored);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const status = body.response!;
    expect(status.status).toBe('INVESTED');
    expect(status.folios.map((folio) => folio.schemeName)).toEqual([
      'Sahyadri Flexi Cap Fund – Direct Plan – Growth',
      'Ganga Nifty 50 Index Fund – Direct Plan – Growth',
      'Nilgiri Short Duration Fund – Regular Plan – Growth',
      'Kaveri Tax Saver (ELSS) Fund – Direct Plan – Growth',
    ]);
    const [flexi] = status.folios;
    expect(flexi).toMatchObject({
      folioNumber: 'XXXXXX6721',
      amcName: 'Sahyadri Mutual Fund',
      category: 'EQUITY',
      plan: 'DIRECT',
      units: '1482.317',
      nav: '71.2384',
      navDate: '2026-11-20',
      investedPaise: 86_000_00,
      // 1482.317 × ₹71.2384 = ₹1,05,597.89.
      currentValuePaise: 1_05_597_89,
      gainPaise: 19_597_89,
      sip: { status: 'ACTIVE', amountPaise: 5_000_00, dayOfMonth: 5, nextDate: '2026-12-05' },
    });
    expect(status.folios.find((folio) => folio.category === 'ELSS')!.sip).toEqual({
      status: 'PAUSED',
      amountPaise: 1_500_00,
      dayOfMonth: 20,
      nextDate: null,
    });
    expect(status.folios.find((folio) => folio.category === 'DEBT')!.sip).toBeNull();
    // No folio number leaves whole.
    expect(JSON.stringify(status)).not.toMatch(/9103456721|4417820913|3390124508|7025511864/);

    const invested = status.folios.reduce((sum, folio) => sum + folio.investedPaise, 0);
    const value = status.folios.reduce((sum, folio) => sum + folio.currentValuePaise, 0);
    expect(status.summary).toEqual({
      investedPaise: invested,
      currentValuePaise: value,
      gainPaise: value - invested,
      gainBasisPoints: Math.round(((value - invested) * 10_000) / invested),
      asOf: '2026-11-20',
      activeSips: 2,
      monthlySipPaise: 7_500_00,
      nextSip: { date: '2026-12-05', amountPaise: 5_000_00, schemeName: flexi!.schemeName },
    });
    expect(invested).toBe(1_92_000_00);
    // The mutual fund site is not configured locally: the homepage's mutual funds page.
    expect(status.exploreUrl).toBe('http://localhost:4100/mutual-funds');
  });

  it('answers the wallet protection policy with its cover, renewal date and standing', async () => {
    const { reply, body } = await policy(scored);
    expect(reply.statusCode).toBe(200);
    expect(body.response).toEqual({
      policy: {
        policyId: expect.any(String) as string,
        policyNumber: 'XXXXXXXXX8213',
        insurerName: 'Kavach General Insurance',
        planName: 'Wallet Protect Plus',
        coverPaise: 1_00_000_00,
        premiumPaise: 999_00,
        startDate: '2026-01-25',
        endDate: '2027-01-24',
        status: 'ACTIVE',
        daysToRenewal: 64,
        cardsCovered: 4,
        benefits: expect.arrayContaining(['All your cards blocked with one call, day or night']) as string[],
      },
      manageUrl: 'http://localhost:4100/wallet-protect',
    });
    // The new-to-credit customer's policy ends in 12 days: renewal is due.
    expect((await policy(newToCredit)).body.response!.policy).toMatchObject({
      policyNumber: 'XXXXXXXXX7734',
      endDate: '2026-12-03',
      status: 'RENEWAL_DUE',
      daysToRenewal: 12,
    });
  });

  it('answers the ONDC loan with lender, amount, EMI and where it stands on its schedule', async () => {
    const { reply, body } = await loans(scored);
    expect(reply.statusCode).toBe(200);
    const [loan, ...others] = body.response!.loans;
    expect(others).toEqual([]);
    expect(loan).toMatchObject({
      loanAccount: 'XXXXXXXX1920',
      lenderName: 'Vistaar Capital',
      productName: 'Personal loan',
      principalPaise: 2_00_000_00,
      annualRateBasisPoints: 1650,
      tenureMonths: 24,
      // ₹2,00,000 at 16.5 % p.a. over 24 months.
      emiPaise: 9_840_48,
      disbursedOn: '2026-04-30',
      // EMIs on the 5th from June: six have passed by 21 November.
      emisPaid: 6,
      nextEmiDate: '2026-12-05',
      status: 'ACTIVE',
    });
    expect(loan!.outstandingPaise).toBeGreaterThan(1_40_000_00);
    expect(loan!.outstandingPaise).toBeLessThan(1_60_000_00);
    expect(body.response!.dashboardUrl).toBe('http://localhost:4100/ondc');
  });

  it('follows the "ONDC eligible" switch (spec 001 §9): off, ondc/loans refuses, the rest answers', async () => {
    const off = await ssoServer(kind, { env: { PRAVESH_ONDC_ELIGIBLE: '0', PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    try {
      await seedDemoHoldings({ db: off.database.db, config: off.config, now: off.clock.now });
      const customer = await signInCustomer(off, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
      const refused = await testClient(off).get<OndcLoansResponse>(HOLDINGS_ROUTES.ondcLoans, {
        accessToken: customer.accessToken,
      });
      expect(refused.reply.statusCode).toBe(404);
      expect(refused.body).toEqual({
        status: false,
        statusCode: 'ondcNotEligible',
        statusMessage: 'Loans through ONDC are not available right now',
      });
      // The rest of the holdings still answer (the page's switch: my-account.api.test.ts).
      const policyOff = await testClient(off).get<PolicyDetailsResponse>(HOLDINGS_ROUTES.policyDetails, {
        accessToken: customer.accessToken,
      });
      expect(policyOff.body.response!.policy).not.toBeNull();
    } finally {
      await off.close();
    }
  });

  it('answers a customer who holds nothing with empty answers, not errors', async () => {
    const none = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.noHit.mobileNo);
    for (const customer of [none, stranger]) {
      const fund = await funds(customer);
      expect(fund.reply.statusCode).toBe(200);
      expect(fund.body).toMatchObject({ status: true, statusCode: 'success' });
      expect(fund.body.response).toEqual({
        status: 'NOT_INVESTED',
        summary: null,
        folios: [],
        exploreUrl: 'http://localhost:4100/mutual-funds',
      });
      expect((await policy(customer)).body.response).toEqual({
        policy: null,
        manageUrl: 'http://localhost:4100/wallet-protect',
      });
      expect((await loans(customer)).body.response).toEqual({ loans: [], dashboardUrl: 'http://localhost:4100/ondc' });
    }
  });

  it('never answers one customer’s holdings to another, nor to a missing or forged token', async () => {
    // A customer id in the query names nobody: the answer is still the caller's own.
    const sneaky = await funds(stranger, `?customerId=${scored.customerId}`);
    expect(sneaky.reply.statusCode).toBe(200);
    expect(sneaky.body.response!.folios).toEqual([]);
    // The new-to-credit customer sees their one folio, none of the scored customer's four.
    const own = (await funds(newToCredit)).body.response!;
    expect(own.folios.map((folio) => folio.folioNumber)).toEqual(['XXXXXX0317']);
    expect((await loans(newToCredit)).body.response!.loans).toEqual([]);

    for (const path of Object.values(HOLDINGS_ROUTES)) {
      for (const token of [undefined, 'not-a-token', `${scored.accessToken.slice(0, -4)}AAAA`]) {
        const { reply, body } = await get(path, token);
        expect(reply.statusCode, `${path} ${String(token)}`).toBe(401);
        expect(body).toEqual({ status: false, statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' });
      }
    }
  });

  it('works out standings on the day asked: renewal due, then lapsed; EMIs paid as their dates pass', async () => {
    server.clock.advance(60 * DAY_MS); // 20 January 2027
    // Their earlier access tokens have long expired: they sign in again.
    scored = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.scored.mobileNo);
    newToCredit = await signInCustomer(server, DEMO_CREDIT_CUSTOMERS.newToCredit.mobileNo);
    expect((await policy(scored)).body.response!.policy).toMatchObject({ status: 'RENEWAL_DUE', daysToRenewal: 4 });
    expect((await policy(newToCredit)).body.response!.policy).toMatchObject({ status: 'EXPIRED', daysToRenewal: -48 });
    expect((await loans(scored)).body.response!.loans[0]).toMatchObject({ emisPaid: 8, nextEmiDate: '2027-02-05' });
    expect((await funds(scored)).body.response!.summary!.nextSip).toMatchObject({ date: '2027-02-05' });
    // Seeding again adds nothing: the demo rows are already there.
    expect(await seed()).toBe('0 fund folios, 0 wallet protection policies and 0 ONDC loans added');
    expect((await funds(scored)).body.response!.folios).toHaveLength(4);
  });
});
