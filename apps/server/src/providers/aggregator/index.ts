import { aggregatorBank } from '@pravesh/core';
import type { OutboxStore } from '../sms/types.ts';
import { createAggregatorSimulator, type AggregatorSimulatorOptions } from './simulator.ts';
import type { AggregatorProvider, AggregatorProviderConfig } from './types.ts';

/**
 * Picks the account aggregator from configuration. Only the simulator exists today;
 * a real AA adapter (Finvu) is one more `kind` here implementing the same interface.
 */
export function createAggregatorProvider(
  config: AggregatorProviderConfig,
  options: Pick<AggregatorSimulatorOptions, 'now' | 'sleep' | 'deliverOtp' | 'records'> = {},
): AggregatorProvider {
  switch (config.kind) {
    case 'simulator':
      return createAggregatorSimulator({
        ...options,
        latencyMs: config.latencyMs,
        dataReadyDelayMs: config.dataReadyDelayMs,
      });
  }
}

/**
 * The simulated banks' linking OTPs go to the local outbox (/dev/outbox, local environment only), as
 * the simulated SMS codes do, so a demo can read them; never to the log.
 */
export function aggregatorOtpToOutbox(outbox: OutboxStore): AggregatorSimulatorOptions['deliverOtp'] {
  return ({ aaCustomerId, fipId, otp }) =>
    outbox.add({
      channel: 'sms',
      to: aaCustomerId.split('@')[0] ?? '',
      text: `${otp} is your OTP to link your ${aggregatorBank(fipId)?.bankName ?? 'bank'} account with FINVU. Do not share it with anyone.`,
      templateId: 'AA_LINK_OTP',
    });
}

export { createAggregatorSimulator, discoverableAccounts } from './simulator.ts';
export type { AggregatorSimulator, AggregatorSimulatorOptions } from './simulator.ts';
export * from './types.ts';
