import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_ROUTES, INVOICE_ROUTES, type InvoicesResponse, type Purchase } from '@pravesh/core';
import { createPaymentSimulator } from '../../providers/payment/index.ts';
import { storeCibilScore } from '../../test/credit.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';

const CUSTOMERS = 12;

/**
 * Invoice numbers without gaps under concurrent purchases. Twelve customers pay
 * for an add-on at the same moment over HTTP (createOrder, then confirmPayment sent twice at once,
 * as a double-clicked checkout would), and the add-ons' paid hook issues their GST invoices: one
 * invoice per purchase, numbered one after the other with no gap and no repeat, each listed only to
 * its own customer (BSP paymentSystem/invoices).
 */
describe.each(DATABASE_KINDS)('invoice numbers under concurrent purchases on %s', (kind) => {
  let server: SsoTestServer;
  let customers: SignedInCustomer[];

  const call = <T>(method: 'GET' | 'POST', url: string, customer: SignedInCustomer, body?: object) =>
    testClient(server).call<T>(method, url, { proof: { sso: customer.accessToken }, body });

  beforeAll(async () => {
    server = await ssoServer(kind, {
      providers: { payment: createPaymentSimulator({ outcome: 'success' }) },
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' },
    });
    customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await signInCustomer(server, nextMobile('93')));
    for (const customer of customers)
      await storeCibilScore(server.database.db, customer.customerId, server.clock.now());
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
