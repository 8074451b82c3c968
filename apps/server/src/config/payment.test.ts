import { describe, expect, it } from 'vitest';
import { loadPaymentConfig } from './payment.ts';
import { ConfigError } from './shared.ts';

describe('payment provider configuration', () => {
  it('uses the simulator outside production and switches payments off in production', () => {
    expect(loadPaymentConfig({}, 'local')).toEqual({
      kind: 'simulator',
      outcome: 'success',
      pendingMs: 30_000,
      pendingOutcome: 'success',
    });
    expect(loadPaymentConfig({}, 'production')).toEqual({ kind: 'disabled' });
    expect(
      loadPaymentConfig(
        {
          PRAVESH_PAYMENT_SIM_OUTCOME: 'pending',
          PRAVESH_PAYMENT_SIM_PENDING_MS: '5000',
          PRAVESH_PAYMENT_SIM_PENDING_OUTCOME: 'failure',
        },
        'staging',
      ),
    ).toEqual({ kind: 'simulator', outcome: 'pending', pendingMs: 5000, pendingOutcome: 'failure' });
  });

  it('refuses the simulator in production and values it does not know', () => {
    expect(() => loadPaymentConfig({ PRAVESH_PAYMENT_PROVIDER: 'simulator' }, 'production')).toThrow(ConfigError);
    expect(() => loadPaymentConfig({ PRAVESH_PAYMENT_PROVIDER: 'razorpay' }, 'local')).toThrow(ConfigError);
    expect(() => loadPaymentConfig({ PRAVESH_PAYMENT_SIM_OUTCOME: 'maybe' }, 'local')).toThrow(ConfigError);
    expect(() => loadPaymentConfig({ PRAVESH_PAYMENT_SIM_PENDING_MS: '-1' }, 'local')).toThrow(ConfigError);
  });
});
