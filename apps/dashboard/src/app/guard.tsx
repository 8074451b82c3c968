import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { appShellPageOf } from '@pravesh/core/my-account/app-shell.ts';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import type { MyAccountSession } from '@pravesh/core/my-account/schemas.ts';
import { AppShellSkeleton } from '../layout/app-shell-skeleton.tsx';
import { Shell } from '../layout/shell.tsx';
import type { LayoutKind } from '../layout/menu.ts';
import { readCampaign } from '../session/campaign.ts';
import { activeMenuOf, endSession, hasAuthorizationCode, login, sessionHasEnded } from '../session/flows.ts';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks.ts';
import { useServices } from './services.ts';
import { activeMenuChanged, redirectionSubProductStored } from './slices/account.ts';
import { storeReset } from './slices/reset.ts';
import { campaignRead } from './slices/user.ts';

/** spec 001 §9 "Full-page loader time-out 5000 ms": the page shows after that whatever is pending. */
export const LOADER_TIMEOUT_MS = 5000;

/**
 * spec 001 §4 "Redirect sources": where a stored redirection sub-product sends the customer. "bureau
 * goes to the credit bureau report analysis page" — the credit-report route.
 */
export const SUB_PRODUCT_PATHS: Readonly<Record<string, string>> = {
  bureau: '/credit-report',
  pl: '/dashboard#offers',
  bl: '/dashboard#offers',
  loans: '/dashboard#offers',
};

/** ended: the session is over (endSession), once the page has made way for the root. */
type GuardState = 'checking' | 'ready' | 'toRoot' | 'ended';

/**
 * The layout guard of spec 001 §2, on every signed-in page:
 * - no session (user data), no access token, or a non-empty API_ERROR list → the root;
 * - no user data but an authorization code in the URL → the code is exchanged (login, §4);
 * - otherwise the layout initialises: the campaign data is read, and the stored customer is
 *   compared with the service's customer for the access token; a mismatch → the root;
 * - a stored redirection sub-product is consumed once and removed;
 * - a full-page skeleton shows meanwhile, for at most 5000 ms.
 * Sent to the root for want of a session, the page asked for (query string included) becomes the
 * active menu, where the next login lands (spec 001 §4 step 4); a session that ended — the check
 * refused, or another tab logged out — is forgotten and the root says so (session/flows.ts endSession).
 */
export function LayoutGuard({ layout }: { layout: LayoutKind }) {
  const services = useServices();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const userData = useAppSelector((state) => state.user.userData);
  const apiErrors = useAppSelector((state) => state.utility.apiErrors);
  const [state, setState] = useState<GuardState>(() =>
    (!userData || !userData.accessToken || apiErrors.length > 0) && !hasAuthorizationCode(location.search)
      ? 'toRoot'
      : 'checking',
  );
  const [loaderExpired, setLoaderExpired] = useState(false);
  const page = activeMenuOf(location.pathname, location.search);
  const pageNow = useRef(page);
  pageNow.current = page;

  // No session to check (or an API_ERROR list, §8): the root, and the next login comes back here.
  useEffect(() => {
    if (state === 'toRoot') dispatch(activeMenuChanged(page));
  }, []);

  // Runs once per page load: the checks below are about this session, not each route change.
  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    const timer = setTimeout(() => live && setLoaderExpired(true), LOADER_TIMEOUT_MS);
    void (async () => {
      if (!store.getState().user.userData && hasAuthorizationCode(location.search)) {
        const target = await login({ services, store });
        if (!live) return;
        if (target === undefined) return; // logged out: the browser is leaving
        setState('ready');
        void navigate(target, { replace: true });
        return;
      }
      dispatch(campaignRead(readCampaign(location.search, store.getState().user.utmData)));
      try {
        const session = await services.http.call<MyAccountSession>('POST', MY_ACCOUNT_ROUTES.session, { body: {} });
        const stored = store.getState().user.userData?.customerId;
        if (!live) return;
        if (!stored || session.customerId.toLowerCase() !== stored.toLowerCase()) {
          // Another customer's session in this browser: nothing stored here is theirs to see.
          dispatch(storeReset());
          setState('toRoot');
          return;
        }
      } catch (error) {
        if (!live) return;
        if (sessionHasEnded(error)) {
          setState('ended');
        } else {
          // A failed check (no reply, the service's own failure) went to the API_ERROR list: the root decides next.
          dispatch(activeMenuChanged(pageNow.current));
          setState('toRoot');
        }
        return;
      }
      const subProduct = store.getState().account.redirectionSubProduct;
      if (subProduct) {
        dispatch(redirectionSubProductStored(null));
        const target = SUB_PRODUCT_PATHS[subProduct];
        if (target) void navigate(target, { replace: true });
      }
      setState('ready');
    })();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  // The active menu, query string included, is remembered for the next login (spec 001 §4 step 4):
  // a customer signed out on one account's transactions comes back to that account.
  useEffect(() => {
    if (state === 'ready') dispatch(activeMenuChanged(page));
  }, [dispatch, page, state]);

  // Logged out in another tab: this one stops showing the customer's data at once.
  useEffect(() => {
    if (state === 'ready') return services.onLoggedOutElsewhere(() => setState('ended'));
  }, [services, state]);

  // After the render that unmounted the page: a page never renders without the data it was given.
  useEffect(() => {
    if (state === 'ended') endSession({ services, store }, pageNow.current);
  }, [services, store, state]);

  if (state === 'toRoot' || state === 'ended') return <Navigate to="/" replace />;
  // The frame index.html painted before the scripts came (build/app-shell.ts): nothing moves.
  if (state === 'checking' && !loaderExpired) return <AppShellSkeleton page={appShellPageOf(location.pathname)} />;
  return (
    <Shell layout={layout}>
      <Outlet />
    </Shell>
  );
}

export function ScreenFallback({ children }: { children?: ReactNode }) {
  return <div className="ma-screen-fallback">{children}</div>;
}
