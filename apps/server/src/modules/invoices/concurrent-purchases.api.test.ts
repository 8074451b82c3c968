import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_ROUTES, INVOICE_ROUTES, normaliseScore, type InvoicesResponse, type Purchase } from '@pravesh/core';
import { createPaymentSimulator } from '../../providers/payment/index.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { createCreditStore } from '../credit/store.ts';

interface Envelope<T> {
  status: boolean;
  statusCode: string;
  response?: T;
}

const CUSTOMERS = 12;

/**
 * Issue 16 "Shown by": invoice numbers without gaps under concurrent purchases. Twelve customers pay
 * for an add-on at the same moment over HTTP (createOrder, then confirmPayment sent twice at once,
 * as a double-clicked checkout would), and the add-ons' paid hook issues their GST invoices: one
 * invoice per purchase, numbered one after the other with no gap and no repeat, each listed only to
 * its own customer (BSP paymentSystem/invoices).
 */
describe.each(DATABASE_KINDS)('invoice numbers under concurrent purchases on %s', (kind) => {
  let server: SsoTestServer;
  let customers: SignedInCustomer[];

  async function call<T>(method: 'GET' | 'POST', url: string, customer: SignedInCustomer, payload?: object) {
    const reply = await server.app.inject({
      method,
      url,
      headers: { 'pb-pass-token': await server.token(2, { authenticationToken: { sso: customer.accessToken } }) },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: reply.statusCode, body: reply.json<Envelope<T>>() };
  }

  /** One stored CIBIL score, as a consented pull leaves it: enough for the credit health report. */
  async function scored(customer: SignedInCustomer): Promise<void> {
    const at = new Date(server.clock.now() - 86_400_000);
    const state = normaliseScore('CIBIL', 742);
    await createCreditStore(server.database.db).append(
      {
        customerId: customer.customerId,
        bureau: 'CIBIL',
        provider: 'test',
        providerReference: randomUUID(),
        state,
        dateApplied: at,
        pulledAt: at,
        nextRefreshAt: new Date(at.getTime() + 30 * 86_400_000),
        consentReference: 'consent_ledger:test',
        report: {
          reportId: randomUUID(),
          creditBureau: 'CIBIL',
          lastUpdated: at.toISOString(),
          pulledAt: at.toISOString(),
          scoreState: 'SCORE',
          score: 742,
          rawScore: '742',
          riskIndex: null,
          summary: {
            totalAccounts: 0,
            activeAccounts: 0,
            totalSanctioned: 0,
            totalBalance: 0,
            totalOverdue: 0,
            creditUtilisation: 0,
            oldestAccountAgeMonths: 24,
            enquiriesLast6Months: 0,
          },
          accounts: [],
          enquiries: [],
        },
        scoreHistory: [],
      },
      at,
    );
  }

  beforeAll(async () => {
    server = await ssoServer(kind, {
      providers: { payment: createPaymentSimulator({ outcome: 'success' }) },
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' },
    });
    customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await signInCustomer(server, nextMobile('93')));
    for (const customer of customers) await scored(customer);
  });
  afterAll(() => server?.close());

  it('issues one invoice per paid purchase, numbered without gaps or repeats, each to its own customer', async () => {
    const paid = await Promise.all(
      customers.map(async (customer) => {
        const order = await call<Purchase>('POST', ADD_ON_ROUTES.createOrder, customer, {
          addOn: 'CREDIT_HEALTH',
          idempotencyKey: randomUUID(),
        });
        expect(order.status).toBe(200);
        const { purchaseId } = order.body.response!;
        const confirmations = await Promise.all([
          call<Purchase>('POST', ADD_ON_ROUTES.confirmPayment, customer, { purchaseId }),
          call<Purchase>('POST', ADD_ON_ROUTES.confirmPayment, customer, { purchaseId }),
        ]);
        for (const confirmation of confirmations) expect(confirmation.body.response?.status).toBe('SUCCESS');
        return purchaseId;
      }),
    );
    expect(new Set(paid).size).toBe(CUSTOMERS);

    const lists = await Promise.all(
      customers.map((customer) => call<InvoicesResponse>('GET', INVOICE_ROUTES.invoices, customer)),
    );
    const numbers = lists.map(({ status, body }) => {
      expect(status).toBe(200);
      // Exactly one invoice each: the double confirmation issued nothing twice, and no one sees another's.
      expect(body.response!.invoices).toHaveLength(1);
      return body.response!.invoices[0]!.invoiceNumber;
    });
    const series = new Set(numbers.map((number) => number.split('/').slice(0, 2).join('/')));
    expect(series.size).toBe(1);
    const serials = numbers.map((number) => Number(number.split('/')[2])).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: CUSTOMERS }, (_, i) => i + 1));
  });
});
