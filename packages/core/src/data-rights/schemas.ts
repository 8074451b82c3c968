import { z } from 'zod';
import { ACCOUNT_DELETION_STATUSES, DATA_EXPORT_STATUSES, DATA_RIGHTS_ACTIONS } from './routes.ts';

/**
 * Shapes of the data-rights calls (DPDP Act 2023 §11 and §12). The export is built in the
 * background; its download link is signed, lasts minutes and names only the export's random id.
 */
export * from './routes.ts';

export const dataExportSchema = z.object({
  exportId: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100: the share of the data's parts gathered so far. */
  progress: z.number().int().min(0).max(100),
  requestedAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  /** When the file itself is deleted (a new export can be asked for at any time). */
  fileExpiresAt: z.iso.datetime().nullable(),
  /** A signed link of a few minutes to the file, only while READY; its owner's token is needed too. */
  downloadPath: z.string().nullable(),
  linkExpiresAt: z.iso.datetime().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The latest export, or null before the first. */
export const dataExportResponseSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

export const dataExportDownloadQuerySchema = z.object({ link: z.string().min(1).max(512) });

/** The export file through the JSON envelope, as the invoice PDF (the dashboard's one HTTP helper reads JSON). */
export const dataExportFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  dataBase64: z.string(),
});
export type DataExportFile = z.infer<typeof dataExportFileSchema>;

/** What deletion keeps because a law requires it, and why (shown on the screen before the customer asks). */
export const retainedRecordSchema = z.object({ title: z.string(), reason: z.string() });
export type RetainedRecord = z.infer<typeof retainedRecordSchema>;

export const accountDeletionSchema = z.object({
  status: z.enum(ACCOUNT_DELETION_STATUSES),
  requestedAt: z.iso.datetime(),
  /** The end of the cooling-off period: erasure runs after it unless cancelled. */
  eraseAfter: z.iso.datetime(),
  cancelledAt: z.iso.datetime().nullable(),
  erasedAt: z.iso.datetime().nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const accountDeletionResponseSchema = z.object({
  /** The latest request, or null before the first. */
  request: accountDeletionSchema.nullable(),
  coolingOffDays: z.number().int().min(0),
  /** What deletion erases, in plain words. */
  erases: z.array(z.string()),
  /** What deletion keeps because a law requires it. */
  kept: z.array(retainedRecordSchema),
  /** Each data-rights step the customer took or we took for them, newest first (from the consent ledger). */
  history: z.array(z.object({ action: z.enum(DATA_RIGHTS_ACTIONS), at: z.iso.datetime() })),
});
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>;

/** Nothing to send: the access token says who asks. */
export const dataRightsBodySchema = z.strictObject({}).optional();
