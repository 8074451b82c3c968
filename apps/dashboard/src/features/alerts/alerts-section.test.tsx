// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreditAlert, UserAlertSegmentResponse } from '@pravesh/core/credit-alerts/schemas.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { ALERT_PATHS } from './api.ts';

afterEach(cleanup);

function alert(alertId: string, extra: Partial<CreditAlert> = {}): CreditAlert {
  return {
    alertId,
    creditBureau: 'CIBIL',
    kind: 'NEW_ENQUIRY',
    impact: 'NEGATIVE',
    rank: 2,
    title: 'New credit enquiry by Axis Bank',
    explanation: 'Axis Bank checked your report on 2026-11-09 for a credit card.',
    details: { lender: 'Axis Bank' },
    pulledAt: '2026-11-21T06:00:00.000Z',
    readAt: null,
    dismissedAt: null,
    ...extra,
  };
}

const scoreUp = alert('00000000-0000-4000-8000-000000000001', {
  kind: 'SCORE_UP',
  impact: 'POSITIVE',
  rank: 1,
  title: 'Your score went up by 18 points',
  explanation: 'Your CIBIL score moved from 742 to 760.',
  details: { from: 742, to: 760 },
});
const utilisation = alert('00000000-0000-4000-8000-000000000002', {
  kind: 'UTILISATION_DOWN',
  impact: 'POSITIVE',
  title: 'Your credit utilisation went down',
  explanation: 'You are using 12% of your card and overdraft limits, down from 30%.',
});
const enquiry = alert('00000000-0000-4000-8000-000000000003', { rank: 3 });

function segment(extra: Partial<UserAlertSegmentResponse> = {}): UserAlertSegmentResponse {
  return {
    unreadCount: 3,
    totalCount: 3,
    bureaus: [{ creditBureau: 'CIBIL', subscribed: true, unreadCount: 3 }],
    scoreChange: {
      creditBureau: 'CIBIL',
      from: 742,
      to: 760,
      delta: 18,
      pulledAt: '2026-11-21T06:00:00.000Z',
      reportDate: '2026-11-03T00:30:00.000Z',
      reasons: [utilisation, enquiry],
    },
    ...extra,
  };
}

const alertsRegion = () => screen.findByRole('region', { name: /Credit alerts/ }, { timeout: 5000 });

describe('credit alerts on the dashboard (spec 001 §3 userAllAlerts)', () => {
  it('lists the alerts with the unread count, and explains why the score changed, reasons ranked', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ALERT_PATHS.getUserAlertSegment]: segment(),
        [ALERT_PATHS.getUserAllAlerts]: { alerts: [scoreUp, utilisation, enquiry], unreadCount: 3 },
      },
    });
    const region = await alertsRegion();
    const items = await within(region).findAllByRole('listitem', {}, { timeout: 5000 });
    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Credit alerts3 unread');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Your score went up by 18 points (new)',
      'Your credit utilisation went down (new)',
      'New credit enquiry by Axis Bank (new)',
    ]);
    expect(items[2]!.textContent).toContain('Can lower your score');

    const why = screen.getByRole('region', { name: 'Why your score changed' });
    expect(why.textContent).toContain('Up 18 points');
    expect(why.textContent).toContain('from 742 to 760');
    // The report is cited by its own date (the score card's "Last updated"), not the day we fetched it.
    expect(why.textContent).toContain('in your CIBIL report of 3 November 2026');
    const reasons = within(why).getAllByRole('listitem');
    expect(reasons.map((reason) => within(reason).getByRole('heading').textContent)).toEqual([
      'Your credit utilisation went down',
      'New credit enquiry by Axis Bank',
    ]);
    expect(reasons[0]!.textContent).toContain('Helps your score');
  });

  it('marks one alert read, and all of them, through createUpdateUserAlertState', async () => {
    let list = [scoreUp, utilisation, enquiry];
    const harness = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ALERT_PATHS.getUserAlertSegment]: () => segment({ unreadCount: list.filter((a) => !a.readAt).length }),
        [ALERT_PATHS.getUserAllAlerts]: () => ({ alerts: list, unreadCount: list.filter((a) => !a.readAt).length }),
        [ALERT_PATHS.createUpdateUserAlertState]: (body: { alertIds: string[] }) => {
          list = list.map((a) =>
            body.alertIds.includes(a.alertId) ? { ...a, readAt: '2026-11-25T06:00:00.000Z' } : a,
          );
          return { alerts: list.filter((a) => body.alertIds.includes(a.alertId)), unreadCount: 0 };
        },
      },
    });
    const region = await alertsRegion();
    fireEvent.click(
      await within(region).findByRole(
        'button',
        { name: /^Mark as read\s*: Your score went up by 18 points$/ },
        { timeout: 5000 },
      ),
    );
    await waitFor(() =>
      expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Credit alerts2 unread'),
    );
    expect(harness.calls.find((call) => call.path === ALERT_PATHS.createUpdateUserAlertState)?.body).toEqual({
      alertIds: [scoreUp.alertId],
      state: 'READ',
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Credit alerts'));
    expect(within(region).queryByRole('button', { name: /Mark as read/ })).toBeNull();
  });

  it('turns a bureau’s alerts off with its switch', async () => {
    const harness = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ALERT_PATHS.getUserAlertSegment]: segment(),
        [ALERT_PATHS.getUserAllAlerts]: { alerts: [scoreUp], unreadCount: 1 },
        [ALERT_PATHS.subscribeBureauAlerts]: {
          bureaus: [{ creditBureau: 'CIBIL', subscribed: false, unreadCount: 0 }],
        },
      },
    });
    const region = await alertsRegion();
    const group = await within(region).findByRole('group', { name: 'Get alerts from' });
    const toggle = within(group).getByRole('switch', { name: 'CIBIL' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(harness.calls.find((call) => call.path === ALERT_PATHS.subscribeBureauAlerts)?.body).toEqual({
        creditBureau: 'CIBIL',
        subscribe: false,
      }),
    );
  });

  it('has a designed empty state and no score card when nothing changed', async () => {
    renderDashboard('/dashboard', { preloaded: signedInState() });
    const region = await alertsRegion();
    expect(await within(region).findByRole('heading', { name: 'No alerts right now' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Why your score changed' })).toBeNull();
  });

  it('says so when the alerts cannot be loaded, and tries again on request', async () => {
    let fail = true;
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [ALERT_PATHS.getUserAllAlerts]: () =>
          fail ? refusal('genericUserMessage', 500) : { alerts: [enquiry], unreadCount: 1 },
      },
    });
    const region = await alertsRegion();
    expect(
      await within(region).findByRole('heading', { name: 'We couldn’t load your alerts' }, { timeout: 5000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('heading', { name: 'New credit enquiry by Axis Bank (new)' })).toBeTruthy();
  });

  it('shows a loading state while the alerts are on their way', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [ALERT_PATHS.getUserAllAlerts]: () => new Promise(() => undefined) },
    });
    const region = await alertsRegion();
    expect(within(region).getByRole('status').textContent).toBe('Loading your credit alerts…');
  });
});
