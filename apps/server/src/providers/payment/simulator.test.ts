import { describe, expect, it } from 'vitest';
import { createPaymentSimulator } from './simulator.ts';
import { PaymentError } from './types.ts';

const order = { purchaseId: 'p1', amountPaise: 19_900, currency: 'INR' as const, description: 'Credit Health Report' };

describe('payment simulator', () => {
  it('answers the injected outcome per order, and the same answer to a repeated confirmation', async () => {
    const simulator = createPaymentSimulator({
      outcome: ({ amountPaise }) => (amountPaise > 50_000 ? 'failure' : 'success'),
    });
    const small = await simulator.createOrder(order);
    const large = await simulator.createOrder({ ...order, purchaseId: 'p2', amountPaise: 99_900 });
    const paid = await simulator.confirmPayment({ orderId: small.orderId, gatewayResponse: {} });
    expect(paid).toMatchObject({ outcome: 'success', failureReason: null });
    expect(await simulator.confirmPayment({ orderId: small.orderId, gatewayResponse: {} })).toEqual(paid);
    expect(await simulator.confirmPayment({ orderId: large.orderId, gatewayResponse: {} })).toEqual({
      outcome: 'failure',
      paymentId: null,
      failureReason: 'Your bank declined the payment',
    });
  });

  it('resolves a pending payment on the injected clock, and fails every call while unavailable', async () => {
    let now = 1_000;
    const simulator = createPaymentSimulator({
      now: () => now,
      outcome: 'pending',
      pendingMs: 5_000,
      pendingOutcome: 'failure',
    });
    const { orderId } = await simulator.createOrder(order);
    expect((await simulator.paymentStatus(orderId)).outcome).toBe('pending');
    expect((await simulator.confirmPayment({ orderId, gatewayResponse: {} })).outcome).toBe('pending');
    now += 4_999;
    expect((await simulator.paymentStatus(orderId)).outcome).toBe('pending');
    now += 1;
    expect((await simulator.paymentStatus(orderId)).outcome).toBe('failure');
    await expect(simulator.paymentStatus('sim_order_unknown')).rejects.toMatchObject({ kind: 'orderNotFound' });
    simulator.failWith('unavailable');
    await expect(simulator.createOrder(order)).rejects.toBeInstanceOf(PaymentError);
  });
});
