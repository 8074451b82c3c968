import { randomUUID } from 'node:crypto';
import { createMemoryRecords, type SimulatorRecords } from '../simulator-records.ts';
import {
  PaymentError,
  type PaymentConfirmation,
  type PaymentOrder,
  type PaymentOrderRequest,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentResult,
} from './types.ts';

/**
 * A local payment gateway for development, demos and tests: no money moves. Deterministic: what
 * confirmPayment answers is the configured outcome, or what `outcome(order)` decides (tests pick
 * per order); a pending payment answers pending until `pendingMs` after it was confirmed on the
 * injected clock, then `pendingOutcome`. `failWith('unavailable')` makes every call fail the way a
 * gateway that does not answer would (this instance only: a test's fault, not the gateway's state).
 *
 * Orders, settlements and queued outcomes are kept in `records`: the database when the server
 * builds the simulator (config/deps.ts), so a payment started through one instance is confirmed or
 * read through another and survives a restart; memory when a test builds it alone.
 */
export interface PaymentSimulatorOptions {
  readonly now?: () => number;
  readonly outcome?:
    PaymentOutcome | ((order: { orderId: string; purchaseId: string; amountPaise: number }) => PaymentOutcome);
  readonly pendingMs?: number;
  readonly pendingOutcome?: 'success' | 'failure';
  readonly records?: SimulatorRecords;
}

export interface PaymentSimulator extends PaymentProvider {
  /** Switches the gateway off (every call fails as unavailable) or back on. */
  failWith(kind: 'unavailable' | null): void;
  /** Changes what the next confirmations answer. */
  setOutcome(outcome: NonNullable<PaymentSimulatorOptions['outcome']>): void;
  /**
   * The next confirmations answer these, one each, in order; then the set outcome again. What a
   * test gateway's checkout offers ("pay" or "fail"), one payment at a time (dev-routes.ts).
   */
  queueOutcomes(...outcomes: PaymentOutcome[]): Promise<void>;
  /** How many orders were made (tests check that a retried purchase made no second order). */
  orderCount(): Promise<number>;
}

interface Settlement {
  outcome: PaymentOutcome;
  paymentId: string | null;
  /** When a pending payment gives its final answer (ms). */
  resolvesAt: number | null;
}

const FAILURE_REASON = 'Your bank declined the payment';
const ORDER = 'payment.order';
const SETTLEMENT = 'payment.settlement';
const NEXT_OUTCOME = 'payment.next-outcome';

export function createPaymentSimulator(options: PaymentSimulatorOptions = {}): PaymentSimulator {
  const now = options.now ?? Date.now;
  const pendingMs = options.pendingMs ?? 30_000;
  const pendingOutcome = options.pendingOutcome ?? 'success';
  let outcome = options.outcome ?? 'success';
  let failure: 'unavailable' | null = null;
  const records = options.records ?? createMemoryRecords();

  // Every answer is a promise, as a real gateway's is: a refusal rejects, never throws at the call.
  const check = async () => {
    await Promise.resolve();
    if (failure) throw new PaymentError('unavailable', 'payment simulator: unavailable');
  };
  const result = (settlement: Settlement): PaymentResult => ({
    outcome: settlement.outcome,
    paymentId: settlement.paymentId,
    failureReason: settlement.outcome === 'failure' ? FAILURE_REASON : null,
  });
  /** The first decision on an order stands, also when two instances confirm it at once. */
  const settle = (orderId: string, decided: PaymentOutcome): Promise<Settlement> =>
    records.putFirst<Settlement>(SETTLEMENT, orderId, {
      outcome: decided,
      paymentId: decided === 'failure' ? null : `sim_pay_${randomUUID()}`,
      resolvesAt: decided === 'pending' ? now() + pendingMs : null,
    });
  /** A pending payment past its time takes its final answer. */
  const current = async (orderId: string): Promise<Settlement | undefined> => {
    const settlement = await records.get<Settlement>(SETTLEMENT, orderId);
    if (settlement?.outcome === 'pending' && settlement.resolvesAt !== null && now() >= settlement.resolvesAt) {
      settlement.outcome = pendingOutcome;
      settlement.resolvesAt = null;
      if (pendingOutcome === 'failure') settlement.paymentId = null;
      await records.put(SETTLEMENT, orderId, settlement);
    }
    return settlement;
  };

  /**
   * An order this simulator made. One of ours it has no record of (made before its records were
   * kept in the database, or by a simulator kept in memory before a restart) is taken back as it
   * is, so a demo's open purchase is never stuck; an id it never made is orderNotFound.
   */
  const known = async (orderId: string): Promise<PaymentOrderRequest> => {
    const order = await records.get<PaymentOrderRequest>(ORDER, orderId);
    if (order) return order;
    if (!/^sim_order_[0-9a-f-]{36}$/.test(orderId)) throw new PaymentError('orderNotFound');
    return records.putFirst<PaymentOrderRequest>(ORDER, orderId, {
      purchaseId: '',
      amountPaise: 0,
      currency: 'INR',
      description: '',
    });
  };

  return {
    name: 'simulator',
    orderCount: () => records.count(ORDER),
    failWith(kind) {
      failure = kind;
    },
    setOutcome(next) {
      outcome = next;
    },
    async queueOutcomes(...outcomes) {
      for (const next of outcomes) await records.put(NEXT_OUTCOME, randomUUID(), next);
    },
    async createOrder(request): Promise<PaymentOrder> {
      await check();
      const orderId = `sim_order_${randomUUID()}`;
      await records.put(ORDER, orderId, request);
      return { orderId };
    },
    async confirmPayment({ orderId }: PaymentConfirmation): Promise<PaymentResult> {
      await check();
      const order = await known(orderId);
      // A second confirmation of the same order answers what the first decided (gateways do).
      const settled = await current(orderId);
      if (settled) return result(settled);
      const decided =
        (await records.takeOldest<PaymentOutcome>(NEXT_OUTCOME)) ??
        (typeof outcome === 'function'
          ? outcome({ orderId, purchaseId: order.purchaseId, amountPaise: order.amountPaise })
          : outcome);
      return result(await settle(orderId, decided));
    },
    async paymentStatus(orderId): Promise<PaymentResult> {
      await check();
      await known(orderId);
      const settlement = await current(orderId);
      // Made but never paid: the checkout has not finished.
      return settlement ? result(settlement) : { outcome: 'pending', paymentId: null, failureReason: null };
    },
  };
}
