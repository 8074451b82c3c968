import {
  PURGE_TOTAL_MAX_BYTES,
  PURGE_COOKIE_MAX_BYTES,
  applyCookiePurge,
  cookieBytes,
  type Logger,
} from './cookie-purge.ts';
import { parseCookies, type CookieJar } from './cookies.ts';
import { activeStorageId, findCustomerMapping } from './customer-storage-mapping.ts';
import type { KeyValueStore } from './key-value-store.ts';
import { siteEntryPrefix } from './shared-storage.ts';
import type { Customer, VisitorRecordStore } from './visitor-record.ts';
import type { PurgeInput, PurgePlan } from './workers/purge-task.ts';
import type { SyncInput, SyncPlan } from './workers/sync-task.ts';
import type { Environment, VisitorRecord } from '@pravesh/core';

/**
 * The page's half of the two background workers (spec 000 §4, §7): it takes the snapshot a worker
 * cannot take (document.cookie, storage), hands it over, applies the answer, and clears the
 * record's flag once done — purgeStorage after the purge, syncGuc after the historical merge.
 */
export interface MaintenanceOptions {
  environment: Environment;
  records: Pick<VisitorRecordStore, 'read' | 'ensure' | 'write' | 'cookieName' | 'getCustomer'>;
  store: KeyValueStore;
  cookies: CookieJar;
  /** Where the page is, for deleting cookies on each domain and path (default location). */
  where?: () => { hostname: string; pathname: string };
  runPurge: (input: PurgeInput) => Promise<PurgePlan>;
  runSync: (input: SyncInput) => Promise<SyncPlan>;
  /** The customer's entries on the server (getApplicationData). */
  fetchHistory?: (visitorId: string, customer: Customer) => Promise<ServerHistory>;
  logger: Logger;
  now?: () => number;
  limitBytes?: number;
}

/** What the server answered for the merge. */
export interface ServerHistory {
  /** The entries by site id; undefined: none. */
  sites: Record<string, unknown> | undefined;
  /**
   * Whether they were asked for as the customer. Without this site's access token (on a new
   * device's second site, the merge can run before that site's silent sign-on has written it) or
   * with one the server refuses, the server answers for the visitor alone, without the entries
   * the customer made elsewhere.
   */
  asCustomer: boolean;
}

function defaultWhere(): { hostname: string; pathname: string } {
  return typeof location === 'undefined'
    ? { hostname: '', pathname: '/' }
    : { hostname: location.hostname, pathname: location.pathname };
}

/** Cheap check on the page, so the worker starts only when there is something to purge. */
export function cookiesOverLimits(header: string): boolean {
  const cookies = parseCookies(header);
  const sizes = cookies.map(cookieBytes);
  return (
    sizes.some((bytes) => bytes > PURGE_COOKIE_MAX_BYTES) || sizes.reduce((a, b) => a + b, 0) > PURGE_TOTAL_MAX_BYTES
  );
}

/** Whether the purge has work: the record asks for it (purgeStorage) or the cookies are over the limits. */
export function purgeDue(record: VisitorRecord | undefined, cookieHeader: string): boolean {
  return record?.purgeStorage === true || cookiesOverLimits(cookieHeader);
}

/** Whether the sync has work: the record asks for the historical merge (syncGuc). */
export function syncDue(record: VisitorRecord | undefined): boolean {
  return record?.syncGuc === true;
}

/**
 * Whether either worker has work now. Most pages have none, so the visitor layer asks this first
 * and loads the maintenance part (maintenance.ts, a script of its own) only when one has.
 */
export function maintenanceDue(record: VisitorRecord | undefined, cookieHeader: string): boolean {
  return purgeDue(record, cookieHeader) || syncDue(record);
}

async function snapshot(store: KeyValueStore, prefix: string): Promise<Record<string, string | null>> {
  const keys = (await store.getKeys()).filter((key) => key.startsWith(prefix));
  const values = await store.get(keys);
  return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? null]));
}

