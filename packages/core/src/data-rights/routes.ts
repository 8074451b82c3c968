/**
 * Data-protection rights in My Account (DPDP Act 2023 §11 summary of personal data, §12 erasure),
 * zod-free so the dashboard's bundle can name them without the schema library. spec 001 names no
 * call for these screens; the paths are ours, under My Account's internal service like the other
 * self-service calls (self-service/routes.ts). Every call answers for the access token's customer.
 */
export const DATA_RIGHTS_ROUTES = {
  /** GET: the latest export and its progress; POST: start one (answers the open one if any). */
  dataExport: '/MSP/api/v1/myAccount/dataExport',
  /** GET ?link=…: the finished export, for its owner, while the signed link lasts. */
  dataExportDownload: '/MSP/api/v1/myAccount/dataExport/download',
  /** GET: the deletion request and what deletion keeps; POST: ask for deletion. */
  accountDeletion: '/MSP/api/v1/myAccount/accountDeletion',
  /** POST: withdraw the request during the cooling-off period. */
  accountDeletionCancel: '/MSP/api/v1/myAccount/accountDeletion/cancel',
} as const;

export const DATA_EXPORT_STATUSES = ['QUEUED', 'BUILDING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const ACCOUNT_DELETION_STATUSES = ['SCHEDULED', 'CANCELLED', 'ERASED'] as const;
export type AccountDeletionStatus = (typeof ACCOUNT_DELETION_STATUSES)[number];

/**
 * The data-rights steps written to the consent ledger (contract DATA_RIGHTS_CONTRACT_ID) and to the
 * customer's recent activity, so the customer and an auditor see each one.
 */
export const DATA_RIGHTS_ACTIONS = [
  'export_requested',
  'export_ready',
  'erasure_requested',
  'erasure_cancelled',
  'erased',
] as const;
export type DataRightsAction = (typeof DATA_RIGHTS_ACTIONS)[number];

/** The ledger's contract for data-rights requests (migration 0028 publishes its notice). */
export const DATA_RIGHTS_CONTRACT_ID = 'pb-data-rights';
