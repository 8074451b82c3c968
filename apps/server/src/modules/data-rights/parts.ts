import type { RetainedRecord } from '@pravesh/core';
import type { ModuleDeps } from '../../config/deps.ts';

/**
 * What one capability contributes to the data-protection rights (DPDP Act 2023 §11, §12): its part
 * of a customer's export, and how it erases that part or why a law makes it keep it. A capability
 * adds its part beside its own tables (modules/<name>/data-rights.ts, exported from its index.ts)
 * and one line in modules/index.ts; this module does not change.
 */
export interface DataRightsPart {
  /** The key of this part in the export file, e.g. "creditReports". */
  readonly name: string;
  /** Everything of this part held about the customer, as plain JSON (sealed fields opened). */
  collect(customerId: string): Promise<unknown>;
  /**
   * Erases this part for the customer (idempotent: a second run finds nothing) and answers how
   * many records went. Absent when the part is kept: then `kept` says under which law.
   */
  erase?(customerId: string, at: Date): Promise<number>;
  /** In plain words, what erasure removes here (listed on the screen before the customer asks). */
  readonly erases?: string;
  /** Kept after erasure because a law requires it (listed on the screen). */
  readonly kept?: RetainedRecord;
}

/** Parts are built once per app from the same dependencies every module gets. */
export type DataRightsPartFactory = (deps: ModuleDeps) => DataRightsPart;
