import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { resultRows } from '../../../db/client.ts';
import { customerProfiles } from '../../../db/schema/profile.ts';
import { ssoCallerIdRequests, ssoCustomers, ssoPiiBackfill } from '../../../db/schema/sso.ts';
import type { PiiCipher } from '../../../auth/pii-cipher.ts';

/**
 * Personal data kept current with the keyring: values migration 0012 left in clear
 * are encrypted at start, and values sealed under an older kid are re-encrypted under the active one
 * (`npm run pii -- reencrypt`), so the old key can leave PRAVESH_PII_KEYS. Nothing here logs or
 * answers a number or an address: only counts, kids and table names.
 */

/** Every encrypted personal-data column: table, key column, and each value column with its field. */
const ENCRYPTED_COLUMNS = [
  {
    table: 'sso_customers',
    source: ssoCustomers,
    key: ssoCustomers.customerId,
    values: [
      { column: ssoCustomers.mobileEnc, field: 'mobile' },
      { column: ssoCustomers.emailEnc, field: 'email' },
    ],
  },
  {
    table: 'sso_caller_id_requests',
    source: ssoCallerIdRequests,
    key: ssoCallerIdRequests.requestNonce,
    values: [{ column: ssoCallerIdRequests.mobileEnc, field: 'callerIdMobile' }],
  },
  {
    // A customer's personal details, one sealed record per customer (lib/personal-details.ts).
    table: 'customer_profiles',
    source: customerProfiles,
    key: customerProfiles.customerId,
    values: [{ column: customerProfiles.detailsEnc, field: 'personalDetails' }],
  },
] as const;

export type PiiTable = (typeof ENCRYPTED_COLUMNS)[number]['table'];

/** The kid of a stored "v1.<kid>.<iv>.<body>" value, in SQL (PostgreSQL and PGlite both have split_part). */
const kidOf = (column: PgColumn): SQL => sql`split_part(${column}, '.', 2)`;
const staleUnder = (column: PgColumn, activeKid: string): SQL =>
  sql`(${column} is not null and ${kidOf(column)} <> ${activeKid})`;

/**
 * Moves the values migration 0012 set aside into their rows, encrypted (and hashed, for customers'
 * look-ups), each move and the deletion of its entry in one transaction: a crash leaves every value
 * either moved or still waiting. Answers how many values were moved.
 */
export async function encryptPendingPii(db: Database, pii: PiiCipher, batchSize = 500): Promise<number> {
  let moved = 0;
  for (;;) {
    const entries = await db.select().from(ssoPiiBackfill).limit(batchSize);
    if (entries.length === 0) return moved;
    for (const entry of entries) {
      await db.transaction(async (tx) => {
        const { source, rowKey, field, value } = entry;
        if (source === 'customer' && field === 'mobile') {
          await tx
            .update(ssoCustomers)
            .set({ mobileHash: pii.hash('mobile', value), mobileEnc: pii.encrypt('mobile', value) })
            .where(eq(ssoCustomers.customerId, rowKey));
        } else if (source === 'customer' && field === 'email') {
          const email = value.trim().toLowerCase();
          await tx
            .update(ssoCustomers)
            .set({ emailHash: pii.hash('email', email), emailEnc: pii.encrypt('email', email) })
            .where(eq(ssoCustomers.customerId, rowKey));
        } else if (source === 'caller_id_request' && field === 'mobile') {
          await tx
            .update(ssoCallerIdRequests)
            .set({ mobileEnc: pii.encrypt('callerIdMobile', value) })
            .where(eq(ssoCallerIdRequests.requestNonce, rowKey));
        } else {
          // Only migration 0012 writes entries; anything else is not ours to guess at.
          throw new Error(`sso_pii_backfill holds an entry of unknown kind ${source}/${field}`);
        }
        await tx
          .delete(ssoPiiBackfill)
          .where(
            and(eq(ssoPiiBackfill.source, source), eq(ssoPiiBackfill.rowKey, rowKey), eq(ssoPiiBackfill.field, field)),
          );
      });
      moved += 1;
    }
  }
}

