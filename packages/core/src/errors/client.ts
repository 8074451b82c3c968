import { entry, type CatalogueEntry } from './entry.ts';

// Client-side failures (spec 000 §8).
export const CLIENT_ERRORS = {
  somethingWentWrong: entry('somethingWentWrong', 502, 'somethingWentWrong'),
  failedToDeleteCookie: entry('failedToDeleteCookie', 400, 'Failed to delete cookie'),
  crossStorageClosed: entry('crossStorageClosed', 400, 'CrossStorageClient has closed'),
  crossStorageConnect: entry('crossStorageConnect', 400, 'CrossStorageClient could not connect'),
  crossStorageNoLocalStorage: entry(
    'crossStorageNoLocalStorage',
    400,
    'Closing client. Could not access localStorage in hub.',
  ),
  crossStorageTimeout: entry('crossStorageTimeout', 408, ({ method }) => `Timeout: could not perform ${method}`),
  crossStoragePermission: entry('crossStoragePermission', 403, ({ method }) => `Invalid permissions for ${method}`),
  consentPanelError: entry('consentPanelError', 400, 'Some Error occured!'),
} as const satisfies Record<string, CatalogueEntry>;
