/**
 * A payment gateway (the add-on purchase flow): make an order for an amount, then confirm what
 * the customer's checkout did with it. The simulator and any real adapter (Razorpay, PayU,
 * Cashfree: each has "create order → checkout → verify payment") implement this one interface;
 * the add-ons service never knows which it talks to. Amounts are whole paise, currency INR.
 */

export interface PaymentOrderRequest {
  /** Our purchase id: the gateway's receipt, so one purchase never makes two orders. */
  readonly purchaseId: string;
  readonly amountPaise: number;
  readonly currency: 'INR';
  /** What the customer sees on the checkout; never personal data. */
  readonly description: string;
}

export interface PaymentOrder {
  /** The gateway's id of the order; the checkout pays this. */
  readonly orderId: string;
}

/**
 * What the gateway says about a payment: paid, refused, or not known yet (UPI and net banking may
 * take minutes to settle; asking again later gives the final answer).
 */
export type PaymentOutcome = 'success' | 'failure' | 'pending';

export interface PaymentResult {
  readonly outcome: PaymentOutcome;
  /** The gateway's id of the payment, once there is one. */
  readonly paymentId: string | null;
  /** Why a payment failed, in words a customer may read; null otherwise. */
  readonly failureReason: string | null;
}

export interface PaymentConfirmation {
  readonly orderId: string;
  /** What the gateway's checkout handed the browser (payment id, signature), for the adapter to verify. */
  readonly gatewayResponse: Readonly<Record<string, string>>;
}

export interface PaymentProvider {
  /** Stored with every purchase, so a purchase always names who took its money. */
  readonly name: string;
  createOrder(request: PaymentOrderRequest): Promise<PaymentOrder>;
  /** The checkout finished: verify it with the gateway. */
  confirmPayment(confirmation: PaymentConfirmation): Promise<PaymentResult>;
  /** Where a payment stands now (a pending one resolves later). */
  paymentStatus(orderId: string): Promise<PaymentResult>;
}

/** The gateway did not answer, or does not know the order; nothing is charged by our side then. */
export type PaymentErrorKind = 'unavailable' | 'orderNotFound';

export class PaymentError extends Error {
  override name = 'PaymentError';
  readonly kind: PaymentErrorKind;
  constructor(kind: PaymentErrorKind, message: string = kind) {
    super(message);
    this.kind = kind;
  }
}

export const PAYMENT_OUTCOMES = ['success', 'failure', 'pending'] as const;

/**
 * PRAVESH_PAYMENT_PROVIDER: `simulator` (default outside production) or `disabled` (default, and the
 * only choice so far, in production: a simulator must never stand in for a real gateway there).
 */
export type PaymentProviderConfig =
  | { readonly kind: 'disabled' }
  | {
      readonly kind: 'simulator';
      /** What confirmPayment answers. */
      readonly outcome: PaymentOutcome;
      /** How long a pending payment stays pending before paymentStatus gives its final answer (ms). */
      readonly pendingMs: number;
      /** The final answer of a pending payment. */
      readonly pendingOutcome: 'success' | 'failure';
    };
