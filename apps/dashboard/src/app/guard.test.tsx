// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import { PERSIST_KEY } from './persist.ts';
import { activeMenuOf, landingPath } from '../session/flows.ts';
import { CUSTOMER, importScreensFirst, refusal, renderDashboard, signedInState } from '../test/harness.tsx';

afterEach(cleanup);

const dashboardHeading = () => screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
const signInButton = () => screen.findByRole('button', { name: 'Sign in to My Account' }, { timeout: 5000 });

importScreensFirst(
  () => import('../features/home/dashboard-page.tsx'),
  () => import('../features/report/report-page.tsx'),
  () => import('../features/support/support-page.tsx'),
);

describe('layout guard (spec 001 §2)', () => {
  it('no session: a signed-in page shows the root screen with sign-in', async () => {
    const page = renderDashboard('/dashboard');
    await signInButton();
    expect(screen.queryByRole('navigation', { name: 'My Account menu' })).toBeNull();
    expect(page.calls).toEqual([]);
  });

  it('a session without an access token goes to the root', async () => {
    const state = signedInState();
    (state.user.userData as { accessToken: string }).accessToken = '';
    renderDashboard('/profile', { preloaded: state });
    await signInButton();
  });

  it('a non-empty API_ERROR list sends the next page load to the root (spec 001 §8)', async () => {
    const page = renderDashboard('/dashboard', { preloaded: signedInState(), apiErrors: 1 });
    await signInButton();
    expect(page.calls).toEqual([]);
  });

  it('a session shows the shell: header, the left menu of the spec, the dashboard with its sections', async () => {
    const page = renderDashboard('/dashboard', { preloaded: signedInState() });
    await dashboardHeading();
    const menu = screen.getByRole('navigation', { name: 'My Account menu' });
    for (const name of ['Dashboard', 'Profile', 'Linked bank accounts', 'Help and support', 'Invoices']) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Your credit score' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Offers for you' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getAllByText('98******34').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain(CUSTOMER.mobileNo);
    await screen.findByText('15 March 2024');
    // The session check was made with the customer's session; the viewed event went out.
    expect(page.calls[0]).toMatchObject({ path: MY_ACCOUNT_ROUTES.session, auth: 'session' });
    expect(page.events).toContainEqual(expect.objectContaining({ event: 'virtualPageview', lob: 'myAccount' }));
  });

  it("a mismatch between the stored customer and the session's goes to the root and forgets the stored data", async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.session]: {
          customerId: '11111111-2222-4333-8444-555555555555',
          sessionExpiresAt: '2026-12-01T00:00:00.000Z',
          siteId: 14,
        },
      },
    });
    await signInButton();
    expect(page.store.getState().user.userData).toBeNull();
  });

  it('a session check that fails on the service goes to the root, kept in the API_ERROR list, and remembers the page', async () => {
    const page = renderDashboard('/support?tab=faqs', {
      preloaded: signedInState(),
      routes: { [MY_ACCOUNT_ROUTES.session]: refusal('somethingWentWrong', 500) },
    });
    await signInButton();
    const state = page.store.getState();
    expect(state.utility.apiErrors).toEqual([
      expect.objectContaining({ path: MY_ACCOUNT_ROUTES.session, statusCode: 'somethingWentWrong' }),
    ]);
    // A failure of the service says nothing about the session: nothing is forgotten for it.
    expect(state.user.userData?.customerId).toBe(CUSTOMER.customerId);
    expect(state.user.sessionEnded).toBe(false);
    expect(state.account.activeLeftMenu).toBe('/support?tab=faqs');
  });

  it('without a session, the page asked for (query string included) is where the next login lands', async () => {
    const page = renderDashboard('/credit-report?bureau=EXPERIAN');
    await signInButton();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your credit score, offers and applications in one place',
    );
    expect(page.store.getState().account.activeLeftMenu).toBe('/credit-report?bureau=EXPERIAN');
  });

  it('an unknown path shows the root screen; a signed-in customer gets a way back in', async () => {
    renderDashboard('/no/such/page', { preloaded: signedInState() });
    expect(await screen.findByRole('link', { name: 'Go to My Account' })).toBeTruthy();
  });

  it('a stored redirection sub-product is used once, then removed: bureau opens the report analysis', async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState({
        account: { activeLeftMenu: null, redirectionSubProduct: 'bureau', isBureauResponse: false, activeBureau: null },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Your credit report' }, { timeout: 5000 });
    await waitFor(() => expect(page.store.getState().account.redirectionSubProduct).toBeNull());
  });
});

