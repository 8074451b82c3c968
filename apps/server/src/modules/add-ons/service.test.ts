import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PraveshError } from '@pravesh/core';
import { createPaymentSimulator } from '../../providers/payment/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/instance.ts';
import { createCreditStore } from '../credit/store.ts';
import { HAND_OVER_GRACE_MS, createAddOnsService, type PaidPurchase } from './service.ts';
import { createAddOnsStore } from './store.ts';

/**
 * The purchase flow's invoice hook: onPaid runs once per paid purchase, with what a
 * GST invoice needs, whichever request settles it; its failure never undoes a payment.
 */
describe.each(DATABASE_KINDS)('add-ons service on %s', (kind) => {
  let database: TestDatabase;
  let at = Date.UTC(2026, 10, 21, 6);
  const now = () => at;
  const silent = { warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  async function customerWithReport(): Promise<string> {
    const customerId = randomUUID();
    const when = new Date(at - 86_400_000);
    await createCreditStore(database.db).append(
      {
        customerId,
        bureau: 'CIBIL',
        provider: 'test',
        providerReference: 'r',
        state: { kind: 'SCORE', score: 720 },
        dateApplied: when,
        pulledAt: when,
        nextRefreshAt: new Date(at + 86_400_000),
        consentReference: 'consent_ledger:test',
        report: {
          reportId: randomUUID(),
          creditBureau: 'CIBIL',
          lastUpdated: when.toISOString(),
          pulledAt: when.toISOString(),
          scoreState: 'SCORE',
          score: 720,
          rawScore: '720',
          riskIndex: null,
          summary: {
            totalAccounts: 0,
            activeAccounts: 0,
            totalSanctioned: 0,
            totalBalance: 0,
            totalOverdue: 0,
            creditUtilisation: null,
            oldestAccountAgeMonths: null,
            enquiriesLast6Months: 0,
          },
          accounts: [],
          enquiries: [],
        },
        scoreHistory: [],
      },
      when,
    );
    return customerId;
  }

  it('calls onPaid once with the invoice facts, whichever request settles a pending payment', async () => {
    const paid: PaidPurchase[] = [];
    const payment = createPaymentSimulator({ now, outcome: 'pending', pendingMs: 10_000 });
    const service = createAddOnsService({
      store: createAddOnsStore(database.db),
      payment,
      now,
      onPaid: (purchase) => Promise.resolve(void paid.push(purchase)),
      log: silent,
      siteOrigin: () => undefined,
    });
    const customerId = await customerWithReport();
    const started = await service.start(customerId, { addOn: 'CREDIT_HEALTH', idempotencyKey: randomUUID() });
    expect((await service.confirm(customerId, { purchaseId: started.purchaseId })).status).toBe('PENDING');
    expect(paid).toEqual([]);
    at += 10_000;
    const settled = await Promise.all([
      service.status(customerId, started.purchaseId),
      service.status(customerId, started.purchaseId),
      service.confirm(customerId, { purchaseId: started.purchaseId }),
    ]);
    expect(settled.map((purchase) => purchase.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(paid).toEqual([
      {
        purchaseId: started.purchaseId,
        customerId,
        addOn: 'CREDIT_HEALTH',
        description: 'Credit health report: analysis of your credit reports from every bureau',
        sacCode: '998591',
        amountPaise: 19_900,
        taxableValuePaise: 16_864,
        gstPaise: 3_036,
        gstPercent: 18,
        currency: 'INR',
        paidAt: new Date(at),
        customerStateCode: null,
        providerPaymentId: expect.stringMatching(/^sim_pay_/) as string,
      },
    ]);
  });

  it('takes a paid purchase whose invoice step failed again, until it succeeds, and then never again', async () => {
    const paid: string[] = [];
    let invoicing: 'down' | 'up' = 'down';
    const onPaid = (purchase: PaidPurchase) =>
      invoicing === 'down'
        ? Promise.reject(new Error('invoice store down'))
        : Promise.resolve(void paid.push(purchase.purchaseId));
    const service = createAddOnsService({
      store: createAddOnsStore(database.db),
      payment: createPaymentSimulator({ now }),
      now,
      onPaid,
      log: silent,
      siteOrigin: () => undefined,
    });
    const customerId = await customerWithReport();
    const started = await service.start(customerId, { addOn: 'CREDIT_HEALTH', idempotencyKey: randomUUID() });
    expect((await service.confirm(customerId, { purchaseId: started.purchaseId })).status).toBe('SUCCESS');
    // Within the grace period the purchase is the settling request's; after it, the sweep's.
    expect(await service.retryHandOvers()).toBe(0);
    at += HAND_OVER_GRACE_MS + 1_000;
    expect(await service.retryHandOvers()).toBe(0);
    invoicing = 'up';
    expect(await service.retryHandOvers()).toBeGreaterThanOrEqual(1);
    expect(paid).toContain(started.purchaseId);
    const handedOver = paid.length;
    at += HAND_OVER_GRACE_MS;
    await service.retryHandOvers();
    expect(paid).toHaveLength(handedOver);
  });

  it('keeps the payment when onPaid fails, and refuses every purchase while payments are off', async () => {
    const errors: unknown[] = [];
    const service = createAddOnsService({
      store: createAddOnsStore(database.db),
      payment: createPaymentSimulator({ now }),
      now,
      onPaid: () => Promise.reject(new Error('invoice store down')),
      log: { warn: () => undefined, error: (...args: unknown[]) => void errors.push(args) },
      siteOrigin: () => undefined,
    });
    const customerId = await customerWithReport();
    const started = await service.start(customerId, { addOn: 'CREDIT_HEALTH', idempotencyKey: randomUUID() });
    expect((await service.confirm(customerId, { purchaseId: started.purchaseId })).status).toBe('SUCCESS');
    expect(errors).toHaveLength(1);

    const off = createAddOnsService({
      store: createAddOnsStore(database.db),
      payment: undefined,
      now,
      onPaid: () => Promise.resolve(),
      log: silent,
      siteOrigin: () => undefined,
    });
    const other = await customerWithReport();
    const refused = await off
      .start(other, { addOn: 'CREDIT_HEALTH', idempotencyKey: randomUUID() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PraveshError);
    expect((refused as PraveshError).code).toBe('paymentUnavailable');
    expect((await off.transactions(other)).transactions).toEqual([]);
  });
});
