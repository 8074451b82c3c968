import { canContinueLead, isLeadStatus, LEAD_STATUS_LABELS, type LeadStatus } from '../leads/lifecycle.ts';
import { isObject, timeMs, type Loose } from './json-checks.ts';
import {
  RECENT_ACTIVITY_PER_SITE,
  RECENT_ACTIVITY_SITES,
  RECENT_ACTIVITY_TOTAL,
  type RecentActivitySite,
} from './recent-activity-sites.ts';

/**
 * Recent activity (spec 000 §5, §9): the rows the nudge's "Recent Activity" list shows, picked from
 * the site entries of shared storage. Pure and total, so the nudge, the dashboard and the server
 * pick the same rows from the same entries, and stored garbage never breaks the list.
 */
export interface RecentActivityItem {
  readonly siteId: number;
  readonly id: string | number;
  readonly type: string;
  readonly product: string | undefined;
  /** From the recent-activity site list (spec 000 §3). */
  readonly title: string;
  readonly subtitle: string;
  readonly icon: string;
  /** The item's own texts, for a caller that shows them under the site's. */
  readonly itemTitle: string | undefined;
  readonly itemSubtitle: string | undefined;
  readonly continueUrl: string;
  /**
   * The status label of an application that can no longer be continued (canContinueLead: withdrawn,
   * rejected, expired, completed), shown instead of Continue as My Account shows it; undefined
   * while it is open, or when neither the item nor another with its continue address carries a
   * status we know.
   */
  readonly closedLabel: string | undefined;
  /** Epoch milliseconds. */
  readonly updatedAt: number;
}

export interface RecentActivityOptions {
  /** The configured sites; others are skipped. Default: the recent-activity site list. */
  sites?: readonly RecentActivitySite[];
  /** siteTotalDisplayCount (default 2). */
  perSite?: number;
  /** Rows in total (default 10). */
  total?: number;
}

/**
 * A continue link is rendered as a link: only web addresses and same-site paths are kept, so a
 * stored "javascript:" address cannot become a script on the page that shows it.
 */
function isContinueUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i.test(value);
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function count(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

/**
 * An item's application status is its last application's state (spec 000 §3 "Application"), when
 * it is one of ours (leads/lifecycle.ts, as the leads service writes it); a partner's own words are
 * not judged.
 */
function applicationStatus(item: Loose): LeadStatus | undefined {
  const applications = Array.isArray(item.application) ? (item.application as unknown[]) : [];
  const last = applications[applications.length - 1];
  const state = isObject(last) ? last.state : undefined;
  return isLeadStatus(state) ? state : undefined;
}

/**
 * Each application's status by its continue address, from every site's items that carry one: the
 * leads service keeps its item on the product line's site, while the nudge's own note of an apply
 * (sdk applicationItem) has the lead's address but no status, and learns it here. So an application
 * withdrawn in My Account stops offering Continue wherever it is listed.
 */
function statusByAddress(entries: Readonly<Record<string, unknown>>): Map<string, LeadStatus> {
  const statuses = new Map<string, LeadStatus>();
  for (const entry of Object.values(entries)) {
    if (!isObject(entry) || !Array.isArray(entry.data)) continue;
    for (const item of entry.data as unknown[]) {
      if (!isObject(item) || typeof item.continueUrl !== 'string') continue;
      const status = applicationStatus(item);
      if (status) statuses.set(item.continueUrl, status);
    }
  }
  return statuses;
}

/** Newest first; equal times keep their order (site list order, then stored order). */
function newestFirst(items: RecentActivityItem[]): RecentActivityItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.updatedAt - a.item.updatedAt || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Items without continueUrl or updatedAt are hidden; sites not in the configured list are
 * skipped; at most `perSite` rows per site and `total` in all, newest first.
 */
export function selectRecentActivity(
  entries: Readonly<Record<string, unknown>>,
  options: RecentActivityOptions = {},
): RecentActivityItem[] {
  const sites = options.sites ?? Object.values(RECENT_ACTIVITY_SITES);
  const perSite = count(options.perSite, RECENT_ACTIVITY_PER_SITE);
  const total = count(options.total, RECENT_ACTIVITY_TOTAL);
  const statuses = statusByAddress(entries);
  const seen = new Set<number>();
  const rows: RecentActivityItem[] = [];
  for (const site of sites) {
    if (seen.has(site.siteId)) continue;
    seen.add(site.siteId);
    const entry = Object.prototype.hasOwnProperty.call(entries, String(site.siteId))
      ? entries[String(site.siteId)]
      : undefined;
    if (!isObject(entry) || !Array.isArray(entry.data)) continue;
    const items: RecentActivityItem[] = [];
    for (const item of entry.data as unknown[]) {
      if (!isObject(item) || !isContinueUrl(item.continueUrl)) continue;
      const updatedAt = timeMs(item.updatedAt);
      const id = item.id;
      if (updatedAt === undefined || (typeof id !== 'string' && typeof id !== 'number')) continue;
      const status = applicationStatus(item) ?? statuses.get(item.continueUrl);
      items.push({
        siteId: site.siteId,
        id,
        type: typeof item.type === 'string' ? item.type : '',
        product: optionalText(item.product),
        title: site.title,
        subtitle: site.subtitle,
        icon: site.icon,
        itemTitle: optionalText(item.title),
        itemSubtitle: optionalText(item.subtitle),
        continueUrl: item.continueUrl,
        closedLabel: status && !canContinueLead(status) ? LEAD_STATUS_LABELS[status] : undefined,
        updatedAt,
      });
    }
    rows.push(...newestFirst(items).slice(0, perSite));
  }
  return newestFirst(rows).slice(0, total);
}
