/**
 * The visitor layer's public API (spec 000 §1 "Visitor record"): the visitor cookie record, the
 * visit chain, tracking data, shared storage, recent activity and the hub client; the layer runs
 * the cookie purge and the sync and purge workers itself. Also the entry of the separate, lazily
 * loaded script build (dist/pravesh-visitor.js, global `PraveshVisitor`), so the core script stays
 * within its budget.
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
// Shared storage and recent activity are a part the layer loads with a page's first storage call
// (lazy-parts.ts): a page reaches them through the layer (layer.storage, layer.recentActivity).
export type { SharedStorage, SharedStorageOptions, SiteChange } from './shared-storage.ts';
export {
  defaultStore,
  localStorageStore,
  memoryStore,
  type KeyValueStore,
  type StorageLike,
} from './key-value-store.ts';
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
  PURGE_COOKIE_MAX_BYTES,
  PURGE_TOTAL_MAX_BYTES,
  PURGE_TOTAL_TARGET_BYTES,
  type Logger,
} from './cookie-purge.ts';
export { documentCookieJar, parseCookies, type Cookie, type CookieJar } from './cookies.ts';
// The purge and the sync (their pure tasks, the worker runner and the page's half) are a part the
// layer loads only when one is due (lazy-parts.ts), so they are not on this script's global.
// The visitor script carries its own copy of the error class, and so do its parts: script-tag users
// test its errors with PraveshVisitor.isPraveshError (or error.name === 'PraveshError'), which
// recognises every copy's, where instanceof sees only this script's.
export {
  isPraveshError,
  PraveshError,
  type RecentActivityItem,
  type RecentActivityOptions,
  type RecentActivitySite,
} from '@pravesh/core';
