import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RetainedRecord } from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import type { DataRightsPart } from './parts.ts';

/** One table's rows of a customer, found by its customer id column. */
export interface CustomerRows {
  readonly key: string;
  readonly table: PgTable;
  readonly customerColumn: PgColumn;
}

/**
 * The common part: rows of a few tables, exported as stored and either deleted on erasure (in the
 * order given, children first) or kept under `kept`. Parts with sealed fields or outside parties
 * to tell write their own collect or erase.
 */
export function tablePart(
  db: Database,
  options: { name: string; tables: readonly CustomerRows[]; erases?: string; kept?: RetainedRecord },
): DataRightsPart {
  const { name, tables, erases, kept } = options;
  return {
    name,
    async collect(customerId) {
      const out: Record<string, unknown> = {};
      for (const { key, table, customerColumn } of tables) {
        out[key] = await db.select().from(table).where(eq(customerColumn, customerId));
      }
      return out;
    },
    ...(kept
      ? { kept }
      : {
          erases,
          async erase(customerId: string) {
            let count = 0;
            for (const { table, customerColumn } of tables) {
              const rows = await db.delete(table).where(eq(customerColumn, customerId)).returning();
              count += rows.length;
            }
            return count;
          },
        }),
  };
}
