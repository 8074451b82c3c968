/**
 * The visitor layer's public API (spec 000 §1 "Visitor record"): the visitor cookie record, the
 * visit chain, tracking data, shared storage, recent activity, cookie purge and the sync and purge
 * workers. Also the entry of the separate, lazily loaded script build (dist/pravesh-visitor.js,
 * global `PraveshVisitor`), so the core script stays within its budget.
 */
export {
  createVisitorLayer,
  HISTORY_PATH,
  SHARE_ACTIVITY_PATH,
  type VisitorLayer,
  type VisitorLayerOptions,
} from './visitor-layer.ts';
export {
  createVisitorRecordStore,
  parseVisitorRecord,
  VISITOR_COOKIE_MAX_AGE,
  type Customer,
  type CustomerChange,
  type VisitorRecordStore,
  type VisitorRecordStoreOptions,
} from './visitor-record.ts';
export {
  activeStorageId,
  findCustomerMapping,
  MAX_CUSTOMER_MAPPINGS,
  withCustomerMapping,
} from './customer-storage-mapping.ts';
export {
  ACTIVE_WRITE_MS,
  chainVisit,
  CREATE_VISIT_FAILED_EVENT,
  createVisitTracker,
  decideVisit,
  SCROLL_DEBOUNCE_MS,
  VISIT_IDLE_MS,
  VISIT_RETRIES,
  VISIT_RETRY_DELAY_MS,
  type EventTargetLike,
  type VisitDecision,
  type VisitReason,
  type VisitTracker,
  type VisitTrackerOptions,
} from './visit-chain.ts';
export { base64Utf8, buildVisitBody, utmSourceOf, VISIT_PATH, type VisitBody } from './visit-body.ts';
export { collectTrackingData, trackingDataProvider, type TrackingDataSources } from './tracking-data.ts';
export {
  createSharedStorage,
  siteEntryKey,
  siteEntryPrefix,
  siteIdFromKey,
  type SharedStorage,
  type SharedStorageOptions,
  type SiteChange,
} from './shared-storage.ts';
export {
  defaultStore,
  localStorageStore,
  memoryStore,
  type KeyValueStore,
  type StorageLike,
} from './key-value-store.ts';
export { getRecentActivity } from './recent-activity.ts';
export {
  ACTIVITY_CROSS_STORAGE_TIMEOUT_MS,
  createCrossStorageClient,
  CROSS_STORAGE_POLL_MS,
  CROSS_STORAGE_TIMEOUT_MS,
  isStoragePartitioned,
  pollStorage,
  STORAGE_POLL_MS,
  STORAGE_POLL_TRIES,
  VISIT_STORAGE_POLL_MS,
  type CrossStorageClient,
  type CrossStorageClientOptions,
  type CrossStorageMethod,
} from './cross-storage-client.ts';
export {
  applyCookiePurge,
  planCookiePurge,
  PURGE_COOKIE_MAX_BYTES,
  PURGE_TOTAL_MAX_BYTES,
  PURGE_TOTAL_TARGET_BYTES,
  type Logger,
} from './cookie-purge.ts';
export { documentCookieJar, parseCookies, type Cookie, type CookieJar } from './cookies.ts';
export { runPurgeMaintenance, runSyncMaintenance, type MaintenanceOptions } from './storage-maintenance.ts';
export { planPurge, type PurgeInput, type PurgePlan } from './workers/purge-task.ts';
export { planSync, type SyncInput, type SyncPlan } from './workers/sync-task.ts';
export { runTask, type RunTaskOptions, type WorkerLike } from './workers/run-task.ts';
// The visitor script carries its own copy of the error class: script-tag users test its errors
// with PraveshVisitor.isPraveshError (or error.name === 'PraveshError').
export {
  isPraveshError,
  PraveshError,
  RECENT_ACTIVITY_SITES,
  selectRecentActivity,
  type RecentActivityItem,
  type RecentActivityOptions,
  type RecentActivitySite,
} from '@pravesh/core';
