import type { Environment } from '@pravesh/core';
import {
  BUREAU_FAILURE_MODES,
  BUREAU_PROVIDER_KINDS,
  type BureauProviderKind,
  SIMULATED_PROFILES,
  type BureauFailureMode,
  type BureauProviderConfig,
  type SimulatedProfile,
} from '../providers/bureau/types.ts';
import { ConfigError } from './shared.ts';

/**
 * Credit bureau provider configuration, for loadConfig():
 *
 * - PRAVESH_BUREAU_PROVIDER         simulator | none (no bureau: pulls fail "Unable to fetch details");
 *                                   a real adapter adds a kind. Default simulator, none in production.
 * - PRAVESH_BUREAU_SIM_LATENCY_MS   ms added before every simulated answer; default 0
 * - PRAVESH_BUREAU_SIM_FAILURE      none | unavailable | timeout; default none
 * - PRAVESH_BUREAU_SIM_TIMEOUT_MS   how long a timing-out bureau hangs; default 10000
 * - PRAVESH_BUREAU_DEADLINE_MS      how long the credit service waits for a bureau; default 15000
 * - PRAVESH_BUREAU_SIM_PROFILES     JSON {customerId: SCORED | PARTIAL | NEW_TO_CREDIT | NO_HIT} for
 *                                   demo customers; every other id gets a profile from its hash
 */
export type { BureauProviderConfig };

type Env = Record<string, string | undefined>;

function milliseconds(variable: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) {
    throw new ConfigError(`${variable} must be a whole number of milliseconds from 0 to 600000`);
  }
  return value;
}

function profiles(raw: string | undefined): Record<string, SimulatedProfile> {
  if (raw === undefined || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PRAVESH_BUREAU_SIM_PROFILES must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PRAVESH_BUREAU_SIM_PROFILES must be an object of customerId to profile');
  }
  const result: Record<string, SimulatedProfile> = {};
  for (const [customerId, profile] of Object.entries(parsed)) {
    if (!(SIMULATED_PROFILES as readonly unknown[]).includes(profile)) {
      throw new ConfigError(
        `PRAVESH_BUREAU_SIM_PROFILES: ${customerId} must be one of ${SIMULATED_PROFILES.join(', ')}`,
      );
    }
    result[customerId] = profile as SimulatedProfile;
  }
  return result;
}

export function loadBureauConfig(env: Env, environment: Environment): BureauProviderConfig {
  // Production never falls back to made-up scores: without a setting it has no bureau.
  const kind = env.PRAVESH_BUREAU_PROVIDER || (environment === 'production' ? 'none' : 'simulator');
  if (!(BUREAU_PROVIDER_KINDS as readonly string[]).includes(kind)) {
    throw new ConfigError(`PRAVESH_BUREAU_PROVIDER must be one of ${BUREAU_PROVIDER_KINDS.join(', ')}`);
  }
  const failure = env.PRAVESH_BUREAU_SIM_FAILURE || 'none';
  if (!(BUREAU_FAILURE_MODES as readonly string[]).includes(failure)) {
    throw new ConfigError(`PRAVESH_BUREAU_SIM_FAILURE must be one of ${BUREAU_FAILURE_MODES.join(', ')}`);
  }
  return {
    kind: kind as BureauProviderKind,
    latencyMs: milliseconds('PRAVESH_BUREAU_SIM_LATENCY_MS', env.PRAVESH_BUREAU_SIM_LATENCY_MS, 0),
    failure: failure as BureauFailureMode,
    timeoutMs: milliseconds('PRAVESH_BUREAU_SIM_TIMEOUT_MS', env.PRAVESH_BUREAU_SIM_TIMEOUT_MS, 10_000),
    profiles: profiles(env.PRAVESH_BUREAU_SIM_PROFILES),
    deadlineMs: milliseconds('PRAVESH_BUREAU_DEADLINE_MS', env.PRAVESH_BUREAU_DEADLINE_MS, 15_000),
  };
}

/**
 * For loadConfig's production check, beside the SMS outbox's: simulated scores shown to real
 * customers would be made-up credit data, so production needs a real bureau adapter.
 */
export function assertBureauProductionReady(config: BureauProviderConfig): void {
  if (config.kind === 'simulator') {
    throw new ConfigError('production refuses the simulated credit bureau: configure a real bureau provider');
  }
}
