import { gzipSync } from 'node:zlib';
import {
  DATA_RIGHTS_ROUTES,
  PraveshError,
  type AccountDeletionResponse,
  type DataExport,
  type DataExportFile,
  type DataExportResponse,
  type DataExportStatus,
  type DataRightsAction,
  type AccountDeletionStatus,
  type AccountActivityKind,
} from '@pravesh/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountActivity } from '../../lib/account-activity.ts';
import { DOWNLOAD_LINK_TTL_MS, type ExportLinkSigner } from './link.ts';
import type { DataRightsPart } from './parts.ts';
import type { DataRightsStore, DeletionRow, ExportRow } from './store.ts';

const DAY_MS = 86_400_000;
/** How long a built export stays downloadable before its file is deleted. */
export const EXPORT_FILE_LIFE_MS = 7 * DAY_MS;
/** A job's lease: long enough for the largest export or erasure, short enough to resume after a crash. */
const LEASE_MS = 5 * 60_000;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface DataRightsServiceOptions {
  store: DataRightsStore;
  parts: readonly DataRightsPart[];
  signer: ExportLinkSigner;
  coolingOffDays: number;
  /** The customer's recent account activity (My Account, Active devices): each step shows there too. */
  activity: Pick<AccountActivity, 'record'>;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export function createDataRightsService(options: DataRightsServiceOptions) {
  const { store, parts, signer, coolingOffDays, activity, now, log } = options;

  function exportView(row: ExportRow): DataExport {
    const at = now();
    const ready = row.status === 'READY' && row.fileGzipBase64 !== null;
    const linkExpiresAt = at + DOWNLOAD_LINK_TTL_MS;
    const progress =
      row.status === 'READY' ? 100 : row.partsTotal === 0 ? 0 : Math.floor((row.partsDone / row.partsTotal) * 100);
    return {
      exportId: row.exportId,
      status: row.status as DataExportStatus,
      progress: Math.min(progress, row.status === 'READY' ? 100 : 99),
      requestedAt: row.requestedAt.toISOString(),
      readyAt: iso(row.readyAt),
      fileExpiresAt: iso(row.fileExpiresAt),
      downloadPath: ready
        ? `${DATA_RIGHTS_ROUTES.dataExportDownload}?link=${encodeURIComponent(signer.sign(row.exportId, linkExpiresAt))}`
        : null,
      linkExpiresAt: ready ? new Date(linkExpiresAt).toISOString() : null,
    };
  }

  function deletionView(row: DeletionRow) {
    return {
      status: row.status as AccountDeletionStatus,
      requestedAt: row.requestedAt.toISOString(),
      eraseAfter: row.eraseAfter.toISOString(),
      cancelledAt: iso(row.cancelledAt),
      erasedAt: iso(row.erasedAt),
    };
  }

  /** The steps record() writes; a finished job's step is written by the store with it (export_ready, erased). */
  const ACTIVITY_KIND: Partial<Record<DataRightsAction, AccountActivityKind>> = {
    export_requested: 'dataExportRequested',
    erasure_requested: 'accountDeletionRequested',
    erasure_cancelled: 'accountDeletionCancelled',
  };
  /** The step in the consent ledger and in the customer's account activity. */
  async function record(customerId: string, siteId: number, action: DataRightsAction): Promise<void> {
    await store.record(customerId, siteId, action, new Date(now()));
    const kind = ACTIVITY_KIND[action];
    if (kind) await activity.record({ customerId, kind });
  }

  /** Builds one export if this instance wins its lease; progress is stored after each part. */
  async function build(exportId: string): Promise<void> {
    const at = now();
    const row = await store.claimExport(exportId, new Date(at), new Date(at + LEASE_MS), parts.length);
    if (!row) return;
    const content: Record<string, unknown> = {
      format: 'pravesh-personal-data-export',
      version: 1,
      law: 'Digital Personal Data Protection Act, 2023 §11',
      customerId: row.customerId,
      generatedAt: new Date(at).toISOString(),
    };
    let file: string | null = null;
    try {
      for (const [index, part] of parts.entries()) {
        content[part.name] = await part.collect(row.customerId);
        await store.exportProgress(exportId, index + 1);
      }
      file = gzipSync(JSON.stringify(content, null, 2)).toString('base64');
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : 'error', exportId }, 'data export failed');
    }
    const finished = new Date(now());
    const done = await store.finishExport(exportId, file, finished, new Date(finished.getTime() + EXPORT_FILE_LIFE_MS));
    // Its ledger step ('export_ready') is written with it (store.finishExport); the activity after.
    if (done && file !== null) await activity.record({ customerId: row.customerId, kind: 'dataExportReady' });
  }

  /** Erases one account if this instance wins its lease; each part is idempotent, so a rerun after a crash is safe. */
  async function erase(requestId: string): Promise<void> {
    const at = now();
    const row = await store.claimDeletion(requestId, new Date(at), new Date(at + LEASE_MS));
    if (!row) return;
    const erasedAt = new Date(at);
    const counts: Record<string, number> = {};
    for (const part of parts) {
      if (part.erase) counts[part.name] = await part.erase(row.customerId, erasedAt);
    }
    counts.dataExports = await store.deleteExports(row.customerId);
    // Its ledger step ('erased') is written with it (store.finishDeletion).
    if (await store.finishDeletion(requestId, new Date(now()))) {
      // Counts only: no personal data in logs.
      log.info({ requestId, counts }, 'account erased');
    }
  }

  return {
    async exportStatus(customerId: string): Promise<DataExportResponse> {
      const row = await store.latestExport(customerId);
      return { export: row ? exportView(row) : null };
    },

    async requestExport(customerId: string, siteId: number): Promise<DataExportResponse> {
      const { row, created } = await store.queueExport(customerId, new Date(now()), siteId);
      if (created) await record(customerId, siteId, 'export_requested');
      return { export: exportView(row) };
    },

    /** The file, for its owner only: another customer's link answers as if it did not exist. */
    async download(customerId: string, link: string): Promise<DataExportFile> {
      const verified = signer.verify(link, now());
      if (verified === 'expired') throw new PraveshError('dataExportLinkExpired');
      const row = verified ? await store.exportById(verified.exportId) : undefined;
      if (!row || row.customerId !== customerId || row.status !== 'READY' || row.fileGzipBase64 === null) {
        throw new PraveshError('dataExportNotFound');
      }
      const day = (row.readyAt ?? row.requestedAt).toISOString().slice(0, 10);
      return {
        fileName: `my-data-${day}.json.gz`,
        contentType: 'application/gzip',
        dataBase64: row.fileGzipBase64,
      };
    },

    async deletionStatus(customerId: string): Promise<AccountDeletionResponse> {
      const row = await store.latestDeletion(customerId);
      return {
        request: row ? deletionView(row) : null,
        coolingOffDays,
        erases: parts.flatMap((part) => (part.erase && part.erases ? [part.erases] : [])),
        kept: parts.flatMap((part) => (part.kept ? [part.kept] : [])),
        history: (await store.history(customerId)).map((entry) => ({
          action: entry.action as DataRightsAction,
          at: entry.recordedAt.toISOString(),
        })),
      };
    },

    async requestDeletion(customerId: string, siteId: number) {
      const at = new Date(now());
      const { created } = await store.scheduleDeletion(
        customerId,
        at,
        new Date(at.getTime() + coolingOffDays * DAY_MS),
        siteId,
      );
      if (created) await record(customerId, siteId, 'erasure_requested');
      return this.deletionStatus(customerId);
    },

    async cancelDeletion(customerId: string, siteId: number) {
      const row = await store.cancelDeletion(customerId, new Date(now()));
      if (!row) throw new PraveshError('accountDeletionNotScheduled');
      await record(customerId, siteId, 'erasure_cancelled');
      return this.deletionStatus(customerId);
    },

    /** One pass of the background jobs: open exports, due erasures, expired files. */
    async runJobs(): Promise<void> {
      const at = new Date(now());
      for (const exportId of await store.claimableExports(at)) await build(exportId);
      for (const requestId of await store.dueDeletions(at)) await erase(requestId);
      await store.expireFiles(at);
    },
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
