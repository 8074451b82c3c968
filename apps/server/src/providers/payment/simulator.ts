import { randomUUID } from 'node:crypto';
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
 * gateway that does not answer would.
 */
export interface PaymentSimulatorOptions {
  readonly now?: () => number;
  readonly outcome?:
    PaymentOutcome | ((order: { orderId: string; purchaseId: string; amountPaise: number }) => PaymentOutcome);
  readonly pendingMs?: number;
  readonly pendingOutcome?: 'success' | 'failure';
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
  queueOutcomes(...outcomes: PaymentOutcome[]): void;
  /** Orders made so far (tests check that a retried purchase made no second order). */
  readonly orders: ReadonlyMap<string, PaymentOrderRequest>;
}

interface Settlement {
  outcome: PaymentOutcome;
  paymentId: string | null;
  /** When a pending payment gives its final answer (ms). */
  resolvesAt: number | null;
}

const FAILURE_REASON = 'Your bank declined the payment';

export function createPaymentSimulator(options: PaymentSimulatorOptions = {}): PaymentSimulator {
  const now = options.now ?? Date.now;
  const pendingMs = options.pendingMs ?? 30_000;
  const pendingOutcome = options.pendingOutcome ?? 'success';
  let outcome = options.outcome ?? 'success';
  let failure: 'unavailable' | null = null;
  const queued: PaymentOutcome[] = [];
  const orders = new Map<string, PaymentOrderRequest>();
  const settlements = new Map<string, Settlement>();

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
  const settle = (orderId: string, decided: PaymentOutcome): Settlement => {
    const settlement: Settlement = {
      outcome: decided,
      paymentId: decided === 'failure' ? null : `sim_pay_${randomUUID()}`,
      resolvesAt: decided === 'pending' ? now() + pendingMs : null,
    };
    settlements.set(orderId, settlement);
    return settlement;
  };
  /** A pending payment past its time takes its final answer. */
  const current = (orderId: string): Settlement | undefined => {
    const settlement = settlements.get(orderId);
    if (settlement?.outcome === 'pending' && settlement.resolvesAt !== null && now() >= settlement.resolvesAt) {
      settlement.outcome = pendingOutcome;
      settlement.resolvesAt = null;
      if (pendingOutcome === 'failure') settlement.paymentId = null;
    }
    return settlement;
  };

  /**
   * An order this simulator made. Orders live in memory, so after a restart one of ours is taken
   * back as it is (a demo's open purchase must not be stuck for ever); an id it never made is
   * orderNotFound.
   */
  const known = (orderId: string): PaymentOrderRequest => {
    const order = orders.get(orderId);
    if (order) return order;
    if (!/^sim_order_[0-9a-f-]{36}$/.test(orderId)) throw new PaymentError('orderNotFound');
    const recovered = { purchaseId: '', amountPaise: 0, currency: 'INR' as const, description: '' };
    orders.set(orderId, recovered);
    return recovered;
  };

  return {
    name: 'simulator',
    orders,
    failWith(kind) {
      failure = kind;
    },
    setOutcome(next) {
      outcome = next;
    },
    queueOutcomes(...outcomes) {
      queued.push(...outcomes);
    },
    async createOrder(request): Promise<PaymentOrder> {
      await check();
      const orderId = `sim_order_${randomUUID()}`;
      orders.set(orderId, request);
      return { orderId };
    },
    async confirmPayment({ orderId }: PaymentConfirmation): Promise<PaymentResult> {
      await check();
      const order = known(orderId);
      // A second confirmation of the same order answers what the first decided (gateways do).
      const settled = current(orderId);
      if (settled) return result(settled);
      const decided =
        queued.shift() ??
        (typeof outcome === 'function'
          ? outcome({ orderId, purchaseId: order.purchaseId, amountPaise: order.amountPaise })
          : outcome);
      return result(settle(orderId, decided));
    },
    async paymentStatus(orderId): Promise<PaymentResult> {
      await check();
      known(orderId);
      const settlement = current(orderId);
      // Made but never paid: the checkout has not finished.
      return settlement ? result(settlement) : { outcome: 'pending', paymentId: null, failureReason: null };
    },
  };
}