describe('a session that ended (expired, or signed out on another device or tab)', () => {
  const endedHeading = () =>
    screen.findByRole('heading', { level: 1, name: 'Your session has ended' }, { timeout: 5000 });

  it('is forgotten, the root says so, and signing in again lands on the page with its query string', async () => {
    const page = renderDashboard('/credit-report?bureau=EXPERIAN', {
      preloaded: signedInState(),
      // The accounts host's exists-cookie outlives a session ended on the server.
      sessionExists: true,
      routes: { [MY_ACCOUNT_ROUTES.session]: refusal('tokenNotValidated', 401) },
    });
    await endedHeading();
    expect(screen.getByRole('alert').textContent).toContain('Sign in again and we’ll take you back');
    expect(page.location()).toBe('/');
    const state = page.store.getState();
    expect(state.user.userData).toBeNull();
    expect(state.utility.apiErrors).toEqual([]);
    expect(state.user.sessionEnded).toBe(true);
    expect(state.account.activeLeftMenu).toBe('/credit-report?bureau=EXPERIAN');
    // Not tried again behind the customer's back, and no logout round trip that would drop the page.
    expect(page.signOn.autoInits).toBe(0);
    expect(page.signOn.logouts).toBe(0);
    expect(page.calls.map((call) => call.path)).not.toContain(MY_ACCOUNT_ROUTES.sessionLogout);
    // What this browser keeps now: the page and the notice, no customer.
    let stored: Record<string, unknown> | undefined;
    await waitFor(async () => {
      stored = await page.services.persistence.restore();
      expect((stored?.user as { sessionEnded?: boolean } | undefined)?.sessionEnded).toBe(true);
    });
    expect(JSON.stringify(stored)).not.toContain(CUSTOMER.customerId);
    expect(JSON.stringify(stored)).not.toContain(CUSTOMER.mobileNo);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in to My Account' }));
    await waitFor(() => expect(page.navigations).toEqual([expect.stringContaining('/authorize?')]));

    // Back from the accounts host with a code, on a new page load that restores what was stored.
    cleanup();
    const back = renderDashboard('/?code=abc&state=s1', { session: CUSTOMER, preloaded: stored });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your credit report' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(back.location()).toBe('/credit-report?bureau=EXPERIAN');
    expect(back.store.getState().user.sessionEnded).toBe(false);
  });

  it('sessionInvalid (the SDK found no session to renew the token from) ends it too', async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [MY_ACCOUNT_ROUTES.session]: Object.assign(new Error('Session is invalid or has ended'), {
          name: 'PraveshError',
          code: 'sessionInvalid',
        }),
      },
    });
    await endedHeading();
    expect(page.store.getState().user.userData).toBeNull();
  });

  it('another tab logs out: this one leaves the page at once, forgets the customer and says so', async () => {
    const page = renderDashboard('/support?tab=faqs', { preloaded: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' }, { timeout: 5000 })).toBeTruthy();
    act(() => page.logOutInAnotherTab());
    await endedHeading();
    expect(screen.queryByRole('navigation', { name: 'My Account menu' })).toBeNull();
    expect(page.store.getState().user.userData).toBeNull();
    expect(page.store.getState().account.activeLeftMenu).toBe('/support?tab=faqs');
    expect(page.signOn.logouts).toBe(0);
  });
});

