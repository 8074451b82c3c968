import type { Environment } from '@pravesh/core';
import { ConfigError } from './shared.ts';

/**
 * Terms consent configuration, read by loadConfig():
 *
 * - PRAVESH_CONSENT_SEED_DEMO  1 to seed the demo contracts (one per consentId of the site list and the
 *                              four of the consent config, version 1 each) at start-up, 0 not to;
 *                              default: on outside production, off in production
 */
export interface ConsentConfig {
  readonly seedDemoContracts: boolean;
}

export function loadConsentConfig(env: Record<string, string | undefined>, environment: Environment): ConsentConfig {
  const raw = env.PRAVESH_CONSENT_SEED_DEMO;
  if (raw !== undefined && raw !== '' && raw !== '0' && raw !== '1') {
    throw new ConfigError('PRAVESH_CONSENT_SEED_DEMO must be 0 or 1');
  }
  // Seeding only adds contracts and their first version where none exists, so asking for it in
  // production is allowed; it is never done there unasked.
  return { seedDemoContracts: raw === undefined || raw === '' ? environment !== 'production' : raw === '1' };
}