export interface ReencryptProgress {
  table: PiiTable;
  /** Rows of this table rewritten so far under the active kid. */
  rewritten: number;
  /** Rows that changed between read and write (the server wrote them, under the active kid): left as written. */
  changedMeanwhile: number;
}

export interface ReencryptOptions {
  batchSize?: number;
  /** Stop after this many rows (spreading the work over quiet hours); a later run goes on. */
  limit?: number;
  onProgress?: (progress: ReencryptProgress) => void;
}

/**
 * Re-encrypts under the active kid every value sealed under another one, a batch at a time. Rows
 * already under the active kid are not selected, so a run that stopped (a crash, --limit) is
 * resumed by running again. Each row is written only if it still holds what was read (compare
 * and set): a customer's email changed by the server meanwhile is never overwritten with the old one.
 */
export async function reencryptPii(
  db: Database,
  pii: PiiCipher,
  options: ReencryptOptions = {},
): Promise<{ rewritten: number; changedMeanwhile: number }> {
  const batchSize = options.batchSize ?? 500;
  let budget = options.limit ?? Number.POSITIVE_INFINITY;
  const total = { rewritten: 0, changedMeanwhile: 0 };
  for (const { table, source, key, values } of ENCRYPTED_COLUMNS) {
    const progress: ReencryptProgress = { table, rewritten: 0, changedMeanwhile: 0 };
    let after: string | undefined;
    while (budget > 0) {
      const stale = or(...values.map(({ column }) => staleUnder(column, pii.activeKid)));
      const rows = (await db
        .select({ key, ...Object.fromEntries(values.map(({ column }, index) => [`v${index}`, column])) })
        .from(source)
        .where(after === undefined ? stale : and(stale, gt(key, after)))
        .orderBy(asc(key))
        .limit(Math.min(batchSize, budget))) as Array<{ key: string } & Record<string, string | null>>;
      if (rows.length === 0) break;
      for (const row of rows) {
        const next: Record<string, string | null> = {};
        const unchanged: SQL[] = [eq(key, row.key)];
        values.forEach(({ column, field }, index) => {
          const old = row[`v${index}`] ?? null;
          unchanged.push(old === null ? isNull(column) : eq(column, old));
          next[column.name] = old === null ? null : pii.encrypt(field, pii.decrypt(field, old));
        });
        const updated = await db.execute(
          sql`update ${source} set ${sql.join(
            values.map(({ column }) => sql`${sql.identifier(column.name)} = ${next[column.name]}`),
            sql`, `,
          )} where ${and(...unchanged)} returning 1 as done`,
        );
        if (resultRows(updated).length === 1) progress.rewritten += 1;
        else progress.changedMeanwhile += 1;
      }
      budget -= rows.length;
      after = rows.at(-1)!.key;
      options.onProgress?.({ ...progress });
    }
    total.rewritten += progress.rewritten;
    total.changedMeanwhile += progress.changedMeanwhile;
  }
  return total;
}

/** How many values each kid seals, per table and column: the old key may go once it seals none. */
export async function countByKid(
  db: Database,
): Promise<Array<{ table: PiiTable; column: string; kid: string; values: number }>> {
  const counts: Array<{ table: PiiTable; column: string; kid: string; values: number }> = [];
  for (const { table, source, values } of ENCRYPTED_COLUMNS) {
    for (const { column } of values) {
      const rows = await db
        .select({ kid: kidOf(column).mapWith(String), values: sql<number>`count(*)`.mapWith(Number) })
        .from(source)
        .where(sql`${column} is not null`)
        .groupBy(kidOf(column));
      for (const row of rows) counts.push({ table, column: column.name, kid: row.kid, values: row.values });
    }
  }
  return counts;
}

/** Values migration 0012 set aside that the server has not encrypted yet (it does at start). */
export async function pendingPiiCount(db: Database): Promise<number> {
  return db.$count(ssoPiiBackfill);
}
