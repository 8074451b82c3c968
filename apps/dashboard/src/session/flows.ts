import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import { NEW_LOGIN_AFTER_LOGOUT } from '../app/config.ts';
import type { Services } from '../app/services.ts';
import type { AppStore } from '../app/store.ts';
import { ApiError } from '../lib/http.ts';
import { activeMenuChanged, redirectionSubProductStored } from '../app/slices/account.ts';
import { storeReset } from '../app/slices/reset.ts';
import { campaignRead, sessionEndedNoted, signedIn } from '../app/slices/user.ts';
import { apiErrorsCleared } from '../app/slices/utility.ts';
import { isNativeAppJourney, readCampaign } from './campaign.ts';
import { postToNativeApp } from './native-bridge.ts';

/**
 * Login and logout of spec 001 §4, as plain functions over the store and the services, so the
 * guard, the root screen and the header share one implementation and tests drive it directly.
 */
export interface SessionContext {
  services: Services;
  store: AppStore;
}

/**
 * spec 001 §2: "The paths "/", the site root and the dashboard paths never restore the active
 * menu after login, and fall back to the dashboard."
 */
export const AVOID_REDIRECT_PATHS: readonly string[] = ['', '/', '/dashboard', '/dashboard/'];
export const DASHBOARD_PATH = '/dashboard';

/**
 * Where a login lands: the stored active menu path with its query string (spec 001 §3 account slice
 * activeLeftMenu, §4 login step 4), unless its path is one to avoid. Only a path inside the app:
 * "//host" would be another origin's address (RFC 3986 §4.2, a network-path reference).
 */
export function landingPath(activeLeftMenu: string | null): string {
  if (!activeLeftMenu || !activeLeftMenu.startsWith('/') || activeLeftMenu.startsWith('//')) return DASHBOARD_PATH;
  const path = activeLeftMenu.split(/[?#]/, 1)[0]!;
  return AVOID_REDIRECT_PATHS.includes(path) ? DASHBOARD_PATH : activeLeftMenu;
}

/**
 * Query names that belong to one sign-in's return and never to the page: the authorization
 * response's code, state and iss, or its error (RFC 6749 §4.1.2 and §4.1.2.1, RFC 9207), and the
 * logout marker. Kept in the active menu, they would replay a used code after the next login.
 */
const ONE_TIME_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri', 'logout'];

/** The active menu to remember for a page: its path and query string, without one-time names. */
export function activeMenuOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ONE_TIME_PARAMS) params.delete(name);
  const query = params.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

/** The query names a login link's return carries (RFC 6749 §4.1.2). */
export const hasAuthorizationCode = (search: string) => {
  const params = new URLSearchParams(search);
  return params.has('code') && params.has('state');
};

/** The address without its query: a visit records the page, never a code or a state. */
function pageAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** spec 001 §7: POST MSP visit { visitId, completeUrl, createdTime } → response.visitId. */
async function createVisit(services: Services): Promise<{ visitId: string; visitorId: string | null }> {
  const reply = await services.http.call<{ visitId?: unknown; visitorId?: unknown }>('POST', MY_ACCOUNT_ROUTES.visit, {
    auth: 'none',
    body: {
      visitId: crypto.randomUUID(),
      completeUrl: base64(pageAddress(services.url())),
      createdTime: new Date().toISOString(),
      siteName: 'MY_ACCOUNT',
    },
  });
  if (typeof reply?.visitId !== 'string') throw new Error('The visit call answered no visitId');
  return { visitId: reply.visitId, visitorId: typeof reply.visitorId === 'string' ? reply.visitorId : null };
}

/**
 * spec 001 §4 Login: 1. the stored campaign data is read and the cleared storage is reset; 2. a
 * visit id is taken from the URL or created; 3. the authorization code is exchanged for an access
 * token (the SDK's sign-on client: POST getSsoToken?guc=true with the PKCE verifier of the login
 * link this browser started); 4. the user lands on the stored active menu path, or the dashboard.
 * A failure at any step logs out. Resolves with the path to go to, or undefined after a logout.
 */
export async function login(context: SessionContext): Promise<string | undefined> {
  const { services, store } = context;
  try {
    const search = new URL(services.url()).search;
    const before = store.getState();
    const campaign = readCampaign(search, before.user.utmData);
    const activeLeftMenu = before.account.activeLeftMenu;
    const subProduct = before.account.redirectionSubProduct;
    store.dispatch(storeReset());
    store.dispatch(campaignRead(campaign));
    if (subProduct) store.dispatch(redirectionSubProductStored(subProduct));

    const urlVisitId = new URLSearchParams(search).get('visitId');
    const visit = urlVisitId ? { visitId: urlVisitId, visitorId: null } : await createVisit(services);

    const { session } = await services.signOn.autoInit();
    if (!session) throw new Error('The authorization code was not exchanged');
    store.dispatch(
      signedIn({
        customerId: session.customerId,
        mobileNo: session.mobileNo,
        accessToken: session.accessToken,
        visitId: visit.visitId,
        visitorId: visit.visitorId,
        glssToken: null,
        appJourney: campaign.fromApp ?? null,
        authorizationCode: null,
      }),
    );
    // spec 001 §8: the API_ERROR list "is emptied after a successful token exchange".
    store.dispatch(apiErrorsCleared());
    if (isNativeAppJourney(campaign)) postToNativeApp(services.bridges, { event: 'signedIn', status: 'success' });
    return landingPath(activeLeftMenu);
  } catch {
    await logout(context);
    return undefined;
  }
}

/** The logout call may hang; the customer is not kept waiting for it (its errors are ignored anyway). */
export const LOGOUT_CALL_WAIT_MS = 3000;

export type LogoutOutcome = 'signedOut' | 'postedToApp' | 'openDashboard';

/**
 * spec 001 §4 Logout: skipped for app sources that carry a glssKey, which get the result through
 * the native bridge (without one the dashboard opens). Otherwise POST myAccount/session/logout and
 * the sign-on logout, errors ignored; every bit of storage this app keeps is emptied; then the
 * accounts host's logout link, which comes back to the root for a new login or the provider home.
 */
export async function logout(context: SessionContext): Promise<LogoutOutcome> {
  const { services, store } = context;
  if (isNativeAppJourney(store.getState().user.utmData)) {
    return postToNativeApp(services.bridges, { event: 'logout', status: 'success' }) ? 'postedToApp' : 'openDashboard';
  }
  const ended = services.http
    .call('POST', MY_ACCOUNT_ROUTES.sessionLogout, { body: {}, ignoreErrors: true })
    .catch(() => undefined);
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, LOGOUT_CALL_WAIT_MS))]);
  store.dispatch(storeReset());
  await services.persistence.purge().catch(() => undefined);
  services.clearBrowserStorage();
  try {
    services.signOn.logout();
  } catch {
    services.navigate(`${services.config.basePath}?${LOGGED_OUT_PARAM}=1`);
  }
  return 'signedOut';
}

