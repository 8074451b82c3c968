import { createAggregatorSimulator, type AggregatorSimulatorOptions } from './simulator.ts';
import type { AggregatorProvider, AggregatorProviderConfig } from './types.ts';

/**
 * Picks the account aggregator (issue 17 §1) from configuration. Only the simulator exists today;
 * a real AA adapter (Finvu) is one more `kind` here implementing the same interface.
 */
export function createAggregatorProvider(
  config: AggregatorProviderConfig,
  options: Pick<AggregatorSimulatorOptions, 'now' | 'sleep' | 'deliverOtp'> = {},
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

export { createAggregatorSimulator, discoverableAccounts } from './simulator.ts';
export type { AggregatorSimulator, AggregatorSimulatorOptions } from './simulator.ts';
export * from './types.ts';
