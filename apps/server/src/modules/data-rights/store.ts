import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { DATA_RIGHTS_CONTRACT_ID, type DataRightsAction } from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { consentLedger } from '../../db/schema/consent.ts';
import { accountDeletions, dataExports } from '../../db/schema/data-rights.ts';

export type ExportRow = typeof dataExports.$inferSelect;
export type DeletionRow = typeof accountDeletions.$inferSelect;

const OPEN_EXPORT = ['QUEUED', 'BUILDING'] as const;

/** The consent module's subject of a signed-in customer (consent/service.ts subjectOf). */
const subjectOf = (customerId: string) => `c:${customerId.toLowerCase()}`;

/**
 * Exports, deletion requests and their ledger entries at rest. Every job step is one conditional
 * UPDATE that names the state it expects, so two instances (or a retry) never both take a job.
 */
export function createDataRightsStore(db: Database) {
  const freeLease = (column: typeof dataExports.leaseUntil | typeof accountDeletions.leaseUntil, at: Date) =>
    or(isNull(column), lt(column, at));

  /** A data-rights step as the consent ledger keeps it. */
  const ledgerEntry = (customerId: string, siteId: number, action: DataRightsAction, at: Date) => ({
    entryId: randomUUID(),
    subject: subjectOf(customerId),
    contractId: DATA_RIGHTS_CONTRACT_ID,
    contractVersion: 1,
    action,
    userValue: 'Y',
    consentState: 1,
    customerId: customerId.toLowerCase(),
    visitorId: `customer:${customerId}`,
    siteId,
    recordedAt: at,
  });

  return {
    /** Appends a data-rights step to the consent ledger (append-only, hash-chained by its trigger). */
    async record(customerId: string, siteId: number, action: DataRightsAction, at: Date): Promise<void> {
      await db.insert(consentLedger).values(ledgerEntry(customerId, siteId, action, at));
    },

    /** The customer's data-rights steps, newest first (the screen's activity list). */
    async history(customerId: string): Promise<{ action: string; recordedAt: Date }[]> {
      return db
        .select({ action: consentLedger.action, recordedAt: consentLedger.recordedAt })
        .from(consentLedger)
        .where(
          and(eq(consentLedger.subject, subjectOf(customerId)), eq(consentLedger.contractId, DATA_RIGHTS_CONTRACT_ID)),
        )
        .orderBy(desc(consentLedger.seq))
        .limit(20);
    },

    async latestExport(customerId: string): Promise<ExportRow | undefined> {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.customerId, customerId))
        .orderBy(desc(dataExports.requestedAt))
        .limit(1);
      return row;
    },

    async exportById(exportId: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.exportId, exportId));
      return row;
    },

    /** A new QUEUED export, or the open one (the partial unique index decides between two at once). */
    async queueExport(customerId: string, at: Date, siteId: number): Promise<{ row: ExportRow; created: boolean }> {
      const [created] = await db
        .insert(dataExports)
        .values({ exportId: randomUUID(), customerId, siteId, status: 'QUEUED', requestedAt: at })
        .onConflictDoNothing()
        .returning();
      if (created) return { row: created, created: true };
      const [open] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.customerId, customerId), inArray(dataExports.status, [...OPEN_EXPORT])));
      if (!open) throw new Error('open export vanished');
      return { row: open, created: false };
    },

    /** Open exports nobody holds, oldest first. */
    async claimableExports(at: Date): Promise<string[]> {
      const rows = await db
        .select({ exportId: dataExports.exportId })
        .from(dataExports)
        .where(and(inArray(dataExports.status, [...OPEN_EXPORT]), freeLease(dataExports.leaseUntil, at)))
        .orderBy(asc(dataExports.requestedAt))
        .limit(10);
      return rows.map((row) => row.exportId);
    },

    async claimExport(
      exportId: string,
      at: Date,
      leaseUntil: Date,
      partsTotal: number,
    ): Promise<ExportRow | undefined> {
      const [row] = await db
        .update(dataExports)
        .set({ status: 'BUILDING', leaseUntil, partsDone: 0, partsTotal })
        .where(
          and(
            eq(dataExports.exportId, exportId),
            inArray(dataExports.status, [...OPEN_EXPORT]),
            freeLease(dataExports.leaseUntil, at),
          ),
        )
        .returning();
      return row;
    },

    async exportProgress(exportId: string, partsDone: number): Promise<void> {
      await db
        .update(dataExports)
        .set({ partsDone })
        .where(and(eq(dataExports.exportId, exportId), eq(dataExports.status, 'BUILDING')));
    },

    /**
     * Ends a build: READY with its file and its 'export_ready' step in the consent ledger, in one
     * transaction (as finishDeletion, a finished build is never taken again), or FAILED.
     */
    async finishExport(exportId: string, file: string | null, at: Date, fileExpiresAt: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(dataExports)
          .set(
            file === null
              ? { status: 'FAILED', leaseUntil: null }
              : { status: 'READY', fileGzipBase64: file, readyAt: at, fileExpiresAt, leaseUntil: null },
          )
          .where(and(eq(dataExports.exportId, exportId), eq(dataExports.status, 'BUILDING')))
          .returning({ customerId: dataExports.customerId, siteId: dataExports.siteId });
        if (!row) return false;
        if (file !== null) {
          await tx.insert(consentLedger).values(ledgerEntry(row.customerId, row.siteId, 'export_ready', at));
        }
        return true;
      });
    },

    /** Deletes the files whose time is up; the rows stay, EXPIRED, so the screen can say so. */
    async expireFiles(at: Date): Promise<void> {
      await db
        .update(dataExports)
        .set({ status: 'EXPIRED', fileGzipBase64: null })
        .where(and(eq(dataExports.status, 'READY'), lte(dataExports.fileExpiresAt, at)));
    },

    /** Erasure takes the exports too: they are a copy of what is erased. */
    async deleteExports(customerId: string): Promise<number> {
      const rows = await db
        .delete(dataExports)
        .where(eq(dataExports.customerId, customerId))
        .returning({ exportId: dataExports.exportId });
      return rows.length;
    },

    async latestDeletion(customerId: string): Promise<DeletionRow | undefined> {
      const [row] = await db
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.customerId, customerId))
        .orderBy(desc(accountDeletions.requestedAt))
        .limit(1);
      return row;
    },

    async scheduleDeletion(
      customerId: string,
      at: Date,
      eraseAfter: Date,
      siteId: number,
    ): Promise<{ row: DeletionRow; created: boolean }> {
      const [created] = await db
        .insert(accountDeletions)
        .values({ requestId: randomUUID(), customerId, siteId, status: 'SCHEDULED', requestedAt: at, eraseAfter })
        .onConflictDoNothing()
        .returning();
      if (created) return { row: created, created: true };
      const [open] = await db
        .select()
        .from(accountDeletions)
        .where(and(eq(accountDeletions.customerId, customerId), eq(accountDeletions.status, 'SCHEDULED')));
      if (!open) throw new Error('scheduled deletion vanished');
      return { row: open, created: false };
    },

    /** Cancels only a scheduled request whose erasure has not started (no lease taken). */
    async cancelDeletion(customerId: string, at: Date): Promise<DeletionRow | undefined> {
      const [row] = await db
        .update(accountDeletions)
        .set({ status: 'CANCELLED', cancelledAt: at })
        .where(
          and(
            eq(accountDeletions.customerId, customerId),
            eq(accountDeletions.status, 'SCHEDULED'),
            freeLease(accountDeletions.leaseUntil, at),
          ),
        )
        .returning();
      return row;
    },

    async dueDeletions(at: Date): Promise<string[]> {
      const rows = await db
        .select({ requestId: accountDeletions.requestId })
        .from(accountDeletions)
        .where(
          and(
            eq(accountDeletions.status, 'SCHEDULED'),
            lte(accountDeletions.eraseAfter, at),
            freeLease(accountDeletions.leaseUntil, at),
          ),
        )
        .orderBy(asc(accountDeletions.eraseAfter))
        .limit(10);
      return rows.map((row) => row.requestId);
    },

    async claimDeletion(requestId: string, at: Date, leaseUntil: Date): Promise<DeletionRow | undefined> {
      const [row] = await db
        .update(accountDeletions)
        .set({ leaseUntil })
        .where(
          and(
            eq(accountDeletions.requestId, requestId),
            eq(accountDeletions.status, 'SCHEDULED'),
            lte(accountDeletions.eraseAfter, at),
            freeLease(accountDeletions.leaseUntil, at),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Marks the request ERASED and appends its 'erased' step to the consent ledger in one
     * transaction: an ERASED request is never taken again, so a crash between two statements would
     * have left an erasure the ledger (the record the DPDP Rules 2025 keep) never shows.
     */
    async finishDeletion(requestId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(accountDeletions)
          .set({ status: 'ERASED', erasedAt: at, leaseUntil: null })
          .where(and(eq(accountDeletions.requestId, requestId), eq(accountDeletions.status, 'SCHEDULED')))
          .returning({ customerId: accountDeletions.customerId, siteId: accountDeletions.siteId });
        if (!row) return false;
        await tx.insert(consentLedger).values(ledgerEntry(row.customerId, row.siteId, 'erased', at));
        return true;
      });
    },
  };
}

export type DataRightsStore = ReturnType<typeof createDataRightsStore>;
