import {
  PraveshError,
  SITE_ENTRY_LIMIT_BYTES,
  SITE_IDS,
  siteIdOf,
  validateSiteEntry,
  visitorCookieName,
  type Application,
  type DataItem,
  type Environment,
  type Lead,
  type SiteEntry,
} from '@pravesh/core';
import { idLabel } from './id-label.ts';
import type { KeyValueStore } from './key-value-store.ts';
import * as ops from './site-entry-ops.ts';

/**
 * Shared storage (spec 000 §3 "Site entry in shared storage", §5 rules, §8 storage errors): one
 * site entry per site and per storage id (the visitor's, or the signed-in customer's), each under
 * its own key so sites never rewrite each other's entries. Every call checks its input first and
 * writes at most once, at the end: a refused call leaves the stored bytes as they were.
 * Calls of one page run one after another, so two writes of this page never lose each other.
 */
export interface SharedStorageOptions {
  store: KeyValueStore;
  environment: Environment;
  /** The calling site: the entry that item and application calls change. */
  siteId: number | string;
  /** The storage id now (see customer-storage-mapping.ts). */
  storageId: () => string | Promise<string>;
  /** The current visit id, kept as the entry's `visit`. */
  visit?: () => string | undefined;
  now?: () => number;
  /** Default 350 KB (spec 000 §5). */
  limitBytes?: number;
  /** Told after each stored change of an item, lead or application (for the server copy). */
  onChange?: (change: SiteChange) => void;
}

export interface SiteChange {
  /** set: create or replace; update: change existing ones (the server's activity actions). */
  action: 'set' | 'update';
  siteId: number;
  data?: DataItem[];
  leads?: Lead[];
}

export interface SharedStorage {
  setItem(item: unknown): Promise<DataItem>;
  updateItem(item: unknown): Promise<DataItem>;
  deleteItem(ref: unknown): Promise<void>;
  setApplication(id: unknown, payload: unknown): Promise<Application>;
  deleteApplication(id: unknown, applicationId: unknown): Promise<void>;
  /** Replaces the entries of the sites given, keyed by site id (as object keys: strings). */
  setAllSiteData(data: unknown): Promise<void>;
  /** One site's entry: "{id} - not found site data." when there is none. */
  getSiteData(siteId: unknown): Promise<SiteEntry>;
  /** Every readable entry of the storage id, keyed by site id; unreadable ones are left out. */
  getAllSiteData(storageId?: string): Promise<Record<string, SiteEntry>>;
}

/** The key prefix of one storage id's entries: `PBGUC_DEV:<storageId>:`. */
export function siteEntryPrefix(environment: Environment, storageId: string): string {
  return `${visitorCookieName(environment)}:${storageId}:`;
}

export function siteEntryKey(environment: Environment, storageId: string, siteId: number): string {
  return `${siteEntryPrefix(environment, storageId)}${siteId}`;
}

function invalidSiteId(id: unknown): PraveshError {
  return new PraveshError('invalidSiteId', { id: idLabel(id), valid: SITE_IDS.join(', ') });
}

/** The site a shared storage is for, by its id: "{id} - is not a valid site-Id. …" otherwise. */
export function storageSiteId(id: unknown): number {
  const siteId = siteIdOf(id);
  if (siteId === undefined) throw invalidSiteId(id);
  return siteId;
}

/** A site id key: a string naming a configured site exactly ("7", not 7 or "07"). */
export function siteIdFromKey(key: unknown): number {
  const siteId = typeof key === 'string' ? siteIdOf(key) : undefined;
  if (siteId === undefined || String(siteId) !== key) throw invalidSiteId(key);
  return siteId;
}

