import { ConfigError } from './shared.ts';

/**
 * Applications (leads), for loadConfig():
 *
 * - PRAVESH_LEAD_EXPIRY_MS  how often this instance expires the applications no lender has moved
 *                           for core LEAD_EXPIRY_DAYS (modules/leads index.ts); several instances
 *                           may all run it. 0 switches the ticker off (the leads still expire when
 *                           their customer reads or applies); default 60000, at most 86400000
 */
export interface LeadsConfig {
  readonly expiryIntervalMs: number;
}

type Env = Record<string, string | undefined>;

const MAX_INTERVAL_MS = 86_400_000;

export function loadLeadsConfig(env: Env): LeadsConfig {
  const raw = env.PRAVESH_LEAD_EXPIRY_MS;
  if (raw === undefined || raw === '') return { expiryIntervalMs: 60_000 };
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_INTERVAL_MS) {
    throw new ConfigError(`PRAVESH_LEAD_EXPIRY_MS must be a whole number from 0 to ${MAX_INTERVAL_MS}`);
  }
  return { expiryIntervalMs: value };
}
