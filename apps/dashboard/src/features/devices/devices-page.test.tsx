// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import type { AccountActivityItem, ActiveDevice } from '@pravesh/core/self-service/schemas.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(cleanup);

const HERE: ActiveDevice = {
  deviceId: '11111111-1111-4111-8111-111111111111',
  deviceKind: 'desktop',
  browser: 'Chrome on Windows',
  place: 'India',
  signedInAt: '2026-11-20T06:00:00.000Z',
  lastActiveAt: '2026-11-21T06:00:00.000Z',
  current: true,
};
const PHONE: ActiveDevice = {
  deviceId: '22222222-2222-4222-8222-222222222222',
  deviceKind: 'mobile',
  browser: 'Chrome on Android',
  place: 'India',
  signedInAt: '2026-11-18T04:30:00.000Z',
  lastActiveAt: '2026-11-19T12:00:00.000Z',
  current: false,
};

const NOW = '2026-11-21T06:00:00.000Z';

describe('Active devices (spec 001 §2 active-devices)', () => {
  it('lists the devices, marks this one, and signs another out', async () => {
    let devices = [HERE, PHONE];
    let events: AccountActivityItem[] = [];
    const page = renderDashboard('/active-devices', {
      preloaded: signedInState(),
      routes: {
        [SELF_SERVICE_ROUTES.activeDevices]: () => ({ devices }),
        [SELF_SERVICE_ROUTES.accountActivity]: () => ({ items: events }),
        [SELF_SERVICE_ROUTES.revokeDevice]: (body: unknown) => {
          devices = devices.filter((device) => device.deviceId !== (body as { deviceId: string }).deviceId);
          events = [
            {
              id: '33333333-3333-4333-8333-333333333333',
              kind: 'deviceSignedOut',
              at: NOW,
              detail: 'Phone · Chrome on Android',
            },
          ];
          return { revoked: true };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('heading', { name: /Computer · Chrome on Windows/ }).textContent).toContain(
      'This device',
    );
    // The current device offers no sign-out of its own: that is Log out.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('from India');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out Phone · Chrome on Android' }));
    expect(await screen.findByText(/Phone · Chrome on Android is signed out/)).toBeTruthy();
    expect(page.calls.find((call) => call.path === SELF_SERVICE_ROUTES.revokeDevice)?.body).toEqual({
      deviceId: PHONE.deviceId,
    });
    expect(await screen.findByText('You’re not signed in anywhere else.')).toBeTruthy();
    expect(page.store.getState().user.activeDevicesList).toEqual([HERE]);
    // Nothing had happened to the account; the sign-out now shows in its recent activity.
    const activity = await screen.findByRole('list', { name: 'Recent account activity' });
    expect(within(activity).getByRole('heading', { name: 'Phone · Chrome on Android signed out' })).toBeTruthy();
  });

  it('lists the account’s security events, masked, and says when there are none', async () => {
    renderDashboard('/active-devices', {
      preloaded: signedInState(),
      routes: {
        [SELF_SERVICE_ROUTES.activeDevices]: () => ({ devices: [HERE] }),
        [SELF_SERVICE_ROUTES.accountActivity]: () => ({
          items: [
            { id: '44444444-4444-4444-8444-444444444444', kind: 'mobileChanged', at: NOW, detail: '97******18' },
            {
              id: '55555555-5555-4555-8555-555555555555',
              kind: 'emailChanged',
              at: NOW,
              detail: 'an******@example.com',
            },
          ],
        }),
      },
    });
    const activity = await screen.findByRole('list', { name: 'Recent account activity' }, { timeout: 5000 });
    const headings = within(activity)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Mobile number changed to 97******18', 'Email changed to an******@example.com']);
    expect(activity.textContent).toContain('21 Nov 2026');
    cleanup();

    renderDashboard('/active-devices', {
      preloaded: signedInState(),
      routes: {
        [SELF_SERVICE_ROUTES.activeDevices]: () => ({ devices: [HERE] }),
        [SELF_SERVICE_ROUTES.accountActivity]: () => ({ items: [] }),
      },
    });
    expect(
      await screen.findByText(/Nothing yet\. When your mobile number or email changes/, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    renderDashboard('/active-devices', {
      preloaded: signedInState(),
      routes: {
        [SELF_SERVICE_ROUTES.activeDevices]: refusal('somethingWentWrong', 503),
        [SELF_SERVICE_ROUTES.accountActivity]: () => ({ items: [] }),
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('We couldn’t load your devices')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