describe('login (spec 001 §4)', () => {
  it('exchanges the code in the address, takes a visit id, clears API_ERROR and lands on the dashboard', async () => {
    const page = renderDashboard('/?code=abc&state=s1&utm_source=newsletter', {
      session: CUSTOMER,
      apiErrors: 2,
    });
    await dashboardHeading();
    expect(page.signOn.autoInits).toBe(1);
    const visit = page.calls.find((call) => call.path === MY_ACCOUNT_ROUTES.visit)!;
    // Visit is sent without the session token (spec 001 §7), and never carries the code.
    expect(visit.auth).toBe('none');
    expect(atob((visit.body as { completeUrl: string }).completeUrl)).toBe('http://localhost:4000/myaccount/');
    const state = page.store.getState();
    expect(state.user.userData).toMatchObject({
      customerId: CUSTOMER.customerId,
      mobileNo: CUSTOMER.mobileNo,
      accessToken: CUSTOMER.accessToken,
      visitId: 'visit-from-server',
      authorizationCode: null,
    });
    expect(state.utility.apiErrors).toEqual([]);
    // Campaign data with the spec's defaults where the address had none.
    expect(state.user.utmData).toMatchObject({ utmSource: 'newsletter', source: 'MY_ACCOUNT', utmTitle: 'MY_ACCOUNT' });
  });

  it('takes the visit id from the address when it has one', async () => {
    const page = renderDashboard('/?code=abc&state=s1&visitId=visit-in-url', { session: CUSTOMER });
    await dashboardHeading();
    expect(page.calls.some((call) => call.path === MY_ACCOUNT_ROUTES.visit)).toBe(false);
    expect(page.store.getState().user.userData?.visitId).toBe('visit-in-url');
  });

  it('restores the stored active menu after login, except the avoid-redirect paths', async () => {
    renderDashboard('/?code=abc&state=s1', {
      session: CUSTOMER,
      preloaded: { account: { activeLeftMenu: '/support', redirectionSubProduct: null } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' }, { timeout: 5000 })).toBeTruthy();
    cleanup();
    renderDashboard('/?code=abc&state=s1', {
      session: CUSTOMER,
      preloaded: { account: { activeLeftMenu: '/', redirectionSubProduct: null } },
    });
    await dashboardHeading();
  });

  it("remembers the page with its query string, without a sign-in return's code or state", async () => {
    const page = renderDashboard('/support?tab=faqs', { preloaded: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(page.store.getState().account.activeLeftMenu).toBe('/support?tab=faqs'));
    expect(activeMenuOf('/credit-report', '?code=abc&bureau=EXPERIAN&state=s1&iss=x')).toBe(
      '/credit-report?bureau=EXPERIAN',
    );
    expect(activeMenuOf('/profile', '?code=abc&state=s1')).toBe('/profile');
  });

  it('a login lands on the stored path with its query string; the avoided paths and other origins go to the dashboard', async () => {
    renderDashboard('/?code=abc&state=s1', {
      session: CUSTOMER,
      preloaded: { account: { activeLeftMenu: '/support?tab=faqs', redirectionSubProduct: null } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' }, { timeout: 5000 })).toBeTruthy();
    expect(landingPath('/linked-accounts-details?accountId=4d2c')).toBe('/linked-accounts-details?accountId=4d2c');
    expect(landingPath('/dashboard?tab=offers')).toBe('/dashboard');
    expect(landingPath('/?x=1')).toBe('/dashboard');
    expect(landingPath('//evil.example/path?x=1')).toBe('/dashboard');
    expect(landingPath('https://evil.example/')).toBe('/dashboard');
  });

  it('a failed code exchange logs out: session logout, storage emptied, the sign-on logout', async () => {
    const page = renderDashboard('/?code=used&state=s1', { session: undefined });
    await waitFor(() => expect(page.signOn.logouts).toBe(1));
    expect(page.calls.map((call) => call.path)).toContain(MY_ACCOUNT_ROUTES.sessionLogout);
    expect(page.storage.has(PERSIST_KEY)).toBe(false);
    expect(page.store.getState().user.userData).toBeNull();
  });

  it('a failing visit call (a login step) logs out too', async () => {
    const page = renderDashboard('/?code=abc&state=s1', {
      session: CUSTOMER,
      routes: { [MY_ACCOUNT_ROUTES.visit]: refusal('somethingWentWrong', 500) },
    });
    await waitFor(() => expect(page.signOn.logouts).toBe(1));
    expect(page.signOn.autoInits).toBe(0);
  });

  it('the landing starts the SDK sign-on login link, keeping the campaign for the way back', async () => {
    const page = renderDashboard('/?utm_source=partner&subProduct=bureau');
    fireEvent.click(await signInButton());
    await waitFor(() =>
      expect(page.navigations).toEqual([expect.stringContaining('/authorize?client_id=pravesh-myaccount')]),
    );
    expect(page.store.getState().user.utmData?.utmSource).toBe('partner');
    expect(page.store.getState().account.redirectionSubProduct).toBe('bureau');
  });
});

describe('logout (spec 001 §4)', () => {
  it('Log out ends the session on the server, empties the storage and hands over to the sign-on logout', async () => {
    const page = renderDashboard('/dashboard', { preloaded: signedInState() });
    await dashboardHeading();
    await waitFor(() => expect(page.storage.has(PERSIST_KEY)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(page.signOn.logouts).toBe(1));
    expect(page.calls.filter((call) => call.path === MY_ACCOUNT_ROUTES.sessionLogout)).toHaveLength(1);
    expect(page.storage.size).toBe(0);
    expect(page.store.getState().user.userData).toBeNull();
    expect(page.events).toContainEqual(expect.objectContaining({ event: 'buttonClick', label: 'logout' }));
  });

  it('ignores a failing session logout', async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [MY_ACCOUNT_ROUTES.sessionLogout]: refusal('tokenNotValidated', 401) },
    });
    await dashboardHeading();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(page.signOn.logouts).toBe(1));
    // Its error is not an API_ERROR: the next load is not sent to the root for it.
    expect(page.store.getState().utility.apiErrors).toEqual([]);
  });

  it('an app source with a glssKey skips logout and posts to the native bridge', async () => {
    const posted: string[] = [];
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState({
        user: {
          ...signedInState().user,
          utmData: { utmSource: 'app_android', source: 'MY_ACCOUNT', utmTitle: 'MY_ACCOUNT', glssKey: 'gk-1' },
        },
      }),
      bridges: { Android: { postMessage: (message: string) => void posted.push(message) } },
    });
    await dashboardHeading();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(posted).toEqual([JSON.stringify({ event: 'logout', status: 'success' })]));
    expect(page.signOn.logouts).toBe(0);
    expect(page.calls.some((call) => call.path === MY_ACCOUNT_ROUTES.sessionLogout)).toBe(false);
  });

  it('returning from the sign-on logout starts a new login (staging) rather than showing stale data', async () => {
    const page = renderDashboard('/?logout=1');
    await waitFor(() => expect(page.navigations).toEqual([expect.stringContaining('/authorize?')]));
  });
});