/**
 * What a refused session check means the session is over: the service no longer takes the access
 * token (401, tokenNotValidated), and the SDK's renewal from the accounts host's session failed
 * too (sessionInvalid: no session left to renew from). No reply, a time-out or the service's own
 * failure (5xx) says nothing about the session: those go to the API_ERROR list as before (§8).
 */
const SESSION_OVER_CODES: ReadonlySet<string> = new Set(['tokenNotValidated', 'sessionInvalid']);

export function sessionHasEnded(error: unknown): boolean {
  return error instanceof ApiError && (error.httpStatus === 401 || SESSION_OVER_CODES.has(error.statusCode));
}

/**
 * A session that ended without the customer signing out here: it expired, or another device or
 * tab signed it out (spec 001 is silent on it; docs/decisions/0010-a-session-that-ended-keeps-the-page.md).
 * The customer's data leaves the store and this browser's storage as on a logout (§3 "A logout or
 * reset empties it"), but `page` — the page they were on, query string included — stays as the
 * active menu and the root says the session ended, so signing in again lands them back there (§4
 * login step 4). No logout call and no sign-on logout: there is no session left to end, and leaving
 * for the accounts host would take the customer away before they are told why.
 */
export function endSession(context: SessionContext, page: string): void {
  const { services, store } = context;
  store.dispatch(storeReset());
  services.clearBrowserStorage();
  store.dispatch(activeMenuChanged(page));
  store.dispatch(sessionEndedNoted());
}

/** The sign-on logout comes back to the root with this (the client's redirectLogoutUri). */
export const LOGGED_OUT_PARAM = 'logout';

/**
 * spec 001 §4: after logout, "a new login (production, staging, dev-int, dev-int1, local) or the
 * provider home". True when this environment starts a new login.
 */
export const startsNewLoginAfterLogout = (services: Services) =>
  NEW_LOGIN_AFTER_LOGOUT.includes(services.config.environment);
