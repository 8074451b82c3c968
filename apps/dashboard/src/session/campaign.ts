/**
 * spec 001 §3 "Campaign data (UTM)": utmSource defaults to "direct", source and utmTitle to
 * "MY_ACCOUNT"; the rest are taken as they come. Read from the address (utm_source or utmSource),
 * over what was stored before: a sign-in round trip drops the address's query, so the root screen
 * stores the campaign before it leaves (spec 001 §4 Login step 1 "The stored campaign data is read").
 */
export interface CampaignData {
  utmSource: string;
  source: string;
  utmTitle: string;
  utmContent?: string;
  utmMedium?: string;
  utmSourceId?: string;
  utmName?: string;
  utmTerm?: string;
  utm?: string;
  dataSource?: string;
  glssKey?: string;
  siteId?: string;
  fromApp?: string;
}

export const CAMPAIGN_DEFAULTS = { utmSource: 'direct', source: 'MY_ACCOUNT', utmTitle: 'MY_ACCOUNT' } as const;

/** Field → the query names it is read from, first found wins. */
const QUERY_NAMES: Record<keyof CampaignData, readonly string[]> = {
  utmSource: ['utm_source', 'utmSource'],
  source: ['source'],
  utmTitle: ['utm_title', 'utmTitle'],
  utmContent: ['utm_content', 'utmContent'],
  utmMedium: ['utm_medium', 'utmMedium'],
  utmSourceId: ['utm_source_id', 'utmSourceId'],
  utmName: ['utm_name', 'utm_campaign', 'utmName'],
  utmTerm: ['utm_term', 'utmTerm'],
  utm: ['utm'],
  dataSource: ['dataSource', 'data_source'],
  glssKey: ['glssKey'],
  siteId: ['siteId'],
  fromApp: ['fromApp'],
};

/** Campaign values are labels, not content: short, printable, no markup. */
const clean = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > 256 || /[<>"'`]/.test(trimmed)) return undefined;
  return [...trimmed].every((char) => char.charCodeAt(0) >= 0x20) ? trimmed : undefined;
};

export function readCampaign(search: string, stored: Partial<CampaignData> | null = null): CampaignData {
  const params = new URLSearchParams(search);
  const fromUrl: Partial<CampaignData> = {};
  for (const [field, names] of Object.entries(QUERY_NAMES) as [keyof CampaignData, readonly string[]][]) {
    for (const name of names) {
      const value = clean(params.get(name));
      if (value !== undefined) {
        fromUrl[field] = value;
        break;
      }
    }
  }
  return { ...CAMPAIGN_DEFAULTS, ...stored, ...fromUrl };
}

/** spec 001 §4: app_ios, app_android and mobile_app sources with a glssKey are the native app's. */
export const APP_SOURCES = ['app_ios', 'app_android', 'mobile_app'] as const;

export function isNativeAppJourney(campaign: CampaignData | null): boolean {
  if (!campaign?.glssKey) return false;
  const source = [campaign.utmSource, campaign.source, campaign.fromApp].map((value) => value?.toLowerCase());
  return APP_SOURCES.some((app) => source.includes(app));
}

/**
 * spec 001 §2 "For a mobile or webview source, the header action button is hidden on the two
 * account-aggregator screens": the app sources, a webview source, or a page opened from the app
 * (fromApp), with or without a glssKey.
 */
export function isMobileOrWebviewSource(campaign: CampaignData | null): boolean {
  if (!campaign) return false;
  const sources = [campaign.utmSource, campaign.source].map((value) => value?.toLowerCase());
  const fromApp = campaign.fromApp?.toLowerCase();
  return (
    [...APP_SOURCES, 'webview'].some((app) => sources.includes(app)) ||
    (fromApp !== undefined && !['false', '0', 'no'].includes(fromApp))
  );
}