function bySite(values: Record<string, string | null>, prefix: string): Record<string, string | null> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key.slice(prefix.length), value]));
}

export interface PurgeOutcome {
  ran: boolean;
  cookies: string[];
  failedCookies: string[];
  keys: string[];
}

/** Runs the purge when cookies are over the limits or the record asks for it (purgeStorage). */
export async function runPurgeMaintenance(options: MaintenanceOptions): Promise<PurgeOutcome> {
  const { records, store, cookies } = options;
  const now = options.now ?? Date.now;
  const record = records.read();
  const header = cookies.read();
  const purgeStorage = record?.purgeStorage === true;
  if (!purgeDue(record, header)) return { ran: false, cookies: [], failedCookies: [], keys: [] };

  const prefix = `${records.cookieName}:`;
  const input: PurgeInput = { cookies: parseCookies(header), keep: [records.cookieName], now: now() };
  if (purgeStorage && record) {
    const live = [record.visitorId, ...Object.keys(record.customerStorageMapping)];
    input.storage = { prefix, values: await snapshot(store, prefix), live };
    if (options.limitBytes !== undefined) input.storage.limitBytes = options.limitBytes;
  }
  const plan = await options.runPurge(input);
  const cookieNames = Array.isArray(plan.cookies) ? plan.cookies.filter((name) => name !== records.cookieName) : [];
  const keys = Array.isArray(plan.keys) ? plan.keys.filter((key) => key.startsWith(prefix)) : [];
  const { deleted, failed } = applyCookiePurge(cookies, cookieNames, (options.where ?? defaultWhere)(), options.logger);
  if (keys.length > 0) await store.del(keys);
  if (purgeStorage) records.write({ ...records.ensure(), purgeStorage: false, updatedAt: now() });
  return { ran: true, cookies: deleted, failedCookies: failed, keys };
}

export interface SyncOutcome {
  ran: boolean;
  sites: string[];
}

/**
 * After sign-in (syncGuc), merges the anonymous entries and the server's history into the
 * customer's storage, deletes the merged anonymous copies and clears the flag. When the history
 * cannot be fetched, or only the visitor's could, the flag stays: the sign-on client asks for the
 * merge again once it has this site's access token (sso/visitor-link.ts), else the next page does.
 */
export async function runSyncMaintenance(options: MaintenanceOptions): Promise<SyncOutcome> {
  const { records, store, environment } = options;
  const now = options.now ?? Date.now;
  const record = records.read();
  if (!record || !syncDue(record)) return { ran: false, sites: [] };
  const clear = () => records.write({ ...records.ensure(), syncGuc: false, updatedAt: now() });
  const customer = findCustomerMapping(record) ? await records.getCustomer(record) : undefined;
  if (!customer) {
    // Nobody to merge into (signed out, or the customer fields cannot be opened with our key).
    clear();
    return { ran: false, sites: [] };
  }
  const visitorPrefix = siteEntryPrefix(environment, record.visitorId);
  const customerPrefix = siteEntryPrefix(environment, activeStorageId(record));
  const server = options.fetchHistory ? await options.fetchHistory(record.visitorId, customer) : undefined;
  const input: SyncInput = {
    visitor: bySite(await snapshot(store, visitorPrefix), visitorPrefix),
    customer: bySite(await snapshot(store, customerPrefix), customerPrefix),
    now: now(),
  };
  if (server?.sites) input.server = server.sites;
  if (options.limitBytes !== undefined) input.limitBytes = options.limitBytes;
  const plan = await options.runSync(input);
  const sites = Object.keys(plan.merged ?? {});
  for (const site of sites) await store.set(`${customerPrefix}${site}`, JSON.stringify(plan.merged[site]));
  const done = Array.isArray(plan.doneVisitorSites) ? plan.doneVisitorSites : [];
  if (done.length > 0) await store.del(done.map((site) => `${visitorPrefix}${site}`));
  if (!server || server.asCustomer) clear();
  return { ran: true, sites };
}
