import { siteIdOf, SITE_ENTRY_LIMIT_BYTES } from '@pravesh/core';
import { planCookiePurge } from '../cookie-purge.ts';
import type { Cookie } from '../cookies.ts';
import { parseStoredEntry } from '../shared-storage.ts';

/**
 * The purge worker's task (spec 000 §4, §5): from a snapshot of the page's cookies and of shared
 * storage, what to delete. Pure — a worker has no document.cookie, so the page takes the snapshot
 * and applies the answer — and so it runs the same on the main thread when no worker can start.
 */
export interface PurgeInput {
  cookies: Cookie[];
  /** Cookies never purged: the visitor cookie. */
  keep: string[];
  /** Shared storage to clean (only when the purgeStorage flag asks for it). */
  storage?: {
    /** The environment's key prefix, e.g. "PBGUC_DEV:". */
    prefix: string;
    values: Record<string, string | null>;
    /** Storage ids still in use: the visitor's and the mapped customers'. */
    live: string[];
    limitBytes?: number;
  };
  now: number;
}

export interface PurgePlan {
  cookies: string[];
  keys: string[];
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * A storage key goes when its value cannot be read as a site entry, is over the size limit, names
 * no configured site, or belongs to a storage id no longer in use (a customer dropped from the
 * record's mapping: nothing could ever read it again).
 */
function purgeKey(
  key: string,
  value: string | null,
  storage: NonNullable<PurgeInput['storage']>,
  now: number,
): boolean {
  if (value === null) return false;
  const rest = key.slice(storage.prefix.length);
  const separator = rest.lastIndexOf(':');
  const storageId = rest.slice(0, separator);
  const siteKey = rest.slice(separator + 1);
  const siteId = siteIdOf(siteKey);
  if (separator === -1 || siteId === undefined || String(siteId) !== siteKey) return true;
  if (!storage.live.includes(storageId)) return true;
  if (utf8Length(value) > (storage.limitBytes ?? SITE_ENTRY_LIMIT_BYTES)) return true;
  try {
    parseStoredEntry(value, siteId, now);
    return false;
  } catch {
    return true;
  }
}

export function planPurge(input: PurgeInput): PurgePlan {
  const { storage } = input;
  const keys = storage
    ? Object.entries(storage.values)
        .filter(([key, value]) => key.startsWith(storage.prefix) && purgeKey(key, value, storage, input.now))
        .map(([key]) => key)
    : [];
  return { cookies: planCookiePurge(input.cookies, input.keep), keys };
}
