import { selectRecentActivity, type RecentActivityItem, type RecentActivityOptions } from '@pravesh/core';
import type { SharedStorage } from './shared-storage.ts';

/**
 * The nudge's recent activity (spec 000 §5, §9) from the site entries of the storage id of the
 * moment; the selection rule itself is core's selectRecentActivity, shared with the server.
 * Unreadable storage shows no rows rather than an error: the list is a convenience.
 */
export async function getRecentActivity(
  storage: Pick<SharedStorage, 'getAllSiteData'>,
  options: RecentActivityOptions = {},
): Promise<RecentActivityItem[]> {
  try {
    return selectRecentActivity(await storage.getAllSiteData(), options);
  } catch {
    return [];
  }
}
