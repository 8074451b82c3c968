import { render } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import { OFFER_ROUTES } from '@pravesh/core/offers/routes.ts';
import { App } from '../app/app.tsx';
import { CREDIT_SCORES_PATH } from '../features/scores/api.ts';
import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import { accountUserInformationFixture } from '../features/add-ons/fixtures.ts';
import { ALERT_PATHS } from '../features/alerts/api.ts';
import { HOLDINGS_ROUTES } from '@pravesh/core/holdings/routes.ts';
import type { DashboardConfig } from '../app/config.ts';
import { createPersistence } from '../app/persist.ts';
import { createTestRouter } from '../app/router.tsx';
import type { Services, SignOnPort } from '../app/services.ts';
import { createStore, type AppStore } from '../app/store.ts';
import { apiErrorRecorded } from '../app/slices/utility.ts';
import type { NativeBridgeHost } from '../session/native-bridge.ts';
import { createAnalytics } from '../lib/analytics.ts';
import { createHttp, type Send } from '../lib/http.ts';
import { aesGcmCodec, memoryKeyStore } from '../lib/secure-storage.ts';

/**
 * Imports the lazily loaded screens (app/router.tsx) a test file opens, once, before its tests run.
 * A screen's first import in a fresh worker compiles its whole module tree, which under a full
 * two-worker run on a busy box has outlasted the renders' waits; imported first, each render's lazy
 * import is answered from the module cache and the waits measure the app, not the compiler.
 */
export function importScreensFirst(...loads: (() => Promise<unknown>)[]): void {
  beforeAll(async () => {
    await Promise.all(loads.map((load) => load()));
  }, 120_000);
}

/**
 * The dashboard on a test page: the real store, router, guard, flows, HTTP helper, persistence
 * (AES-GCM, as outside local) and analytics; the services' replies come from `routes` (a stand-in
 * for the API server, by path) and the sign-on client is a stand-in for the SDK's, recording calls.
 */
export const CUSTOMER = {
  customerId: '0b7c2a52-9d7e-4f7a-9a43-2c1d5b2f6e11',
  mobileNo: '9876501234',
  accessToken: 'access-token-1',
};

/** A reply: a value resolves, an Error rejects, a function answers from the body (and the query). */
export type Reply = unknown;

export function refusal(statusCode: string, httpStatus: number) {
  return Object.assign(new Error(statusCode), {
    name: 'PassRequestError',
    statusCode,
    httpStatus,
    body: { status: false, statusCode },
  });
}

export const DEFAULT_ROUTES: Record<string, Reply> = {
  [MY_ACCOUNT_ROUTES.session]: {
    customerId: CUSTOMER.customerId,
    sessionExpiresAt: '2026-12-01T00:00:00.000Z',
    siteId: 14,
  },
  [MY_ACCOUNT_ROUTES.getCustomerDetails]: {
    customerId: CUSTOMER.customerId,
    mobileNo: CUSTOMER.mobileNo,
    email: null,
    customerSince: '2024-03-15T10:00:00.000Z',
    personalDetails: null,
  },
  [MY_ACCOUNT_ROUTES.sessionLogout]: { loggedOut: true },
  [MY_ACCOUNT_ROUTES.visit]: { visitId: 'visit-from-server', visitorId: 'visitor-1' },
  // Before any pull the credit module answers an empty list.
  [CREDIT_SCORES_PATH]: [],
  [LEAD_ROUTES.getLeads]: { leads: [] },
  // No pulls, no alerts.
  [ALERT_PATHS.getUserAlertSegment]: { unreadCount: 0, totalCount: 0, bureaus: [], scoreChange: null },
  [ALERT_PATHS.getUserAllAlerts]: { alerts: [], unreadCount: 0 },
  // A customer without bureau data has no offers (spec 000 §8).
  [OFFER_ROUTES.getOffers]: {},
  [OFFER_ROUTES.personalization]: { totalOffers: 0, offers: {}, generatedAt: '2026-11-25T06:00:00.000Z' },
  // Before a pull nothing is for sale yet; no purchases, no secured card; no product tiles configured.
  [ADD_ON_ROUTES.accountUserInformation]: accountUserInformationFixture('REPORT_NOT_READY'),
  [ADD_ON_ROUTES.transactions]: { transactions: [] },
  [ADD_ON_ROUTES.getStepUpCardDetails]: { hasSecuredCard: false, securedCard: null, stepUp: null },
  [ADD_ON_ROUTES.productList]: { products: [] },
  // No bank linked yet: the dashboard's balance banner offers "Start Now" (spec 001 §4).
  [AGGREGATOR_ROUTES.journeyDataStatus]: {
    bannerState: 'aa_not_initiated',
    button: 'Start Now',
    stateId: 'NO_USER_STATE_PRESENT',
    consentStatus: null,
    fetchStatus: 'NOT_STARTED',
  },
  // Nothing held elsewhere in the marketplace: the banners' empty answers.
  [HOLDINGS_ROUTES.getMutualFundStatus]: { status: 'NOT_INVESTED', summary: null, folios: [], exploreUrl: null },
  [HOLDINGS_ROUTES.policyDetails]: { policy: null, manageUrl: null },
  [HOLDINGS_ROUTES.ondcLoans]: { loans: [], dashboardUrl: null },
};

