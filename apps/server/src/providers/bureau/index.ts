import { createBureauSimulator, type BureauSimulatorOptions } from './simulator.ts';
import { BureauError, type BureauProvider, type BureauProviderConfig, type BureauRequest } from './types.ts';

/** No bureau contracted: every call fails as an unavailable bureau; nothing is invented. */
function noBureau(): BureauProvider {
  const refuse = (request: BureauRequest): Promise<never> =>
    Promise.reject(new BureauError('unavailable', request.bureau, `${request.bureau}: no bureau configured`));
  return { name: 'none', pullReport: refuse, getScore: refuse, reportStatus: refuse };
}

/**
 * Picks the bureau provider from configuration. Only the simulator exists today; a
 * real adapter is one more `kind` here implementing the same interface. This file imports the
 * interface and the implementations, the implementations only the interface: no import circle.
 */
export function createBureauProvider(
  config: BureauProviderConfig,
  options: Pick<BureauSimulatorOptions, 'now' | 'sleep' | 'profileOf'> = {},
): BureauProvider {
  switch (config.kind) {
    case 'simulator':
      return createBureauSimulator({
        ...options,
        latencyMs: config.latencyMs,
        failure: config.failure,
        timeoutMs: config.timeoutMs,
        profiles: config.profiles,
      });
    case 'none':
      return noBureau();
  }
}

export { createBureauSimulator, simulatedProfile, MIN_HISTORY_MONTHS } from './simulator.ts';
export type { BureauSimulator, BureauSimulatorOptions } from './simulator.ts';
export * from './types.ts';