/** A stored value as an entry, or "Existing data is invalid". */
export function parseStoredEntry(raw: string, siteId: number, now: number): SiteEntry {
  try {
    return validateSiteEntry(JSON.parse(raw), siteId, now);
  } catch {
    throw new PraveshError('existingDataInvalid');
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function createSharedStorage(options: SharedStorageOptions): SharedStorage {
  const { store, environment } = options;
  const siteId = storageSiteId(options.siteId);
  const now = options.now ?? Date.now;
  const limit = options.limitBytes ?? SITE_ENTRY_LIMIT_BYTES;
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  /** The JSON to store, refused when over the limit: "Data size exceeds permissiable limit." */
  function encode(entry: SiteEntry): string {
    const json = JSON.stringify(entry);
    if (utf8Length(json) > limit) throw new PraveshError('dataSizeExceeded');
    return json;
  }

  function notify(change: SiteChange): void {
    try {
      options.onChange?.(change);
    } catch {
      // A listener's failure is not the caller's: the change is stored.
    }
  }

  /** Reads the calling site's entry, applies `op`, writes the result once. */
  function change<T>(op: (entry: SiteEntry | undefined, context: ops.OpContext) => ops.OpResult<T>): Promise<T> {
    return serial(async () => {
      const key = siteEntryKey(environment, await options.storageId(), siteId);
      const at = now();
      const [raw] = await store.get([key]);
      const before = raw === null || raw === undefined ? undefined : parseStoredEntry(raw, siteId, at);
      const { entry, result } = op(before, { siteId, now: at, visit: options.visit?.() });
      await store.set(key, encode(entry));
      return result;
    });
  }

  async function readAll(storageId: string): Promise<Record<string, SiteEntry>> {
    const prefix = siteEntryPrefix(environment, storageId);
    const keys = (await store.getKeys()).filter((key) => key.startsWith(prefix));
    const values = await store.get(keys);
    const at = now();
    const entries: [string, SiteEntry][] = [];
    keys.forEach((key, index) => {
      const raw = values[index];
      const id = key.slice(prefix.length);
      const known = siteIdOf(id);
      if (raw === null || raw === undefined || known === undefined || String(known) !== id) return;
      try {
        entries.push([id, parseStoredEntry(raw, known, at)]);
      } catch {
        // Unreadable entries are left for the purge (purgeStorage), not shown.
      }
    });
    return Object.fromEntries(entries);
  }

  return {
    async setItem(item) {
      const stored = await change((entry, context) => ops.setItem(entry, item, context));
      notify({ action: 'set', siteId, data: [stored] });
      return stored;
    },
    async updateItem(item) {
      const stored = await change((entry, context) => ops.updateItem(entry, item, context));
      notify({ action: 'update', siteId, data: [stored] });
      return stored;
    },
    async deleteItem(ref) {
      await change((entry, context) => ops.deleteItem(entry, ref, context));
    },
    async setApplication(id, payload) {
      const { application, parent } = await change((entry, context) => ops.setApplication(entry, id, payload, context));
      notify({ action: 'update', siteId, [parent.kind]: [parent.item] });
      return application;
    },
    async deleteApplication(id, applicationId) {
      const { parent } = await change((entry, context) => ops.deleteApplication(entry, id, applicationId, context));
      notify({ action: 'update', siteId, [parent.kind]: [parent.item] });
    },
    setAllSiteData(data) {
      return serial(async () => {
        const prototype = typeof data === 'object' && data !== null ? (Object.getPrototypeOf(data) as unknown) : 1;
        if (Array.isArray(data) || (prototype !== Object.prototype && prototype !== null)) {
          throw new PraveshError('badRequest', { detail: 'setAllSiteData needs an object keyed by site id' });
        }
        const at = now();
        // Everything is checked before the first write.
        const writes = Object.entries(data as Record<string, unknown>).map(([key, value]): [number, string] => {
          const id = siteIdFromKey(key);
          return [id, encode(validateSiteEntry(value, id, at))];
        });
        const storageId = await options.storageId();
        for (const [id, json] of writes) await store.set(siteEntryKey(environment, storageId, id), json);
      });
    },
    getSiteData(id) {
      return serial(async () => {
        const wanted = siteIdFromKey(id);
        const [raw] = await store.get([siteEntryKey(environment, await options.storageId(), wanted)]);
        if (raw === null || raw === undefined) throw new PraveshError('siteDataNotFound', { id: wanted });
        return parseStoredEntry(raw, wanted, now());
      });
    },
    getAllSiteData(storageId) {
      return serial(async () => readAll(storageId ?? (await options.storageId())));
    },
  };
}
