import type { Environment } from '@pravesh/core';
import { PAYMENT_OUTCOMES, type PaymentOutcome, type PaymentProviderConfig } from '../providers/payment/types.ts';
import { ConfigError } from './shared.ts';

/**
 * Payment gateway configuration, for loadConfig():
 *
 * - PRAVESH_PAYMENT_PROVIDER            simulator | disabled; default simulator, but disabled in
 *                                       production, where the simulator is refused (it would hand
 *                                       out paid services for nothing)
 * - PRAVESH_PAYMENT_SIM_OUTCOME         success | failure | pending; default success
 * - PRAVESH_PAYMENT_SIM_PENDING_MS      how long a pending payment stays pending; default 30000
 * - PRAVESH_PAYMENT_SIM_PENDING_OUTCOME success | failure; what a pending payment ends as
 */
export type { PaymentProviderConfig };

type Env = Record<string, string | undefined>;

export function loadPaymentConfig(env: Env, environment: Environment): PaymentProviderConfig {
  const kind = env.PRAVESH_PAYMENT_PROVIDER || (environment === 'production' ? 'disabled' : 'simulator');
  if (kind === 'disabled') return { kind };
  if (kind !== 'simulator') throw new ConfigError('PRAVESH_PAYMENT_PROVIDER must be simulator or disabled');
  if (environment === 'production') {
    throw new ConfigError('PRAVESH_PAYMENT_PROVIDER=simulator is refused in production: no money would move');
  }
  const outcome = env.PRAVESH_PAYMENT_SIM_OUTCOME || 'success';
  if (!(PAYMENT_OUTCOMES as readonly string[]).includes(outcome)) {
    throw new ConfigError(`PRAVESH_PAYMENT_SIM_OUTCOME must be one of ${PAYMENT_OUTCOMES.join(', ')}`);
  }
  const pendingOutcome = env.PRAVESH_PAYMENT_SIM_PENDING_OUTCOME || 'success';
  if (pendingOutcome !== 'success' && pendingOutcome !== 'failure') {
    throw new ConfigError('PRAVESH_PAYMENT_SIM_PENDING_OUTCOME must be success or failure');
  }
  const rawPending = env.PRAVESH_PAYMENT_SIM_PENDING_MS;
  const pendingMs = rawPending ? Number(rawPending) : 30_000;
  if (!Number.isInteger(pendingMs) || pendingMs < 0 || pendingMs > 3_600_000) {
    throw new ConfigError('PRAVESH_PAYMENT_SIM_PENDING_MS must be a whole number of milliseconds up to 3600000');
  }
  return { kind, outcome: outcome as PaymentOutcome, pendingMs, pendingOutcome };
}
