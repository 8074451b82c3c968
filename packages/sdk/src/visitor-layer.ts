import {
  PraveshError,
  type CookieKey,
  type RecentActivityItem,
  type RecentActivityOptions,
  type TrackingData,
  type VisitorRecord,
} from '@pravesh/core';
import type { Pravesh } from './client.ts';
import type { Logger } from './cookie-purge.ts';
import { documentCookieJar, readCookie, type CookieJar } from './cookies.ts';
import { activeStorageId } from './customer-storage-mapping.ts';
import {
  ACTIVITY_CROSS_STORAGE_TIMEOUT_MS,
  createCrossStorageClient,
  isStoragePartitioned,
} from './cross-storage-client.ts';
import { defaultStore, type KeyValueStore } from './key-value-store.ts';
import { loadMaintenance, loadStorage } from './lazy-parts.ts';
import { storageSiteId, type SharedStorage, type SharedStorageOptions, type SiteChange } from './shared-storage.ts';
import type { LayerMaintenanceOptions } from './maintenance.ts';
import { maintenanceDue } from './storage-maintenance.ts';
import { trackingDataProvider } from './tracking-data.ts';
import { VISIT_PATH } from './visit-body.ts';
import {
  createVisitTracker,
  type ClearTimeoutLike,
  type EventTargetLike,
  type SetTimeoutLike,
  type VisitTracker,
} from './visit-chain.ts';
import {
  createVisitorRecordStore,
  type Customer,
  type CustomerChange,
  type VisitorRecordStore,
  type VisitorRecordStoreOptions,
} from './visitor-record.ts';
import { accessTokenCookieName } from './sso/token-store.ts';

/**
 * The visitor layer (spec 000 §1 "Visitor record"): the visitor cookie record, the visit chain,
 * tracking data on every event, shared storage with its server copy, recent activity, and the
 * purge and sync workers — put together over one Pravesh client.
 */

/** The server's copy of shared activity (POST, visits/application-data.ts in core). */
export const SHARE_ACTIVITY_PATH = '/MSP/api/v1/pbguc/activity';
export const HISTORY_PATH = '/MSP/api/v1/pbguc/getApplicationData';
/** The server's answer to a customerId without that customer's valid access token. */
const TOKEN_NOT_VALIDATED = 'tokenNotValidated';
/** The server keeps a customer id only in GUID form (spec 000 §5). */
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/**
 * How long a stored change waits for its server copy before it resolves anyway. A caller that
 * navigates once its change is acknowledged (the nudge's apply) would otherwise cancel the copy,
 * and another site would never merge the change (spec 000 §4 site entries); a slow or down server
 * still delays the customer by no more than this.
 */
export const SHARE_WAIT_MS = 2_000;
/**
 * How long a read of the shared storage waits for a merge under way (the sync flag's, spec 000 §4):
 * on a page just signed in, or any page of a partitioned hub, the server's history arrives a request
 * later, and a list read before it showed "No recent activity" for good. A slow server delays the
 * list by no more than this; the merge still lands for the next read.
 */
export const MERGE_WAIT_MS = 2_000;

export interface VisitorLayerOptions {
  /**
   * Overrides the visitor cookie keys the server serves in the shield config (visitorCookie):
   * the first writes, all read. For tests; pages use the served keys.
   */
  cookieKeys?: readonly CookieKey[];
  /** One unnamed key as the override instead (tests), written without a kid. */
  cookieKey?: string;
  previousCookieKeys?: readonly string[];
  /** The visitor cookie's Domain, as the server's PRAVESH_COOKIE_DOMAIN. */
  cookieDomain?: string;
  /** Shared storage (default: the hub at hubUrl when given, else this page's localStorage). */
  store?: KeyValueStore;
  /** The cross-storage hub page (e.g. {api}/hub); its client waits up to 600000 ms (spec 000 §9). */
  hubUrl?: string;
  /** Whether the browser partitions the hub's storage from this page (default isStoragePartitioned). */
  partitioned?: boolean;
  /** Worker script URLs; without them the tasks run on the main thread. */
  workers?: { purge?: string; sync?: string };
  recentActivity?: RecentActivityOptions;
  /** Send item changes to the server and fetch the customer's history on sync (default true). */
  serverCopy?: boolean;
  logger?: Logger;
  cookies?: CookieJar;
  now?: () => number;
  setTimeout?: SetTimeoutLike;
  clearTimeout?: ClearTimeoutLike;
  target?: EventTargetLike;
  url?: () => string;
  /** The device fingerprint hash for visits and tracking data (loadVisitorLayer supplies it). */
  deviceId?: () => Promise<string | undefined>;
  /**
   * The signed-in customer's access token (e.g. the sign-on client's getAccessToken). The server
   * stores or answers activity under a customerId only with that customer's token, so calls that
   * name the customer carry it in the pass token's sso strategy. Default: the token the sign-on
   * client keeps in this site's access-token cookie.
   */
  accessToken?: () => string | undefined | Promise<string | undefined>;
}

