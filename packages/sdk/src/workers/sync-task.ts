import { mergeSiteEntryPair, SITE_ENTRY_LIMIT_BYTES, validateSiteEntry, type SiteEntry } from '@pravesh/core';
import { siteIdFromKey } from '../shared-storage.ts';

/**
 * The sync worker's task (spec 000 §4: "the sync flag clears after historical data is merged"):
 * after sign-in, the site entries the visitor stored anonymously, the customer's own entries and
 * the customer's history from the server become one entry per site under the customer's storage.
 * Unreadable entries are skipped, never merged in; so are unreadable items of a readable entry.
 * Pure, like the purge task.
 */
export interface SyncInput {
  /** Raw stored entries of the anonymous storage id, by site id. */
  visitor: Record<string, string | null>;
  /** Raw stored entries of the customer's storage id, by site id. */
  customer: Record<string, string | null>;
  /** Entries from the server (getApplicationData), by site id. */
  server?: Record<string, unknown>;
  now: number;
  limitBytes?: number;
}

export interface SyncPlan {
  /** The entries to write under the customer's storage id. */
  merged: Record<string, SiteEntry>;
  /** Sites whose anonymous entry has been merged (or was unreadable) and can be deleted. */
  doneVisitorSites: string[];
}

/** A stored or server entry; an item in it that fails the rules is left out, not the entry. */
function readEntry(value: unknown, siteId: number, now: number): SiteEntry | undefined {
  try {
    return validateSiteEntry(typeof value === 'string' ? JSON.parse(value) : value, siteId, now, true);
  } catch {
    return undefined;
  }
}

function fits(entry: SiteEntry, limit: number): boolean {
  return new TextEncoder().encode(JSON.stringify(entry)).length <= limit;
}

export function planSync(input: SyncInput): SyncPlan {
  const limit = input.limitBytes ?? SITE_ENTRY_LIMIT_BYTES;
  const sites = new Set([
    ...Object.keys(input.visitor),
    ...Object.keys(input.customer),
    ...Object.keys(input.server ?? {}),
  ]);
  const merged: Record<string, SiteEntry> = {};
  const doneVisitorSites: string[] = [];
  for (const key of sites) {
    let siteId: number;
    try {
      siteId = siteIdFromKey(key);
    } catch {
      continue;
    }
    const own = readEntry(input.customer[key] ?? null, siteId, input.now);
    const fromServer = readEntry(input.server?.[key], siteId, input.now);
    const fromVisitor = readEntry(input.visitor[key] ?? null, siteId, input.now);
    let entry = own;
    let visitorMerged = fromVisitor === undefined;
    for (const part of [fromServer, fromVisitor]) {
      if (!part) continue;
      const next = entry ? mergeSiteEntryPair(entry, part) : part;
      // Over the limit the entry stays as it was (and an anonymous one stays where it is).
      if (!fits(next, limit)) continue;
      entry = next;
      if (part === fromVisitor) visitorMerged = true;
    }
    if (entry && entry !== own) merged[key] = entry;
    if (key in input.visitor && visitorMerged) doneVisitorSites.push(key);
  }
  return { merged, doneVisitorSites };
}
