import type { Environment } from '@pravesh/core';
import { ConfigError } from './shared.ts';

/**
 * Holdings elsewhere in the marketplace, for loadConfig():
 *
 * - PRAVESH_ONDC_ELIGIBLE   1 or 0: spec 001 §9 "ONDC eligible" feature switch, which "varies" by
 *                           environment. On, the dashboard shows the ONDC loans banner with its link
 *                           to the ONDC dashboard and MSP ondc/loans answers; off, neither: the banner
 *                           is not drawn and ondc/loans answers ondcNotEligible. Default on where
 *                           customers meet it (production, staging) and in the demo (`local`, whose
 *                           seed has an ONDC loan); off in the development environments, which are
 *                           not registered on an ONDC network.
 */
export interface HoldingsConfig {
  readonly ondcEligible: boolean;
}

const ONDC_BY_DEFAULT: readonly Environment[] = ['production', 'staging', 'local'];

type Env = Record<string, string | undefined>;

export function loadHoldingsConfig(env: Env, environment: Environment): HoldingsConfig {
  const raw = env.PRAVESH_ONDC_ELIGIBLE;
  if (raw !== undefined && raw !== '' && raw !== '0' && raw !== '1') {
    throw new ConfigError('PRAVESH_ONDC_ELIGIBLE must be 0 or 1');
  }
  return { ondcEligible: raw === undefined || raw === '' ? ONDC_BY_DEFAULT.includes(environment) : raw === '1' };
}
