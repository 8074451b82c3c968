import type { SiteEntry } from './site-entry-schemas.ts';
import { timeMs } from './json-checks.ts';

/**
 * The historical merge after sign-in (spec 000 §4: "the sync flag clears after historical data is
 * merged"), zod-free for the SDK's sync worker. Same rule as visits/shared-data.ts
 * mergeItems/mergeSiteEntries (a test keeps them equal): one copy of each item by id and type,
 * the most recently updated winning, ties to the incoming side.
 */

/** Items are the same when id and type match (a lead has no type: its id alone). */
function itemKey(item: { id: string | number; type?: string }): string {
  return `${item.type ?? ''}\u0001${String(item.id)}`;
}

function updatedMs(value: string | number | undefined): number {
  return timeMs(value) ?? Number.NEGATIVE_INFINITY;
}

export function mergeEntryItems<T extends { id: string | number; type?: string; updatedAt?: string | number }>(
  existing: readonly T[],
  incoming: readonly T[],
): T[] {
  const merged = new Map<string, T>();
  for (const item of existing) merged.set(itemKey(item), item);
  for (const item of incoming) {
    const key = itemKey(item);
    const current = merged.get(key);
    if (!current || updatedMs(item.updatedAt) >= updatedMs(current.updatedAt)) merged.set(key, item);
  }
  return [...merged.values()];
}

function later(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** Two entries of the same site as one: items by id, the newer dates, visit and shared data win. */
export function mergeSiteEntryPair(a: SiteEntry, b: SiteEntry): SiteEntry {
  const newer = Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
  const older = newer === b ? a : b;
  return {
    siteId: a.siteId,
    createdAt: Date.parse(b.createdAt) < Date.parse(a.createdAt) ? b.createdAt : a.createdAt,
    updatedAt: newer.updatedAt,
    visit: newer.visit ?? a.visit ?? b.visit,
    data: mergeEntryItems(a.data, b.data),
    leads: mergeEntryItems(a.leads, b.leads),
    sharedData: a.sharedData || b.sharedData ? { ...older.sharedData, ...newer.sharedData } : null,
    consentRecievedDate: later(a.consentRecievedDate, b.consentRecievedDate),
  };
}
