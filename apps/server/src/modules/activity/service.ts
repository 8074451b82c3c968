import {
  PraveshError,
  SITE_IDS,
  UNSTORABLE_TEXT_MESSAGE,
  assertSharedDataSize,
  findSite,
  jsonHasUnstorableText,
  mergeSiteEntries,
  parseDataItem,
  parseLead,
  type DataItem,
  type GetApplicationDataBody,
  type GetApplicationDataResponse,
  type Lead,
  type SiteEntry,
  type StoreActivityBody,
  type StoreActivityResponse,
} from '@pravesh/core';
import type { ActivityChange, ActivityRow, ActivityStore } from './store.ts';

type Item = { id: string | number; type?: string; createdAt?: string | number; updatedAt?: string | number };

function keyOf(item: Item): string {
  return `${item.type ?? ''}\u0001${String(item.id)}`;
}

/**
 * Stores incoming items over existing ones by id (and type): a stored item keeps its createdAt,
 * an item without updatedAt is stamped with the time it arrived (recent activity hides items
 * without one, spec 000 §5).
 */
function upsertItems<T extends Item>(existing: readonly T[], incoming: readonly T[], at: number): T[] {
  const merged = new Map<string, T>(existing.map((item) => [keyOf(item), item]));
  for (const item of incoming) {
    const key = keyOf(item);
    const createdAt = merged.get(key)?.createdAt ?? item.createdAt ?? at;
    merged.set(key, { ...item, createdAt, updatedAt: item.updatedAt ?? at });
  }
  return [...merged.values()];
}

/**
 * A customer's entry with what the visitor stored before signing in taken in (spec 000 §4 sync
 * flag; store.ts update hands it over and removes it): the customer's own items win on an id.
 */
function withAnonymous(current: ActivityChange, anonymous: ActivityChange | undefined, at: number): ActivityChange {
  if (!anonymous) return current;
  return {
    data: upsertItems(anonymous.data as DataItem[], current.data as DataItem[], at),
    leads: upsertItems(anonymous.leads as Lead[], current.leads as Lead[], at),
    sharedData: anonymous.sharedData ? { ...anonymous.sharedData, ...current.sharedData } : current.sharedData,
    visitId: current.visitId ?? anonymous.visitId,
  };
}

function validSiteId(id: number): number {
  if (!findSite(id)) throw new PraveshError('invalidSiteId', { id, valid: SITE_IDS.join(', ') });
  return id;
}

function toEntry(row: ActivityRow): SiteEntry {
  return {
    siteId: row.siteId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    visit: row.visitId,
    data: row.data as DataItem[],
    leads: row.leads as Lead[],
    sharedData: (row.sharedData ?? null) as SiteEntry['sharedData'],
    consentRecievedDate: null,
  };
}

export function createActivityService(store: ActivityStore, now: () => number = Date.now) {
  return {
    /** POST pbguc/activity: validates with the catalogue's messages (spec 000 §5, §8), then merges. */
    async store(body: StoreActivityBody, callerSiteId: number): Promise<StoreActivityResponse> {
      const siteId = validSiteId(body.siteId ?? callerSiteId);
      // A site writes its own entry; reading across sites is what getApplicationData is for.
      if (siteId !== callerSiteId) throw new PraveshError('authentication');
      const update = body.action === 'update';
      const data = (body.data ?? []).map((item, index) => parseDataItem(item, { update, where: `data.${index}` }));
      const leads = (body.leads ?? []).map((lead, index) => parseLead(lead, `leads.${index}`));
      if (body.sharedData && jsonHasUnstorableText(body.sharedData)) {
        throw new PraveshError('badRequest', { detail: `sharedData: ${UNSTORABLE_TEXT_MESSAGE}` });
      }
      assertSharedDataSize({ data, leads, sharedData: body.sharedData });
      const at = now();

      // Customer ids are kept in lower case, as everywhere (uuid columns answer lower case): the
      // export and the erasure find the customer's entries by it.
      const customerId = body.customerId?.toLowerCase() ?? null;
      const row = await store.update(body.visitorId, siteId, customerId, (stored, anonymous) => {
        const current = withAnonymous(stored, anonymous, at);
        const existingData = current.data as DataItem[];
        if (update) {
          const known = new Set(existingData.map(keyOf));
          const unknown = data.find((item) => !known.has(keyOf(item)));
          if (unknown) throw new PraveshError('doesNotExist', { id: String(unknown.id).slice(0, 128) });
        }
        const next = {
          data: upsertItems(existingData, data, at),
          leads: upsertItems(current.leads as Lead[], leads, at),
          sharedData: body.sharedData ? { ...current.sharedData, ...body.sharedData } : current.sharedData,
          visitId: body.visitId ?? current.visitId,
        };
        // The limit holds for the whole entry as stored, not only for this call's part.
        assertSharedDataSize({ data: next.data, leads: next.leads, sharedData: next.sharedData });
        return next;
      });
      return {
        siteId,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        dataCount: row.data.length,
        leadCount: row.leads.length,
      };
    },

    /** POST pbguc/getApplicationData: entries per site, merged across the customer's visitors. */
    async read(body: GetApplicationDataBody): Promise<GetApplicationDataResponse> {
      if (body.siteId != null) validSiteId(body.siteId);
      const query = { ...body, customerId: body.customerId?.toLowerCase() ?? null };
      const [rows, consents] = await Promise.all([store.entries(query), store.consentDates(query)]);
      const sites: Record<string, SiteEntry> = {};
      // The visitor's own entries last, so that on equal times they win the merge.
      const ordered = [...rows].sort(
        (a, b) => Number(a.visitorId === body.visitorId) - Number(b.visitorId === body.visitorId),
      );
      for (const row of ordered) {
        const key = String(row.siteId);
        const entry = toEntry(row);
        const existing = sites[key];
        sites[key] = existing ? mergeSiteEntries(existing, entry) : entry;
      }
      for (const [siteId, receivedAt] of consents) {
        const key = String(siteId);
        const iso = receivedAt.toISOString();
        const entry = sites[key] ?? {
          siteId,
          createdAt: iso,
          updatedAt: iso,
          visit: null,
          data: [],
          leads: [],
          sharedData: null,
          consentRecievedDate: null,
        };
        sites[key] = { ...entry, consentRecievedDate: iso };
      }
      return { visitorId: body.visitorId, customerId: body.customerId ?? null, sites };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
