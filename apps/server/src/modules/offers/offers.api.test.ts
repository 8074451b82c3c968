import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_ROUTES,
  OFFER_ROUTES,
  OFFER_ROUTE_METHODS,
  emi,
  envelopeSchema,
  fetchQuotesResponseSchema,
  flattenOffers,
  nextRefreshDate,
  offerResponseSchema,
  offersPageResponseSchema,
  personalizationResponseSchema,
  type Bureau,
  type CreditReport,
  type OfferResponse,
  type ScoreState,
} from '@pravesh/core';
import { createCreditStore } from '../credit/store.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { seedOfferCatalogue } from './seed.ts';
import { DEMO_OFFERS } from './demo-catalogue.ts';
import { createOffersService, offersServiceFor } from './service.ts';
import { createOffersStore } from './store.ts';
import { testClient, type Proof } from '../../test/client.ts';

interface ReportShape {
  overdue?: number;
  enquiries?: number;
  businessCredit?: boolean;
}

/** A report with just what the rules read; the rest of the shape as the credit schema has it. */
function reportOf(bureau: Bureau, score: number | null, shape: ReportShape = {}): CreditReport {
  const account = (type: 'PL' | 'BL', overdue: number) => ({
    accountNumber: 'XXXX1234',
    type,
    lender: 'Example Bank',
    ownership: 'INDIVIDUAL' as const,
    openedDate: '2021-04-01',
    closedDate: null,
    sanctionedAmount: 300_000,
    balance: 120_000,
    overdue,
    writtenOff: false,
    settled: false,
    dpdHistory: [],
  });
  const accounts = [account('PL', shape.overdue ?? 0), ...(shape.businessCredit ? [account('BL', 0)] : [])];
  return {
    reportId: randomUUID(),
    creditBureau: bureau,
    lastUpdated: '2026-11-01T00:00:00+05:30',
    pulledAt: '2026-11-20T00:00:00+05:30',
    scoreState: score === null ? 'NEW_TO_CREDIT' : 'SCORE',
    score,
    rawScore: score === null ? '0' : String(score),
    riskIndex: null,
    summary: {
      totalAccounts: accounts.length,
      activeAccounts: accounts.length,
      totalSanctioned: 300_000 * accounts.length,
      totalBalance: 120_000 * accounts.length,
      totalOverdue: shape.overdue ?? 0,
      creditUtilisation: null,
      oldestAccountAgeMonths: 55,
      enquiriesLast6Months: shape.enquiries ?? 1,
    },
    accounts,
    enquiries: [],
  };
}

