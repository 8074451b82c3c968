/**
 * The analytics data layer of spec 001 §7: events carry dashboardType, category, label, lob
 * ("myAccount"), platform ("Web"), page, action and event, where the action names the event:
 * viewed → virtualPageview, clicked → buttonClick, submitted → formSubmit; requested, apiResponse
 * and received keep their own names. Each event goes to the page's data layer (window.dataLayer,
 * for a tag manager) and to the server through the SDK's track(), i.e. POST pbguc/event/produce.
 */
export type AnalyticsAction = 'viewed' | 'clicked' | 'submitted' | 'requested' | 'apiResponse' | 'received';

export const ACTION_EVENTS: Readonly<Record<AnalyticsAction, string>> = {
  viewed: 'virtualPageview',
  clicked: 'buttonClick',
  submitted: 'formSubmit',
  requested: 'requested',
  apiResponse: 'apiResponse',
  received: 'received',
};

export const LOB = 'myAccount';
export const PLATFORM = 'Web';
/** spec 001 §3 common data: "device (desktop at width 768 or more, otherwise mobile)". */
export const DESKTOP_MIN_WIDTH = 768;

export interface AnalyticsInput {
  action: AnalyticsAction;
  category: string;
  label: string;
  page: string;
  dashboardType?: string;
}

export interface DataLayerEvent {
  dashboardType: string;
  category: string;
  label: string;
  lob: typeof LOB;
  platform: typeof PLATFORM;
  page: string;
  action: AnalyticsAction;
  event: string;
}

export function dataLayerEvent(input: AnalyticsInput): DataLayerEvent {
  return {
    dashboardType: input.dashboardType ?? 'myAccount',
    category: input.category,
    label: input.label,
    lob: LOB,
    platform: PLATFORM,
    page: input.page,
    action: input.action,
    event: ACTION_EVENTS[input.action],
  };
}

export const deviceFor = (width: number): 'desktop' | 'mobile' => (width >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile');

/** The SDK's track() (Pravesh.track): one event to pbguc/event/produce. */
export type TrackSink = (event: {
  event: string;
  category: string;
  action: string;
  label: string;
  lob: string;
  pageType: string;
  userType?: string;
  data: Record<string, unknown>;
}) => Promise<unknown>;

export interface Analytics {
  track(input: AnalyticsInput, common?: { userType?: string }): void;
}

export function createAnalytics(options: { sink: TrackSink; dataLayer?: unknown[]; width?: () => number }): Analytics {
  const width = options.width ?? (() => window.innerWidth);
  return {
    track(input, common = {}) {
      const pushed = dataLayerEvent(input);
      const device = deviceFor(width());
      options.dataLayer?.push({ ...pushed, device });
      // Analytics never gets in a customer's way: a failed event is dropped.
      options
        .sink({
          event: pushed.event,
          category: pushed.category,
          action: pushed.action,
          label: pushed.label,
          lob: pushed.lob,
          pageType: pushed.page,
          ...(common.userType ? { userType: common.userType } : {}),
          data: { dashboardType: pushed.dashboardType, platform: pushed.platform, page: pushed.page, device },
        })
        .catch(() => undefined);
    },
  };
}
