import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Data-rights entries for the error catalogue (DPDP Act 2023 §11, §12). The specs name no message
 * for these screens; the texts are ours and short. Only the server raises them.
 */
export const DATA_RIGHTS_ERRORS = {
  /** A link that is not ours, belongs to another customer, or whose export is gone: one answer. */
  dataExportNotFound: entry('dataExportNotFound', 404, 'This download is not available'),
  /** The signed link outlived its few minutes: the screen fetches a fresh one. */
  dataExportLinkExpired: entry('dataExportLinkExpired', 410, 'This download link has expired. Please try again'),
  /** Cancel without a scheduled deletion (already erased, cancelled or never asked). */
  accountDeletionNotScheduled: entry('accountDeletionNotScheduled', 409, 'There is no account deletion to cancel'),
} as const satisfies Record<string, CatalogueEntry>;