describe.each(DATABASE_KINDS)('offers API on %s', (kind) => {
  let server: SsoTestServer;
  /** Scores EXCELLENT at CIBIL and FAIR at EQUIFAX, clean report. */
  let excellent: SignedInCustomer;
  /** NO_HIT at every bureau it was pulled at. */
  let noHit: SignedInCustomer;
  /** Signed in, never pulled. */
  let noData: SignedInCustomer;

  async function storePull(
    customerId: string,
    bureau: Bureau,
    state: ScoreState,
    shape: ReportShape = {},
  ): Promise<void> {
    const at = server.clock.now();
    const score = state.kind === 'SCORE' ? state.score : null;
    const result = await createCreditStore(server.database.db).append(
      {
        customerId,
        bureau,
        provider: 'test',
        providerReference: randomUUID(),
        state,
        dateApplied: new Date(at),
        pulledAt: new Date(at),
        nextRefreshAt: new Date(nextRefreshDate(at)),
        consentReference: 'consent-test',
        report: state.kind === 'NO_HIT' ? null : reportOf(bureau, score, shape),
        scoreHistory: [],
      },
      new Date(at),
    );
    if (!('stored' in result)) throw new Error('pull not stored');
  }

  const get = <T>(url: string, proof: Proof | undefined, siteId = 2) =>
    testClient(server).get<T>(url, { proof, siteId });
  const offersOf = async (customer: SignedInCustomer, url: string = OFFER_ROUTES.pcoOffers) => {
    const answer = await get<OfferResponse>(url, { header: customer.accessToken });
    expect(answer.status).toBe(200);
    return envelopeSchema(offerResponseSchema).parse(answer.body).response!;
  };
  const idsOf = (response: OfferResponse) => flattenOffers(response).map((offer) => offer.offerId);

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
    await seedOfferCatalogue({ db: server.database.db, config: server.config, now: server.clock.now });
    [excellent, noHit, noData] = [
      await signInCustomer(server, nextMobile('95')),
      await signInCustomer(server, nextMobile('95')),
      await signInCustomer(server, nextMobile('95')),
    ];
    await storePull(excellent.customerId, 'CIBIL', { kind: 'SCORE', score: 820 });
    await storePull(excellent.customerId, 'EQUIFAX', { kind: 'SCORE', score: 560 });
    await storePull(noHit.customerId, 'CIBIL', { kind: 'NO_HIT', rawCode: '-1' });
    await storePull(noHit.customerId, 'EXPERIAN', { kind: 'NO_HIT', rawCode: null });
  });
  afterAll(() => server?.close());

  const EVERY_ROUTE = [
    OFFER_ROUTES.preApprovedOffers,
    OFFER_ROUTES.pcoOffers,
    OFFER_ROUTES.personalization,
    OFFER_ROUTES.getOffers,
    OFFER_ROUTES.offersV3,
    `${OFFER_ROUTES.fetchQuotes}?product=PL`,
  ];

  it.each(EVERY_ROUTE)('%s refuses a request without an access token: "Token not validated"', async (url) => {
    const answer = await get(url, undefined);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      status: false,
      statusCode: 'tokenNotValidated',
      statusMessage: 'Token not validated',
    });
  });

  it.each(EVERY_ROUTE)('%s refuses a forged token and a token issued to another site', async (url) => {
    const forged = await get(url, { header: `${excellent.accessToken.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    expect(forged.body.statusCode).toBe('tokenNotValidated');
    // The access token was issued to site 2's client; presented under site 7's pass token it is foreign.
    const otherSite = await get(url, { header: excellent.accessToken }, 7);
    expect(otherSite.status).toBe(401);
    expect(otherSite.body.statusCode).toBe('tokenNotValidated');
  });

  it("answers only the token's customer: another customer's id is refused, never answered", async () => {
    for (const url of EVERY_ROUTE) {
      const separator = url.includes('?') ? '&' : '?';
      const foreign = await get(`${url}${separator}customerId=${excellent.customerId}`, { header: noHit.accessToken });
      expect(foreign.status).toBe(401);
      expect(foreign.body).toEqual({
        status: false,
        statusCode: 'tokenNotValidated',
        statusMessage: 'Token not validated',
      });
      const own = await get(`${url}${separator}customerId=${noHit.customerId.toUpperCase()}`, {
        header: noHit.accessToken,
      });
      expect(own.status).toBe(200);
    }
    // The same route, two customers, two answers: each sees only what the rules give them.
    expect(idsOf(await offersOf(excellent))).toContain('sahyadri-pl-prime');
    expect(idsOf(await offersOf(noHit))).toEqual(['kaveri-cc-secure', 'suraksha-health-shield', 'vishwas-term-life']);
  });

  it('serves pre-approved offers keyed by product, in the spec 000 §3 shape, on every offer path', async () => {
    const viaSso = await get<OfferResponse>(OFFER_ROUTES.preApprovedOffers, { sso: excellent.accessToken });
    expect(viaSso.status).toBe(200);
    const response = envelopeSchema(offerResponseSchema).parse(viaSso.body).response!;
    // The best band (CIBIL EXCELLENT) decides, not the worse EQUIFAX one.
    expect(Object.keys(response)).toEqual(['PL', 'CC', 'HL', 'LAP', 'INS']);
    expect(idsOf(response)).toEqual([
      'sahyadri-pl-prime',
      'ganga-pl-instant',
      'sahyadri-cc-signature',
      'kaveri-cc-cashback',
      'sahyadri-hl',
      'nilgiri-hl',
      'nilgiri-lap',
      'suraksha-health-shield',
      'vishwas-term-life',
    ]);
    for (const url of [OFFER_ROUTES.pcoOffers, OFFER_ROUTES.getOffers]) {
      expect(await offersOf(excellent, url)).toEqual(response);
    }
    const loan = response.PL!.subProductList[0]!;
    expect(loan).toMatchObject({
      productType: 'PL',
      action: { carouselAction: [{ type: 'APPLY', payload: { text: 'Apply Now' } }] },
      lender: { id: 'sahyadri-bank', legalName: 'Sahyadri Bank Limited' },
      preApproved: true,
      cardTerms: null,
    });
    expect(loan.kfs!.instalmentAmount).toBe(
      emi(loan.kfs!.sanctionedAmount, loan.kfs!.interestRate, loan.kfs!.tenureMonths),
    );
    expect(loan.statement.statementText).toContain('^^');
    expect(response.CC!.subProductList[0]!.cardTerms).toMatchObject({ cardKind: 'UNSECURED' });
    expect(response.CC!.subProductList[0]!.kfs).toBeNull();
  });

  it('narrows to one product, and refuses an unknown one with the catalogue text', async () => {
    const onlyHl = await get<OfferResponse>(`${OFFER_ROUTES.pcoOffers}?product=HL`, { header: excellent.accessToken });
    expect(Object.keys(onlyHl.body.response!)).toEqual(['HL']);
    const bad = await get(`${OFFER_ROUTES.pcoOffers}?product=GOLD`, { header: excellent.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      status: false,
      statusCode: 'productNotAllowed',
      statusMessage: 'GOLD - is not allowed product. Valid values of product key are - PL, CC, HL, BL, LAP, INS',
    });
  });

  it('gives no bureau data no offers, and NO_HIT only the secured card', async () => {
    expect(await offersOf(noData)).toEqual({});
    const page = await get(OFFER_ROUTES.offersV3, { header: noData.accessToken });
    expect(offersPageResponseSchema.parse(page.body.response)).toEqual({
      hasPreApprovedOffers: false,
      totalOffers: 0,
      offers: {},
    });
    const secured = await offersOf(noHit);
    expect(Object.keys(secured)).toEqual(['CC', 'INS']);
    expect(secured.CC!.subProductList[0]!.cardTerms).toMatchObject({
      cardKind: 'SECURED',
      minimumFixedDeposit: 10_000,
    });
  });

  it('offers insurance cover to every customer a bureau answered for, with its policy terms, whatever the band', async () => {
    // Cover is not credit: NO_HIT gets it as the excellent file does; no bureau data gets nothing.
    for (const customer of [excellent, noHit]) {
      const cover = (await offersOf(customer)).INS!.subProductList;
      expect(cover.map((offer) => offer.offerId)).toEqual(['suraksha-health-shield', 'vishwas-term-life']);
      for (const offer of cover) {
        expect(offer).toMatchObject({ productType: 'INS', kfs: null, cardTerms: null, preApproved: true });
        expect(offer.insuranceTerms!.freeLookDays).toBe(30);
      }
      expect(cover[0]!.insuranceTerms).toMatchObject({
        kind: 'HEALTH',
        sumInsured: 10_00_000,
        premium: { amount: 9200, gstPercent: 0, gst: 0, total: 9200 },
        insurerLegalName: 'Suraksha Health Insurance Company Limited',
      });
    }
    expect((await offersOf(excellent)).PL!.subProductList[0]!.insuranceTerms).toBeNull();
    expect(await offersOf(noData)).toEqual({});
    const onlyCover = await get<OfferResponse>(`${OFFER_ROUTES.getOffers}?product=INS`, { header: noHit.accessToken });
    expect(Object.keys(onlyCover.body.response!)).toEqual(['INS']);
    // The served product icon and offer art exist for insurance too.
    const icon = await server.app.inject({ method: 'GET', url: '/assets/offers/products/INS.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('<svg');
  });

  it('refuses a catalogue row whose disclosure does not fit its product (insurance without policy terms)', async () => {
    const [lender] = DEMO_OFFERS.filter((offer) => offer.product === 'INS');
    await expect(
      createOffersStore(server.database.db).seed(
        [],
        [
          {
            ...lender!,
            offerId: 'broken-cover',
            insuranceTerms: null,
            applyUrl: 'http://localhost:4100/partner/apply',
          },
        ],
        new Date(server.clock.now()),
      ),
    ).rejects.toThrow();
  });

  it('judges a delinquent or credit-hungry file by its report, not only its band', async () => {
    const delinquent = await signInCustomer(server, nextMobile('95'));
    await storePull(delinquent.customerId, 'CIBIL', { kind: 'SCORE', score: 830 }, { overdue: 4500 });
    expect(idsOf(await offersOf(delinquent))).toEqual([
      'kaveri-cc-secure',
      'suraksha-health-shield',
      'vishwas-term-life',
    ]);

    const hungry = await signInCustomer(server, nextMobile('95'));
    await storePull(
      hungry.customerId,
      'EXPERIAN',
      { kind: 'SCORE', score: 850 },
      { enquiries: 9, businessCredit: true },
    );
    expect(idsOf(await offersOf(hungry))).toEqual([
      'kaveri-cc-secure',
      'sahyadri-hl',
      'nilgiri-hl',
      'nilgiri-lap',
      'suraksha-health-shield',
      'vishwas-term-life',
    ]);

    const business = await signInCustomer(server, nextMobile('95'));
    await storePull(business.customerId, 'HIGHMARK', { kind: 'SCORE', score: 640 }, { businessCredit: true });
    // HIGHMARK 640 is GOOD (601–675): business credit opens the business loan.
    expect(idsOf(await offersOf(business))).toContain('vistaar-bl');
  });

  it('answers the personalisation fetch with the count and at most two offers', async () => {
    const answer = await get(OFFER_ROUTES.personalization, { header: excellent.accessToken });
    expect(answer.status).toBe(200);
    const body = envelopeSchema(personalizationResponseSchema).parse(answer.body).response!;
    expect(body.totalOffers).toBe(9);
    expect(idsOf(body.offers)).toEqual(['sahyadri-pl-prime', 'ganga-pl-instant']);
    expect(body.generatedAt).toBe(new Date(server.clock.now()).toISOString());
  });

  it('quotes one product for the amount and tenure asked, within what was pre-approved', async () => {
    const missing = await get(OFFER_ROUTES.fetchQuotes, { header: excellent.accessToken });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ statusCode: 'requiredField', statusMessage: '[product] is required' });

    const asked = await get(`${OFFER_ROUTES.fetchQuotes}?product=PL&amount=200000&tenureMonths=24`, {
      header: excellent.accessToken,
    });
    const quotes = envelopeSchema(fetchQuotesResponseSchema).parse(asked.body).response!;
    expect(quotes.quotes.map((quote) => [quote.offer.offerId, quote.amount, quote.tenureMonths])).toEqual([
      ['sahyadri-pl-prime', 200_000, 24],
      ['ganga-pl-instant', 200_000, 24],
    ]);
    const prime = quotes.quotes[0]!.offer.kfs!;
    expect(prime.instalmentAmount).toBe(emi(200_000, 10.99, 24));
    // 1% processing fee (₹2,000) with 18% GST, deducted upfront.
    expect(prime.fees[0]).toMatchObject({ amount: 2000, gst: 360, total: 2360 });
    expect(prime.netDisbursedAmount).toBe(197_640);

    const tooMuch = await get(`${OFFER_ROUTES.fetchQuotes}?product=PL&amount=9000000&tenureMonths=600`, {
      header: excellent.accessToken,
    });
    const clamped = envelopeSchema(fetchQuotesResponseSchema).parse(tooMuch.body).response!;
    expect(clamped.quotes.map((quote) => [quote.amount, quote.tenureMonths])).toEqual([
      [500_000, 60],
      [300_000, 48],
    ]);
    const notANumber = await get(`${OFFER_ROUTES.fetchQuotes}?product=PL&amount=lots`, {
      header: excellent.accessToken,
    });
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.statusCode).toBe('badRequest');
  });

  it('serves the offer images itself, as SVG without script, and 404s an unknown one', async () => {
    const offer = (await offersOf(excellent)).CC!.subProductList[0]!;
    for (const url of Object.values(offer.imageUrl)) {
      expect(url.startsWith(`${server.config.publicUrl}/assets/offers/`)).toBe(true);
      const reply = await server.app.inject(url.slice(server.config.publicUrl.length));
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(reply.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(reply.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(reply.body).not.toMatch(/<script|href=|on\w+=/i);
    }
    expect((await server.app.inject('/assets/offers/partners/no-such-bank.svg')).statusCode).toBe(404);
    expect((await server.app.inject('/assets/offers/products/GOLD.svg')).statusCode).toBe(404);
    expect((await server.app.inject('/assets/offers/secrets/x.svg')).statusCode).toBe(400);
  });

  it('finds an offer for the leads service only when this customer may apply to it', async () => {
    const offers = offersServiceFor({ db: server.database.db, now: server.clock.now, config: server.config });
    const found = await offers.findOfferForCustomer(excellent.customerId, 'sahyadri-pl-prime');
    expect(found).toMatchObject({
      offer: { offerId: 'sahyadri-pl-prime', kfs: { sanctionedAmount: 500_000 } },
      lenderId: 'sahyadri-bank',
      applyUrl: 'http://localhost:4100/partner/apply',
    });
    expect(await offers.findOfferForCustomer(noHit.customerId, 'sahyadri-pl-prime')).toBeUndefined();
    expect(await offers.findOfferForCustomer(noData.customerId, 'kaveri-cc-secure')).toBeUndefined();
    expect(await offers.findOfferForCustomer(excellent.customerId, 'no-such-offer')).toBeUndefined();
  });

  it('documents every offer route in OpenAPI with its method, tag and catalogue codes', async () => {
    const doc = (await server.app.inject('/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, { description?: string }> }>>;
    }>();
    for (const route of Object.keys(OFFER_ROUTES) as (keyof typeof OFFER_ROUTES)[]) {
      const operation = doc.paths[OFFER_ROUTES[route]]?.[OFFER_ROUTE_METHODS[route].toLowerCase()];
      expect(operation?.tags, route).toEqual(['offers']);
      expect(operation?.responses?.['401']?.description, route).toContain('Token not validated');
      expect(operation?.responses?.['200'], route).toBeDefined();
    }
    expect(doc.paths['/assets/offers/{kind}/{file}']?.get?.responses?.['404']?.description).toContain('does not exist');
  });

  it('lets the leads apply (PCO/applyOffer) take exactly the offers this customer is pre-approved for', async () => {
    const applyTo = (customer: SignedInCustomer, offerId: string) =>
      testClient(server).post<{ redirectUrl: string }>(LEAD_ROUTES.applyOffer, {
        proof: { sso: customer.accessToken },
        body: { mobileNo: customer.mobileNo, payload: { visitId: 'visit-offers-1' }, offerId },
      });
    const applied = await applyTo(excellent, 'sahyadri-pl-prime');
    expect(applied.status).toBe(200);
    expect(applied.body.response!.redirectUrl).toMatch(/^http:\/\/localhost:4100\/partner\/apply\?ref=/);
    const refused = await applyTo(noHit, 'sahyadri-pl-prime');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.status).toBe(false);
    expect((await applyTo(noHit, 'kaveri-cc-secure')).status).toBe(200);
  });

  it('sees a new pull once the standing kept for a page view (10 s) has passed', async () => {
    const late = await signInCustomer(server, nextMobile('95'));
    let at = server.clock.now();
    const offers = offersServiceFor({ db: server.database.db, now: () => at, config: server.config });
    expect(await offers.offerResponse(late.customerId)).toEqual({});
    await storePull(late.customerId, 'CIBIL', { kind: 'SCORE', score: 820 });
    at += 9_999;
    expect(await offers.offerResponse(late.customerId)).toEqual({});
    at += 1;
    expect(idsOf(await offers.offerResponse(late.customerId))).toContain('sahyadri-pl-prime');
  });

  it('leaves out, and reports, a catalogue row that makes no valid offer', async () => {
    await createOffersStore(server.database.db).seed(
      [],
      [
        {
          ...DEMO_OFFERS.find((offer) => offer.offerId === 'kaveri-cc-secure')!,
          offerId: 'kaveri-cc-broken',
          bullets: ['x'.repeat(500)],
          applyUrl: 'http://localhost:4100/partner/apply',
        },
      ],
      new Date(server.clock.now()),
    );
    const problems: string[] = [];
    const offers = createOffersService({
      store: createOffersStore(server.database.db),
      credit: createCreditStore(server.database.db),
      now: server.clock.now,
      publicUrl: server.config.publicUrl,
      onInvalidOffer: (offerId) => problems.push(offerId),
    });
    expect(idsOf(await offers.offerResponse(noHit.customerId))).toEqual([
      'kaveri-cc-secure',
      'suraksha-health-shield',
      'vishwas-term-life',
    ]);
    expect(problems).toEqual(['kaveri-cc-broken']);
  });

  it('drops an offer the day after its validity ends', async () => {
    let at = server.clock.now();
    const offers = offersServiceFor({ db: server.database.db, now: () => at, config: server.config });
    expect(await offers.findOfferForCustomer(excellent.customerId, 'sahyadri-cc-signature')).toBeDefined();
    // Valid till 2026-12-31: still on that day in India, gone on 1 January.
    at = Date.parse('2026-12-31T23:59:00+05:30');
    expect(await offers.findOfferForCustomer(excellent.customerId, 'sahyadri-cc-signature')).toBeDefined();
    at = Date.parse('2027-01-01T00:01:00+05:30');
    expect(await offers.findOfferForCustomer(excellent.customerId, 'sahyadri-cc-signature')).toBeUndefined();
    expect(await offers.findOfferForCustomer(excellent.customerId, 'sahyadri-pl-prime')).toBeDefined();
  });
});