export interface VisitorLayer {
  readonly records: VisitorRecordStore;
  readonly visits: VisitTracker;
  readonly storage: SharedStorage;
  /** True when the hub cannot share with this page: activity then follows the customer via the server. */
  readonly partitioned: boolean;
  /** Creates the record and visit as needed, listens for activity, attaches tracking data, runs the workers. */
  start(): Promise<VisitorRecord>;
  stop(): void;
  /** From the single-sign-on site only (spec 000 §5); a new customer starts a visit and a sync. */
  setCustomer(customer: unknown): Promise<CustomerChange>;
  getCustomer(): Promise<Customer | undefined>;
  trackingData(): Promise<TrackingData>;
  recentActivity(options?: RecentActivityOptions): Promise<RecentActivityItem[]>;
  /** The purge, then the sync, each when needed; failures are logged. */
  maintain(): Promise<void>;
  /**
   * Calls `listener` each time a merge has stored entries in the shared storage (spec 000 §4 sync
   * flag), so a list read before it can read again; answers the unsubscribe.
   */
  onMerged(listener: () => void): () => void;
}

/**
 * The visitor cookie keys: an override from the options, else the ones the shield config serves,
 * so the SDK writes the record exactly as the server re-issues it (same kid, same key).
 */
function cookieKeysFor(
  pravesh: Pick<Pravesh, 'config'>,
  options: Pick<VisitorLayerOptions, 'cookieKeys' | 'cookieKey' | 'previousCookieKeys'>,
): Pick<VisitorRecordStoreOptions, 'cookieKeys' | 'cookieKey' | 'previousCookieKeys'> {
  if (options.cookieKeys && options.cookieKeys.length > 0) return { cookieKeys: options.cookieKeys };
  if (options.cookieKey !== undefined) {
    return {
      cookieKey: options.cookieKey,
      ...(options.previousCookieKeys ? { previousCookieKeys: options.previousCookieKeys } : {}),
    };
  }
  const served = pravesh.config?.visitorCookie;
  if (!served) throw new PraveshError('required', { list: 'cookieKey' });
  // The active key first: it writes; the others only read cookies written before a rotation.
  const active = served.keys.filter((key) => key.kid === served.kid);
  return { cookieKeys: [...active, ...served.keys.filter((key) => key.kid !== served.kid)] };
}

const consoleLogger: Logger = {
  warn: (message, detail) => console.warn(`[pravesh] ${message}`, detail),
};

type LayerClient = Pick<Pravesh, 'siteId' | 'environment' | 'config' | 'request' | 'track' | 'setTrackingData'>;

