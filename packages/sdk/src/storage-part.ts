/**
 * Shared storage and the recent activity read from it (spec 000 §3, §5, §9): a part of the visitor
 * layer loaded with the page's first storage call (lazy-parts.ts), since the entry rules, the item
 * operations and the recent-activity selection run only when a page reads or stores activity.
 */
export { createSharedStorage } from './shared-storage.ts';
export { getRecentActivity } from './recent-activity.ts';
