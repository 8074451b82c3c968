import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestInstance, type TestInstance } from '../../test/instance.ts';
import { PAYMENT_DEV_OUTCOME_PATH } from './dev-routes.ts';
import { createPaymentSimulator, type PaymentSimulator } from './simulator.ts';

const order = { purchaseId: 'p1', amountPaise: 19_900, currency: 'INR' as const, description: 'Credit Health Report' };

async function pay(simulator: PaymentSimulator): Promise<string> {
  const { orderId } = await simulator.createOrder(order);
  return (await simulator.confirmPayment({ orderId, gatewayResponse: {} })).outcome;
}

/** The local-only control of the payment simulator's next outcomes (the add-on purchase journeys). */
describe('POST /dev/payment/outcome', () => {
  let local: TestInstance;
  let shared: TestInstance;
  const simulator = createPaymentSimulator({ outcome: 'success' });
  const elsewhere = createPaymentSimulator({ outcome: 'success' });

  beforeAll(async () => {
    local = await getTestInstance('pglite', { providers: { payment: simulator } });
    // Any environment but local (config.devRoutes off) answers no such route.
    shared = await getTestInstance('pglite', { providers: { payment: elsewhere }, config: { devRoutes: false } });
  });
  afterAll(async () => {
    await local?.close();
    await shared?.close();
  });

  const post = (instance: TestInstance, payload: unknown) =>
    instance.app.inject({ method: 'POST', url: PAYMENT_DEV_OUTCOME_PATH, payload: payload as Record<string, unknown> });

  it('makes the next payments answer the chosen outcome, then the configured one again', async () => {
    const reply = await post(local, { outcome: 'failure', count: 2 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ status: true, response: { outcome: 'failure', count: 2 } });
    expect(await post(local, { outcome: 'pending' })).toHaveProperty('statusCode', 200);
    expect([await pay(simulator), await pay(simulator), await pay(simulator), await pay(simulator)]).toEqual([
      'failure',
      'failure',
      'pending',
      'success',
    ]);
  });

  it('refuses an outcome the gateway has not and queues nothing', async () => {
    for (const payload of [{ outcome: 'maybe' }, { outcome: 'failure', count: 0 }, { outcome: 'failure', extra: 1 }]) {
      const reply = await post(local, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ status: false, statusCode: 'badRequest' });
    }
    expect(await pay(simulator)).toBe('success');
  });

  it('does not exist outside the local environment', async () => {
    const reply = await post(shared, { outcome: 'failure' });
    expect(reply.statusCode).toBe(404);
    expect(await pay(elsewhere)).toBe('success');
  });
});