export function createVisitorLayer(pravesh: LayerClient, options: VisitorLayerOptions): VisitorLayer {
  const { siteId, environment } = pravesh;
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const cookies = options.cookies ?? documentCookieJar();
  // Partitioned browsers (ARCHITECTURE.md "Browser facts"): a hub on another site would only see
  // this site's partition, so this page's storage is used and the server merge carries activity.
  const partitioned = options.hubUrl !== undefined && (options.partitioned ?? isStoragePartitioned(options.hubUrl));
  const store =
    options.store ??
    (options.hubUrl && !partitioned
      ? createCrossStorageClient({ hubUrl: options.hubUrl, timeoutMs: ACTIVITY_CROSS_STORAGE_TIMEOUT_MS })
      : defaultStore());
  const serverCopy = options.serverCopy ?? true;
  const schedule: SetTimeoutLike = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const unschedule: ClearTimeoutLike =
    options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  // No default here: the device probes live in the core script, and loadVisitorLayer passes them in.
  const { deviceId } = options;

  const records = createVisitorRecordStore({
    environment,
    ...cookieKeysFor(pravesh, options),
    cookies,
    now,
    ...(options.cookieDomain ? { domain: options.cookieDomain } : {}),
  });

  const visits = createVisitTracker({
    records,
    createVisit: async (body) =>
      (await pravesh.request<{ visitId?: unknown } | undefined>('POST', VISIT_PATH, { body }))?.visitId,
    track: (event) => pravesh.track(event),
    now,
    ...(deviceId ? { deviceId } : {}),
    // Without a shield config (keys given by a test) the server names the visit from the site list.
    siteName: pravesh.config?.siteName,
    onError: (error) => logger.warn('visit check failed', error),
    ...(options.setTimeout ? { setTimeout: options.setTimeout } : {}),
    ...(options.clearTimeout ? { clearTimeout: options.clearTimeout } : {}),
    ...('target' in options ? { target: options.target } : {}),
    ...(options.url ? { url: options.url } : {}),
  });

  const accessToken =
    options.accessToken ?? (() => readCookie(cookies, accessTokenCookieName(environment, siteId)) || undefined);

  /**
   * A server call about the visitor and, when signed in, their customer: the customerId is sent
   * only with the customer's access token (in the pass token's sso strategy, which the HTTP client
   * fills from the sso-authentication-token header), since the server refuses one without it.
   * With no token, or one the server no longer accepts, the call is made for the visitor alone;
   * `asCustomer` says which was answered.
   */
  async function asCustomer<T>(
    path: string,
    body: Record<string, unknown>,
    customer: Customer | undefined,
  ): Promise<{ answer: T; asCustomer: boolean }> {
    const visitorOnly = async () => ({ answer: await pravesh.request<T>('POST', path, { body }), asCustomer: false });
    if (!customer || !GUID.test(customer.customerId)) return visitorOnly();
    const token = await accessToken();
    if (!token) return visitorOnly();
    try {
      const answer = await pravesh.request<T>('POST', path, {
        body: { ...body, customerId: customer.customerId },
        headers: { 'sso-authentication-token': token },
      });
      return { answer, asCustomer: true };
    } catch (error) {
      if ((error as { statusCode?: unknown } | null)?.statusCode !== TOKEN_NOT_VALIDATED) throw error;
      return visitorOnly();
    }
  }

  /** Server copies under way: a storage change resolves once the ones it started have settled. */
  const sharing = new Set<Promise<void>>();
  /** The server's copy of a stored change, so it can be merged on another site after sign-in. */
  function share(change: SiteChange): void {
    const record = records.read();
    if (!serverCopy || !record) return;
    const send = async () => {
      const customer = await records.getCustomer(record);
      const body: Record<string, unknown> = { ...change, visitorId: record.visitorId };
      if (record.visit !== undefined) body.visitId = record.visit;
      await asCustomer(SHARE_ACTIVITY_PATH, body, customer);
    };
    const sent: Promise<void> = send()
      .catch((error: unknown) => logger.warn('activity not shared', error))
      .then(() => void sharing.delete(sent));
    sharing.add(sent);
  }

  const storageOptions: SharedStorageOptions = {
    store,
    environment,
    siteId,
    storageId: () => activeStorageId(records.ensure()),
    visit: () => records.read()?.visit,
    now,
    onChange: share,
  };
  // Refused here as createSharedStorage would, though shared storage is made on its first call.
  storageSiteId(siteId);
  let sharedStorage: Promise<SharedStorage> | undefined;
  /** Shared storage, its part loaded with the first call (lazy-parts.ts); a failed load is tried again. */
  function loadSharedStorage(): Promise<SharedStorage> {
    sharedStorage ??= loadStorage().then(
      ({ createSharedStorage }) => createSharedStorage(storageOptions),
      (error: unknown) => {
        sharedStorage = undefined;
        throw error;
      },
    );
    return sharedStorage;
  }
  // One maintenance at a time: a sign-in during the page's first run queues behind it. Most pages
  // have nothing to purge or merge, and load the maintenance part only when they have.
  let maintaining: Promise<void> = Promise.resolve();
  /** Resolves once `work` has settled, or after `ms`, whichever comes first. */
  async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
    let timer: unknown;
    await Promise.race([
      work.then(
        () => undefined,
        () => undefined,
      ),
      new Promise<void>((resolve) => (timer = schedule(resolve, ms))),
    ]);
    unschedule(timer);
  }
  /** Calls made while the storage part loads reach the storage in the order they were made. */
  const via = <T>(use: (target: SharedStorage) => Promise<T>) => loadSharedStorage().then(use);
  /** A read, once the merge under way (if any) has landed, or MERGE_WAIT_MS has passed. */
  const merged = <T>(use: (target: SharedStorage) => Promise<T>) =>
    settledWithin(maintaining, MERGE_WAIT_MS).then(() => via(use));
  /**
   * A change, acknowledged once the server copies it started have been sent too (or SHARE_WAIT_MS
   * has passed): acknowledged means stored on the server as well, so the caller may leave the page.
   */
  const stored = <T>(use: (target: SharedStorage) => Promise<T>) =>
    via(use).then(async (result) => {
      await settledWithin(Promise.all(sharing), SHARE_WAIT_MS);
      return result;
    });
  const storage: SharedStorage = {
    setItem: (item) => stored((target) => target.setItem(item)),
    updateItem: (item) => stored((target) => target.updateItem(item)),
    deleteItem: (ref) => stored((target) => target.deleteItem(ref)),
    setApplication: (id, payload) => stored((target) => target.setApplication(id, payload)),
    deleteApplication: (id, applicationId) => stored((target) => target.deleteApplication(id, applicationId)),
    setAllSiteData: (data) => stored((target) => target.setAllSiteData(data)),
    getSiteData: (id) => merged((target) => target.getSiteData(id)),
    getAllSiteData: (storageId) => merged((target) => target.getAllSiteData(storageId)),
  };

  const maintenance: LayerMaintenanceOptions = {
    environment,
    records,
    store,
    cookies,
    workers: options.workers,
    logger,
    now,
  };
  if (serverCopy) {
    maintenance.fetchHistory = async (visitorId, customer) => {
      const { answer, asCustomer: named } = await asCustomer<{ sites?: unknown } | undefined>(
        HISTORY_PATH,
        { visitorId },
        customer,
      );
      const sites = answer?.sites;
      return {
        sites: typeof sites === 'object' && sites !== null ? (sites as Record<string, unknown>) : undefined,
        asCustomer: named,
      };
    };
  }

  const provideTrackingData = trackingDataProvider({
    siteId,
    record: () => records.read(),
    customer: (record) => records.getCustomer(record),
    ...(deviceId ? { deviceId } : {}),
  });

  const mergeListeners = new Set<() => void>();
  function maintain(): Promise<void> {
    maintaining = maintaining.then(async () => {
      if (!maintenanceDue(records.read(), cookies.read())) return;
      const merged = await loadMaintenance().then(
        async ({ maintainStorage }) => (await maintainStorage(maintenance)).sites,
        (error: unknown) => {
          logger.warn('maintenance not loaded', error);
          return [];
        },
      );
      if (merged.length === 0) return;
      for (const listener of mergeListeners) {
        try {
          listener();
        } catch (error) {
          logger.warn('merge listener failed', error);
        }
      }
    });
    return maintaining;
  }

  return {
    records,
    visits,
    storage,
    partitioned,
    async start() {
      const record = records.ensure();
      // Partitioned and signed in: merge the server's history on every page (the sync flag), since
      // activity from other sites reaches this one only through the server.
      if (partitioned && serverCopy && !record.syncGuc && (await records.getCustomer(record))) {
        records.write({ ...record, syncGuc: true, updatedAt: now() });
      }
      pravesh.setTrackingData(provideTrackingData);
      try {
        return await visits.start();
      } finally {
        void maintain();
      }
    },
    stop() {
      visits.stop();
      pravesh.setTrackingData(undefined);
    },
    async setCustomer(customer) {
      const change = await records.setCustomer(siteId, customer);
      // spec 000 §4: a new visit when a customer is set; the sync merges their earlier activity.
      if (change === 'set') await visits.newVisit('customer');
      // Unchanged too: a merge that ran before this site had the customer's access token kept the
      // sync flag (storage-maintenance.ts), and runs again now. With nothing due, nothing loads.
      void maintain();
      return change;
    },
    getCustomer: () => records.getCustomer(),
    trackingData: provideTrackingData,
    // A convenience list: a part that cannot load shows no rows, as unreadable storage does.
    recentActivity: (overrides) =>
      merged(async (target) => {
        const { getRecentActivity } = await loadStorage();
        return getRecentActivity(target, { ...options.recentActivity, ...overrides });
      }).catch(() => []),
    maintain,
    onMerged(listener) {
      mergeListeners.add(listener);
      return () => void mergeListeners.delete(listener);
    },
  };
}
