import { createPaymentSimulator, type PaymentSimulatorOptions } from './simulator.ts';
import type { PaymentProvider, PaymentProviderConfig } from './types.ts';

/**
 * Picks the payment gateway from configuration: the simulator, or none (payments
 * switched off: a purchase answers paymentUnavailable and nothing is charged). A real gateway is
 * one more `kind` here implementing the same interface. This file imports the interface and the
 * implementations, the implementations only the interface: no import circle.
 */
export function createPaymentProvider(
  config: PaymentProviderConfig,
  options: Pick<PaymentSimulatorOptions, 'now' | 'records'> = {},
): PaymentProvider | undefined {
  switch (config.kind) {
    case 'disabled':
      return undefined;
    case 'simulator':
      return createPaymentSimulator({
        now: options.now,
        records: options.records,
        outcome: config.outcome,
        pendingMs: config.pendingMs,
        pendingOutcome: config.pendingOutcome,
      });
  }
}

export { createPaymentSimulator } from './simulator.ts';
export type { PaymentSimulator, PaymentSimulatorOptions } from './simulator.ts';
export * from './types.ts';