export interface Harness {
  store: AppStore;
  services: Services;
  calls: { path: string; auth: 'session' | 'none'; body: unknown; query?: Record<string, unknown>; method?: string }[];
  navigations: string[];
  signOn: SignOnPort & { logouts: number; autoInits: number };
  storage: Map<string, string>;
  events: { event: string }[];
  bridges: NativeBridgeHost;
  /** Where the app is (path and query, without the base path). */
  location(): string;
  /** Another tab of this browser logs out (services.onLoggedOutElsewhere's listeners hear it). */
  logOutInAnotherTab(): void;
}

export interface HarnessOptions {
  url?: string;
  routes?: Record<string, Reply>;
  /** What the sign-on client's autoInit answers (the code exchange's session), or an error. */
  session?: typeof CUSTOMER | undefined | Error;
  preloaded?: Record<string, unknown>;
  apiErrors?: number;
  bridges?: NativeBridgeHost;
  sessionExists?: boolean;
  /** The environment's feature switches (spec 001 §9), all on unless named here. */
  features?: Partial<DashboardConfig['features']>;
}

export function renderDashboard(path: string, options: HarnessOptions = {}): Harness {
  const url = options.url ?? `http://localhost:4000/myaccount${path}`;
  const routes = { ...DEFAULT_ROUTES, ...options.routes };
  const calls: Harness['calls'] = [];
  const navigations: string[] = [];
  const events: { event: string }[] = [];
  const storage = new Map<string, string>();
  const transport =
    (auth: 'session' | 'none'): Send =>
    <T,>(method: string, path: string, sendOptions?: { body?: unknown; query?: Record<string, unknown> }) => {
      calls.push({ path, auth, body: sendOptions?.body, query: sendOptions?.query, method });
      const reply = routes[path];
      if (reply === undefined) return Promise.reject(refusal('notFound', 404));
      const answer =
        typeof reply === 'function'
          ? (reply as (body: unknown, query: Record<string, unknown> | undefined) => unknown)(
              sendOptions?.body,
              sendOptions?.query,
            )
          : reply;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T);
    };
  const signOn = {
    logouts: 0,
    autoInits: 0,
    autoInit() {
      signOn.autoInits++;
      const session = options.session;
      return session instanceof Error ? Promise.reject(session) : Promise.resolve({ session });
    },
    loginLink: () => Promise.resolve('http://localhost:4000/authorize?client_id=pravesh-myaccount&state=s1'),
    logout() {
      signOn.logouts++;
      navigations.push('http://localhost:4000/logout?redirect_uri=…');
    },
    getAccessToken: () => undefined,
    sessionExists: () => options.sessionExists ?? false,
  };
  const config: DashboardConfig = {
    apiBaseUrl: 'http://localhost:4000',
    environment: 'staging',
    siteId: 14,
    clientId: 'pravesh-myaccount',
    accountsUrl: 'http://localhost:4000',
    basePath: '/myaccount/',
    providerHomeUrl: 'http://localhost:4000/',
    features: { ondcEligible: true, ...options.features },
  };
  const persistence = createPersistence({
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    codec: aesGcmCodec(memoryKeyStore()),
  });
  const holder: { store?: AppStore } = {};
  const bridges = options.bridges ?? {};
  const otherTabListeners = new Set<() => void>();
  const services: Services = {
    config,
    http: createHttp({
      send: transport('none'),
      sendWithSession: transport('session'),
      onApiError: (entry) => holder.store?.dispatch(apiErrorRecorded(entry)),
    }),
    signOn,
    analytics: createAnalytics({
      sink: (event) => Promise.resolve(void events.push(event)),
      width: () => 1280,
    }),
    persistence,
    clearBrowserStorage: () => storage.clear(),
    onLoggedOutElsewhere(listener) {
      otherTabListeners.add(listener);
      return () => otherTabListeners.delete(listener);
    },
    navigate: (target) => void navigations.push(target),
    url: () => url,
    reload: () => undefined,
    bridges,
    // No event stream under jsdom (the Playwright journeys hear the real one): it waits for ever.
    streamHeaders: () => new Promise<Record<string, string>>(() => undefined),
  };
  const store = createStore({ preloaded: options.preloaded, persistence, services });
  holder.store = store;
  for (let i = 0; i < (options.apiErrors ?? 0); i++) {
    store.dispatch(
      apiErrorRecorded({ path: '/MSP/api/v1/myAccount/getLeads', statusCode: 'somethingWentWrong', at: 1 }),
    );
  }
  const search = new URL(url).search;
  const router = createTestRouter(`${path.split('?')[0]}${search}`);
  render(<App store={store} services={services} router={router} />);
  return {
    store,
    services,
    calls,
    navigations,
    signOn,
    storage,
    events,
    bridges,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
    logOutInAnotherTab() {
      // What the other tab's logout does to the storage this one shares, then the event.
      storage.clear();
      for (const listener of [...otherTabListeners]) listener();
    },
  };
}

/** The persisted slices of a customer who signed in earlier on this browser. */
export function signedInState(overrides: Record<string, unknown> = {}) {
  return {
    user: {
      userData: {
        ...CUSTOMER,
        visitorId: 'visitor-1',
        visitId: 'visit-1',
        glssToken: null,
        appJourney: null,
        authorizationCode: null,
      },
      utmData: null,
      personalDetails: null,
    },
    ...overrides,
  };
}
