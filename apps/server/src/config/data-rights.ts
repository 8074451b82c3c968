import { ConfigError } from './shared.ts';

/**
 * Data-protection rights (DPDP Act 2023 §11 export, §12 erasure), for loadConfig():
 *
 * - PRAVESH_DELETION_COOLING_OFF_DAYS  days between asking for deletion and the erasure, during which
 *                                      the customer may cancel; default 7 (0 to 90)
 * - PRAVESH_DATA_RIGHTS_WORKER_MS      how often this instance looks for exports to build and
 *                                      deletions that are due; 0 switches the ticker off; default 5000
 */
export interface DataRightsConfig {
  readonly coolingOffDays: number;
  readonly workerIntervalMs: number;
}

type Env = Record<string, string | undefined>;

function wholeNumber(variable: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ConfigError(`${variable} must be a whole number from 0 to ${max}`);
  }
  return value;
}

export function loadDataRightsConfig(env: Env): DataRightsConfig {
  return {
    coolingOffDays: wholeNumber('PRAVESH_DELETION_COOLING_OFF_DAYS', env.PRAVESH_DELETION_COOLING_OFF_DAYS, 7, 90),
    workerIntervalMs: wholeNumber('PRAVESH_DATA_RIGHTS_WORKER_MS', env.PRAVESH_DATA_RIGHTS_WORKER_MS, 5_000, 600_000),
  };
}
