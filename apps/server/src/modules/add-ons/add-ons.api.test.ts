import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_ON_ROUTES,
  BUILD_A_SCORE_STEPS,
  PRODUCT_TILES,
  creditHealthReportResponseSchema,
  normaliseScore,
  type AccountUserInformation,
  type Bureau,
  type CreditAccount,
  type CreditHealthReportResponse,
  type CreditReport,
  type ProductListResponse,
  type Purchase,
  type StepUpCardResponse,
  type AddOnTransactionsResponse,
} from '@pravesh/core';
import { addOnPurchases } from '../../db/schema/add-ons.ts';
import { leadStatusHistory, leads } from '../../db/schema/leads.ts';
import { createPaymentSimulator, type PaymentSimulator } from '../../providers/payment/index.ts';
import {
  createClock,
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import { createCreditStore } from '../credit/store.ts';
import { seedOfferCatalogue } from '../offers/seed.ts';
import { testClient, type Envelope } from '../../test/client.ts';

const DAY = 86_400_000;

const account = (overrides: Partial<CreditAccount> = {}): CreditAccount => ({
  accountNumber: 'XXXXXXXX4321',
  type: 'CC',
  lender: 'Sahyadri Bank',
  ownership: 'INDIVIDUAL',
  openedDate: '2022-04-01',
  closedDate: null,
  sanctionedAmount: 1_00_000,
  balance: 20_000,
  overdue: 0,
  writtenOff: false,
  settled: false,
  dpdHistory: [],
  ...overrides,
});

describe.each(DATABASE_KINDS)('add-ons API on %s', (kind) => {
  let server: SsoTestServer;
  const clock = createClock();
  const payment: PaymentSimulator = createPaymentSimulator({ now: clock.now, pendingMs: 30_000 });

  const call = <T>(method: 'GET' | 'POST', url: string, customer?: SignedInCustomer, body?: unknown) =>
    testClient(server).call<T>(method, url, { proof: customer ? { sso: customer.accessToken } : undefined, body });
  const info = (customer: SignedInCustomer) =>
    call<AccountUserInformation>('GET', ADD_ON_ROUTES.accountUserInformation, customer);
  const buy = (customer: SignedInCustomer, addOn: string, idempotencyKey = randomUUID()) =>
    call<Purchase>('POST', ADD_ON_ROUTES.createOrder, customer, { addOn, idempotencyKey });
  const confirm = (customer: SignedInCustomer, purchaseId: string) =>
    call<Purchase>('POST', ADD_ON_ROUTES.confirmPayment, customer, { purchaseId });
  const status = (customer: SignedInCustomer, purchaseId: string) =>
    call<Purchase>('GET', `${ADD_ON_ROUTES.orderStatus}?purchaseId=${purchaseId}`, customer);
  const purchases = async (customerId: string) =>
    server.database.db.select().from(addOnPurchases).where(eq(addOnPurchases.customerId, customerId));

  /** Stores one bureau pull for the customer, as the credit module does after a consented pull. */
  async function pull(
    customerId: string,
    bureau: Bureau,
    raw: number,
    accounts: CreditAccount[] = [],
    summary = {},
    daysAgo = 1,
  ) {
    const state = normaliseScore(bureau, raw);
    const at = new Date(clock.now() - daysAgo * DAY);
    const report: CreditReport | null =
      state.kind === 'NO_HIT'
        ? null
        : {
            reportId: randomUUID(),
            creditBureau: bureau,
            lastUpdated: at.toISOString(),
            pulledAt: at.toISOString(),
            scoreState: state.kind,
            score: state.kind === 'SCORE' ? state.score : null,
            rawScore: String(raw),
            riskIndex: state.kind === 'NEW_TO_CREDIT' ? state.riskIndex : null,
            summary: {
              totalAccounts: accounts.length,
              activeAccounts: accounts.length,
              totalSanctioned: 0,
              totalBalance: 0,
              totalOverdue: accounts.reduce((sum, entry) => sum + entry.overdue, 0),
              creditUtilisation: 20,
              oldestAccountAgeMonths: 30,
              enquiriesLast6Months: 1,
              ...summary,
            },
            accounts,
            enquiries: [],
          };
    await createCreditStore(server.database.db).append(
      {
        customerId,
        bureau,
        provider: 'test',
        providerReference: randomUUID(),
        state,
        dateApplied: at,
        pulledAt: at,
        nextRefreshAt: new Date(at.getTime() + 30 * DAY),
        consentReference: 'consent_ledger:test',
        report,
        scoreHistory: [],
      },
      at,
    );
  }

  /** A customer whose CIBIL score is LOW, with an overdue loan and a settled card. */
  async function troubledCustomer(): Promise<SignedInCustomer> {
    const customer = await signInCustomer(server, nextMobile('94'));
    await pull(customer.customerId, 'CIBIL', 560, [
      account({ type: 'PL', lender: 'Ganga Finance', accountNumber: 'XXXX7788', overdue: 6_500, balance: 80_000 }),
      account({ accountNumber: 'XXXX1200', closedDate: '2024-01-31', balance: 0, settled: true }),
    ]);
    return customer;
  }

  beforeAll(async () => {
    server = await ssoServer(kind, {
      clock,
      providers: { payment },
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' },
    });
  });
  afterAll(() => server?.close());

  it('answers the four eligibility objects from the customer’s stored bureau file (spec 001 §3, §4)', async () => {
    const customer = await troubledCustomer();
    const reply = await info(customer);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { creditAdvisor, creditHealth, collection, rectification } = reply.body.response!;
    expect(creditAdvisor).toMatchObject({
      eligible: true,
      subscribed: false,
      criteria: 'LOWSCORE',
      isNewToCredit: false,
      paidUser: false,
      lastPaymentDetails: null,
    });
    expect(creditAdvisor.rankFactors.slice(0, 2)).toEqual([
      { criteria: 'LOWSCORE', SCORE_LEVEL: 'LOW' },
      { criteria: 'OVERDUE', SCORE_LEVEL: 'LOW' },
    ]);
    expect(creditHealth).toMatchObject({ eligible: true, reason: 'ELIGIBLE', lastPaymentDetails: null });
    expect(creditHealth.product.price).toEqual({
      amountPaise: 19_900,
      taxableValuePaise: 16_864,
      gstPaise: 3_036,
      gstPercent: 18,
    });
    expect(collection.eligible).toBe(true);
    expect(collection.accountList.map((entry) => [entry.lender, entry.accountNumber, entry.overdue])).toEqual([
      ['Ganga Finance', 'XXXX7788', 6_500],
    ]);
    expect(rectification.eligible).toBe(true);
    expect(rectification.crosssellable.products.product.COLLECTIONS.subProductList).toEqual([
      expect.objectContaining({ accountNumber: 'XXXX1200', issue: 'SETTLED_MARK', bureaus: ['CIBIL'] }),
    ]);
    expect(rectification.quoteDetails.order).toBeNull();
  });

  it('marks a new-to-credit file NTC, refuses a NO_HIT customer the advisor, and waits for a first pull', async () => {
    const ntc = await signInCustomer(server, nextMobile('94'));
    await pull(ntc.customerId, 'CIBIL', 3);
    await pull(ntc.customerId, 'EQUIFAX', -1);
    expect((await info(ntc)).body.response!.creditAdvisor).toMatchObject({
      eligible: true,
      criteria: 'NTC',
      isNewToCredit: true,
      rankFactors: [{ criteria: 'LOWSCORE', SCORE_LEVEL: 'NTC' }],
    });

    const noHit = await signInCustomer(server, nextMobile('94'));
    await pull(noHit.customerId, 'CIBIL', -1);
    const answer = (await info(noHit)).body.response!;
    expect(answer.creditAdvisor).toMatchObject({
      eligible: false,
      subscribed: false,
      reason: 'NO_CREDIT_FILE',
      criteria: 'NO_HIT',
    });
    expect(answer.creditHealth).toMatchObject({ eligible: false, reason: 'NO_CREDIT_FILE' });
    const refused = await buy(noHit, 'CREDIT_ADVISOR');
    expect([refused.status, refused.body.statusCode]).toEqual([409, 'addOnNotEligible']);
    expect(await purchases(noHit.customerId)).toEqual([]);

    const fresh = await signInCustomer(server, nextMobile('94'));
    const none = (await info(fresh)).body.response!;
    expect([
      none.creditAdvisor.reason,
      none.creditHealth.reason,
      none.collection.reason,
      none.rectification.reason,
    ]).toEqual(['REPORT_NOT_READY', 'REPORT_NOT_READY', 'REPORT_NOT_READY', 'REPORT_NOT_READY']);
  });

  it('buys an add-on: one purchase and one order per idempotency key, then paid, subscribed and listed', async () => {
    payment.setOutcome('success');
    const customer = await troubledCustomer();
    const key = randomUUID();
    const started = await buy(customer, 'CREDIT_HEALTH', key);
    expect(started.status).toBe(200);
    const purchase = started.body.response!;
    expect(purchase).toMatchObject({ addOn: 'CREDIT_HEALTH', status: 'CREATED', paidAt: null });
    expect(purchase.orderId).toMatch(/^sim_order_/);
    const ordersBefore = await payment.orderCount();
    const again = await buy(customer, 'CREDIT_HEALTH', key);
    expect(again.body.response).toEqual(purchase);
    // A second tab with its own key gets the same open purchase, not a second charge.
    expect((await buy(customer, 'CREDIT_HEALTH')).body.response!.purchaseId).toBe(purchase.purchaseId);
    expect(await payment.orderCount()).toBe(ordersBefore);

    const paid = await confirm(customer, purchase.purchaseId);
    expect(paid.body.response).toMatchObject({ status: 'SUCCESS', paidAt: new Date(clock.now()).toISOString() });
    expect((await confirm(customer, purchase.purchaseId)).body.response).toEqual(paid.body.response);

    const [row] = await purchases(customer.customerId);
    expect(row).toMatchObject({
      status: 'SUCCESS',
      amountPaise: 19_900,
      taxableValuePaise: 16_864,
      gstPaise: 3_036,
      gstPercent: 18,
      currency: 'INR',
      sacCode: '998591',
      provider: 'simulator',
      customerStateCode: null,
    });
    expect(row!.description).toMatch(/^Credit health report/);
    expect(row!.providerPaymentId).toMatch(/^sim_pay_/);

    const health = (await info(customer)).body.response!.creditHealth;
    expect(health).toMatchObject({ eligible: false, subscribed: true, reason: 'SUBSCRIBED' });
    expect(health.lastPaymentDetails).toMatchObject({ purchaseId: purchase.purchaseId, paymentStatus: 'SUCCESS' });
    const bought = await buy(customer, 'CREDIT_HEALTH');
    expect([bought.status, bought.body.statusCode]).toEqual([409, 'addOnAlreadySubscribed']);
    const reused = await buy(customer, 'CREDIT_ADVISOR', key);
    expect([reused.status, reused.body.statusCode]).toEqual([409, 'idempotencyKeyReused']);

    const listed = await call<AddOnTransactionsResponse>('GET', ADD_ON_ROUTES.transactions, customer);
    expect(listed.body.response!.transactions).toEqual([paid.body.response]);
  });

  it('keeps a failed payment as FAILED and lets the customer try again', async () => {
    const customer = await troubledCustomer();
    payment.setOutcome('failure');
    const first = (await buy(customer, 'RECTIFICATION')).body.response!;
    const failed = await confirm(customer, first.purchaseId);
    expect(failed.body.response).toMatchObject({
      status: 'FAILED',
      paidAt: null,
      failureReason: 'Your bank declined the payment',
    });
    const rectification = (await info(customer)).body.response!.rectification;
    expect(rectification).toMatchObject({ eligible: true, quoteDetails: { order: { orderStatus: 'FAILED' } } });

    payment.setOutcome('success');
    const second = (await buy(customer, 'RECTIFICATION')).body.response!;
    expect(second.purchaseId).not.toBe(first.purchaseId);
    await confirm(customer, second.purchaseId);
    expect((await info(customer)).body.response!.rectification).toMatchObject({
      eligible: false,
      subscribed: true,
      quoteDetails: { order: { purchaseId: second.purchaseId, orderStatus: 'SUCCESS' } },
    });
    expect((await purchases(customer.customerId)).map((row) => row.status).sort()).toEqual(['FAILED', 'SUCCESS']);
  });

  it('holds a pending payment open until the gateway settles it', async () => {
    const customer = await troubledCustomer();
    payment.setOutcome('pending');
    const started = (await buy(customer, 'CREDIT_ADVISOR')).body.response!;
    expect((await confirm(customer, started.purchaseId)).body.response!.status).toBe('PENDING');
    expect((await status(customer, started.purchaseId)).body.response!.status).toBe('PENDING');
    expect((await info(customer)).body.response!.creditAdvisor).toMatchObject({
      eligible: false,
      reason: 'PAYMENT_IN_PROGRESS',
    });
    clock.advance(30_000);
    expect((await status(customer, started.purchaseId)).body.response!.status).toBe('SUCCESS');
    expect((await info(customer)).body.response!.creditAdvisor).toMatchObject({ subscribed: true, paidUser: true });
    payment.setOutcome('success');
  });

  it('loses nothing when the gateway is down: the same key carries on once it is back', async () => {
    const customer = await troubledCustomer();
    const key = randomUUID();
    payment.failWith('unavailable');
    try {
      const down = await buy(customer, 'COLLECTION', key);
      expect([down.status, down.body.statusCode]).toEqual([503, 'paymentUnavailable']);
    } finally {
      payment.failWith(null);
    }
    const [kept] = await purchases(customer.customerId);
    expect(kept).toMatchObject({ status: 'CREATED', providerOrderId: null, idempotencyKey: key });
    const resumed = (await buy(customer, 'COLLECTION', key)).body.response!;
    expect(resumed).toMatchObject({ purchaseId: kept!.purchaseId, status: 'CREATED' });
    expect(resumed.orderId).toMatch(/^sim_order_/);
  });

  it('refuses bad input with the catalogue code and stores nothing', async () => {
    const customer = await troubledCustomer();
    for (const body of [
      { addOn: 'GOLD_LOAN', idempotencyKey: randomUUID() },
      { addOn: 'CREDIT_HEALTH', idempotencyKey: 'short' },
      { addOn: 'CREDIT_HEALTH' },
    ]) {
      const reply = await call('POST', ADD_ON_ROUTES.createOrder, customer, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.status).toBe(false);
    }
    const badId = await call('POST', ADD_ON_ROUTES.confirmPayment, customer, { purchaseId: 'not-a-uuid' });
    expect(badId.status).toBe(400);
    expect(await purchases(customer.customerId)).toEqual([]);
  });

  it('needs the access token and never lets one customer reach another’s purchases or data', async () => {
    payment.setOutcome('success');
    const a = await troubledCustomer();
    const b = await signInCustomer(server, nextMobile('94'));
    const started = (await buy(a, 'CREDIT_HEALTH')).body.response!;

    for (const [method, url, payload] of [
      ['GET', ADD_ON_ROUTES.accountUserInformation, undefined],
      ['GET', ADD_ON_ROUTES.transactions, undefined],
      ['GET', ADD_ON_ROUTES.getStepUpCardDetails, undefined],
      ['GET', `${ADD_ON_ROUTES.orderStatus}?purchaseId=${started.purchaseId}`, undefined],
      ['POST', ADD_ON_ROUTES.createOrder, { addOn: 'CREDIT_HEALTH', idempotencyKey: randomUUID() }],
      ['POST', ADD_ON_ROUTES.confirmPayment, { purchaseId: started.purchaseId }],
    ] as const) {
      const reply = await call(method, url, undefined, payload);
      expect([reply.status, reply.body.statusCode], url).toEqual([401, 'tokenNotValidated']);
      expect(reply.body.statusMessage).toBe('Token not validated');
    }

    // B with A's purchase id: not found, and nothing about it changes.
    for (const reply of [await confirm(b, started.purchaseId), await status(b, started.purchaseId)]) {
      expect([reply.status, reply.body.statusCode]).toEqual([404, 'purchaseNotFound']);
    }
    expect((await purchases(a.customerId))[0]!.status).toBe('CREATED');
    expect((await call<AddOnTransactionsResponse>('GET', ADD_ON_ROUTES.transactions, b)).body.response).toEqual({
      transactions: [],
    });
    const bInfo = (await info(b)).body.response!;
    expect(bInfo.creditHealth.lastPaymentDetails).toBeNull();
    expect(bInfo.collection.accountList).toEqual([]);
    expect((await call<StepUpCardResponse>('GET', ADD_ON_ROUTES.getStepUpCardDetails, b)).body.response).toEqual({
      hasSecuredCard: false,
      securedCard: null,
      stepUp: null,
    });
  });

  describe('the Credit Health Report (spec 001 §1, §4: subscribed when the last payment succeeded)', () => {
    const report = (customer?: SignedInCustomer) =>
      call<CreditHealthReportResponse>('GET', ADD_ON_ROUTES.creditHealthReport, customer);

    async function pdf(customer: SignedInCustomer, accept: string) {
      const pass = await server.token(2, { authenticationToken: { sso: customer.accessToken } });
      return server.app.inject({
        method: 'GET',
        url: ADD_ON_ROUTES.creditHealthReportPdf,
        headers: { 'pb-pass-token': pass, accept },
      });
    }

    it('is refused until the Credit Health Report is paid for, then analyses every bureau, also as a PDF', async () => {
      payment.setOutcome('success');
      // A month ago CIBIL scored 560; now a new card and its balance, 590, and a first Experian file.
      const customer = await signInCustomer(server, nextMobile('94'));
      const troubled = [
        account({ type: 'PL', lender: 'Ganga Finance', accountNumber: 'XXXX7788', overdue: 6_500, balance: 80_000 }),
        account({ accountNumber: 'XXXX1200', closedDate: '2024-01-31', balance: 0, settled: true }),
      ];
      await pull(customer.customerId, 'CIBIL', 560, troubled, {}, 32);
      await pull(customer.customerId, 'CIBIL', 590, [
        account({ type: 'PL', lender: 'Ganga Finance', accountNumber: 'XXXX7788', overdue: 6_500, balance: 80_000 }),
        account({ accountNumber: 'XXXX1200', closedDate: '2024-01-31', balance: 0, settled: true }),
        account({ accountNumber: 'XXXX5555', lender: 'Axis Bank', openedDate: '2026-11-01', balance: 90_000 }),
      ]);
      await pull(customer.customerId, 'EXPERIAN', 612, [account({ balance: 70_000 })]);

      const before = await report(customer);
      expect([before.status, before.body.statusCode, before.body.statusMessage]).toEqual([
        403,
        'creditHealthNotSubscribed',
        'Buy the Credit Health Report to see this analysis',
      ]);
      expect((await pdf(customer, 'application/pdf')).statusCode).toBe(403);

      const started = (await buy(customer, 'CREDIT_HEALTH')).body.response!;
      // Paying is not enough until the payment succeeds.
      expect((await report(customer)).body.statusCode).toBe('creditHealthNotSubscribed');
      expect((await confirm(customer, started.purchaseId)).body.response!.status).toBe('SUCCESS');

      const reply = await report(customer);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const body = creditHealthReportResponseSchema.parse(reply.body.response);
      expect(body.state).toBe('SCORED');
      expect(body.bureaus.map((bureau) => bureau.creditBureau)).toEqual(['CIBIL', 'EXPERIAN']);
      const cibil = body.bureaus[0]!;
      expect(cibil.change).toEqual({ from: 560, to: 590, delta: 30 });
      expect(cibil.changes.map((change) => change.kind)).toEqual(expect.arrayContaining(['SCORE_UP', 'NEW_ACCOUNT']));
      expect(cibil.factors.map((factor) => factor.id).sort()).toEqual([
        'ACCOUNT_AGE',
        'CREDIT_MIX',
        'ENQUIRIES',
        'PAYMENT_HISTORY',
        'UTILISATION',
      ]);
      // A first Experian file has nothing to compare with.
      expect(body.bureaus[1]!.changes).toEqual([]);
      expect(body.nextSteps.length).toBeGreaterThan(0);
      expect(body.nextSteps[0]!.detail.length).toBeGreaterThan(20);

      const file = await pdf(customer, 'application/pdf');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="credit-health-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const json = await pdf(customer, 'application/json');
      const envelope = json.json<Envelope<{ fileName: string; pdfBase64: string }>>();
      expect(Buffer.from(envelope.response!.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

      // Another customer, even one with a file, reaches only their own (unpaid) report; no token, nothing.
      const other = await troubledCustomer();
      expect((await report(other)).body.statusCode).toBe('creditHealthNotSubscribed');
      expect((await pdf(other, 'application/pdf')).statusCode).toBe(403);
      const anonymous = await report();
      expect([anonymous.status, anonymous.body.statusCode]).toEqual([401, 'tokenNotValidated']);
    });

    it('a new-to-credit customer’s report says how to build a score', async () => {
      payment.setOutcome('success');
      const ntc = await signInCustomer(server, nextMobile('94'));
      await pull(ntc.customerId, 'CIBIL', 3);
      const started = (await buy(ntc, 'CREDIT_HEALTH')).body.response!;
      await confirm(ntc, started.purchaseId);
      const body = creditHealthReportResponseSchema.parse((await report(ntc)).body.response);
      expect(body.state).toBe('NEW_TO_CREDIT');
      expect(body.nextSteps.map((step) => step.title)).toEqual(BUILD_A_SCORE_STEPS.map((step) => step.title));
    });
  });

  it('offers a secured-card holder the step-up card after six months with a fair score', async () => {
    await seedOfferCatalogue({ db: server.database.db, config: server.config, now: clock.now });
    const customer = await signInCustomer(server, nextMobile('94'));
    await pull(customer.customerId, 'CIBIL', 680);
    const holdCard = async (issuedAt: Date) => {
      const leadId = randomUUID();
      await server.database.db.insert(leads).values({
        leadId,
        customerId: customer.customerId,
        offerId: 'kaveri-cc-secure',
        product: 'CC',
        lenderId: 'kaveri-sfb',
        lenderName: 'Kaveri Small Finance Bank',
        productName: 'Kaveri Secure Credit Card',
        status: 'CARD_ISSUED',
        continueUrl: 'http://localhost:4100/partner/apply?ref=x',
        createdAt: new Date(issuedAt.getTime() - 7 * DAY),
        updatedAt: issuedAt,
      });
      await server.database.db.insert(leadStatusHistory).values([
        { leadId, status: 'CREATED', at: new Date(issuedAt.getTime() - 7 * DAY) },
        { leadId, status: 'CARD_ISSUED', at: issuedAt },
      ]);
    };
    await holdCard(new Date(clock.now() - 200 * DAY));
    const reply = await call<StepUpCardResponse>('GET', ADD_ON_ROUTES.getStepUpCardDetails, customer);
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({
      hasSecuredCard: true,
      securedCard: { productName: 'Kaveri Secure Credit Card', lenderName: 'Kaveri Small Finance Bank' },
      stepUp: {
        eligible: true,
        reason: 'READY',
        monthsRequired: 6,
        monthsRemaining: 0,
        offer: { offerId: 'kaveri-cc-cashback', lenderName: 'Kaveri Small Finance Bank' },
      },
    });
  });

  it('lists the product tiles with every §9 redirect key and an absolute link, without a token', async () => {
    const reply = await call<ProductListResponse>('GET', ADD_ON_ROUTES.productList);
    expect(reply.status).toBe(200);
    const products = reply.body.response!.products;
    expect(products.map((product) => product.redirectKey)).toEqual(PRODUCT_TILES.map((tile) => tile.redirectKey));
    for (const key of ['productCC', 'productPL', 'productBL', 'productHL', 'productLAP', 'productLAC', 'productHLBT']) {
      expect(products.some((product) => product.redirectKey === key)).toBe(true);
    }
    expect(products.filter((product) => product.category === 'INSURANCE')).toHaveLength(6);
    expect(products.find((product) => product.redirectKey === 'productCC')!.url).toBe('http://localhost:4101/');
    expect(products.find((product) => product.redirectKey === 'productFD')!.url).toBe(
      'http://localhost:4100/fixed-deposits',
    );
  });
});
