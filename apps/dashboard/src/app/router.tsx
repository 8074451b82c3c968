import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { ErrorPage } from '../features/errors/index.ts';
import { FullPageSkeleton } from '../layout/full-page-skeleton.tsx';
import type { LayoutKind } from '../layout/menu.ts';
import { lazyScreen, type ReloadEnv } from '../lib/lazy.ts';
import RootScreen from '../features/root/root-screen.tsx';
import { LayoutGuard } from './guard.tsx';

function screen(element: ReactNode): ReactNode {
  return <Suspense fallback={<FullPageSkeleton label="Loading…" />}>{element}</Suspense>;
}

/**
 * spec 001 §2 routes, each with its layout; "/" and unknown paths show the root screen; the error
 * page is every route's error fallback (a lazy screen that fails after its one reload lands there).
 */
export function routes(env?: ReloadEnv): RouteObject[] {
  const Dashboard = lazyScreen(() => import('../features/home/dashboard-page.tsx'), env);
  const Invoices = lazyScreen(() => import('../features/invoices/invoices-page.tsx'), env);
  const CreditReport = lazyScreen(() => import('../features/report/report-page.tsx'), env);
  const HealthReport = lazyScreen(() => import('../features/add-ons/health-report-page.tsx'), env);
  const ActiveDevices = lazyScreen(() => import('../features/devices/devices-page.tsx'), env);
  const Preferences = lazyScreen(() => import('../features/preferences/preferences-page.tsx'), env);
  const ConsentRevocation = lazyScreen(() => import('../features/consent-revocation/consent-revocation-page.tsx'), env);
  const Support = lazyScreen(() => import('../features/support/support-page.tsx'), env);
  const LinkedAccounts = lazyScreen(() => import('../features/aggregator/linked-accounts-page.tsx'), env);
  const LinkedAccountDetails = lazyScreen(() => import('../features/aggregator/account-details-page.tsx'), env);
  const Statement = lazyScreen(() => import('../features/aggregator/statement-page.tsx'), env);
  const AccountAggregator = lazyScreen(() => import('../features/aggregator/journey-page.tsx'), env);
  const Profile = lazyScreen(() => import('../features/profile/profile-page.tsx'), env);
  const DataRights = lazyScreen(() => import('../features/data-rights/data-rights-page.tsx'), env);
  const ScorePredictor = lazyScreen(() => import('../features/predictor/predictor-page.tsx'), env);
  const PersonalDetails = lazyScreen(() => import('../features/profile/personal-details-page.tsx'), env);
  const byLayout: Record<LayoutKind, [string, ReactNode][]> = {
    standard: [
      ['dashboard', screen(<Dashboard />)],
      // Not in spec 001 §2's table, but §4/§9 name "credit report analysis" (source bureau goes there).
      ['credit-report', screen(<CreditReport />)],
      // spec 001 §9 names "score predictor" among the redirect targets; §2's table has no route for it.
      ['score-predictor', screen(<ScorePredictor />)],
      // spec 001 §9 redirect target "credit health": the paid report, once bought (§4).
      ['credit-health-report', screen(<HealthReport />)],
      ['support', screen(<Support />)],
      ['profile', screen(<Profile />)],
      ['personal-details', screen(<PersonalDetails />)],
      ['active-devices', screen(<ActiveDevices />)],
      ['linked-accounts', screen(<LinkedAccounts />)],
      ['linked-accounts-details', screen(<LinkedAccountDetails />)],
      ['preferences', screen(<Preferences />)],
      ['consent-revocation', screen(<ConsentRevocation />)],
      ['download-invoice', screen(<Invoices />)],
      // Not in spec 001 §2's table: DPDP Act 2023 §11 and §12 (docs/decisions/0009-data-rights.md).
      ['your-data', screen(<DataRights />)],
    ],
    noFooter: [['account-aggregator-statement', screen(<Statement />)]],
    // spec 001 §2: the landing route is "the same screen as the consent route".
    noLeftMenu: [
      ['account-aggregator-consent', screen(<AccountAggregator />)],
      ['account-aggregator', screen(<AccountAggregator />)],
    ],
  };
  const errorElement = <ErrorPage />;
  return [
    { path: '/', element: <RootScreen />, errorElement },
    ...(Object.entries(byLayout) as [LayoutKind, [string, ReactNode][]][]).map(([layout, pages]) => ({
      element: <LayoutGuard layout={layout} />,
      errorElement,
      children: pages.map(([path, element]) => ({ path, element, errorElement })),
    })),
    // spec 001 §2: "logout" is declared but not routed; it and every unknown path show the root.
    { path: '*', element: <RootScreen />, errorElement },
  ];
}

export function createRouter(basePath: string) {
  return createBrowserRouter(routes(), { basename: basePath.replace(/\/+$/, '') || '/' });
}

/** For tests: the same routes in memory. */
export function createTestRouter(initialEntry: string, env?: ReloadEnv) {
  return createMemoryRouter(routes(env), { initialEntries: [initialEntry] });
}
