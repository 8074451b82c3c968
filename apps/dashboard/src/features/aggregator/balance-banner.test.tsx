// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import { refusal, renderDashboard, signedInState, type Reply } from '../../test/harness.tsx';
import { accountsFixture, insightsFixture } from './fixtures.ts';

// The chart chunk (Chart.js on a canvas) stands in as a plain element: happy-dom draws no canvas.
vi.mock('./insights-charts.tsx', () => ({ default: () => <p>Money in and out chart</p> }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function status(bannerState: string, button: string | null, fetchStatus = 'COMPLETED') {
  return { bannerState, button, stateId: 'CONSENT_GIVEN', consentStatus: 'ACTIVE', fetchStatus };
}

function dashboard(routes: Record<string, Reply>) {
  return renderDashboard('/dashboard', { preloaded: signedInState(), routes });
}

/** The banner once loaded, found by its heading (the region is named by it). */
const banner = async (heading: string) => screen.findByRole('region', { name: heading }, { timeout: 5000 });

describe('the dashboard balance banner (spec 001 §4 balance banner states)', () => {
  it('aa_not_initiated: "Start Now" leads to the journey', async () => {
    dashboard({});
    const region = await banner('See all your bank balances in one place');
    expect(within(region).getByRole('link', { name: 'Start Now' }).getAttribute('href')).toBe('/account-aggregator');
  });

  it('consent_expired: "View Details" leads to the linked accounts', async () => {
    dashboard({ [AGGREGATOR_ROUTES.journeyDataStatus]: status('consent_expired', 'View Details') });
    const region = await banner('Your bank data consent has expired');
    expect(within(region).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/linked-accounts');
  });

  it('data_fetch_in_progress: no button, asked again every 20000 ms until the data is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    dashboard({
      [AGGREGATOR_ROUTES.journeyDataStatus]: () =>
        ++asked < 2 ? status('data_fetch_in_progress', null, 'IN_PROGRESS') : status('data_available', 'View Insights'),
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture(),
    });
    const region = await banner('Fetching your bank data');
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).queryByRole('link')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(asked).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_200));
    expect(await screen.findByRole('button', { name: 'View Insights' })).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('data_available: the total balance, and "View Insights" opens monthly in/out and spend by category', async () => {
    const page = dashboard({
      [AGGREGATOR_ROUTES.journeyDataStatus]: status('data_available', 'View Insights'),
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture(),
      [AGGREGATOR_ROUTES.insights]: insightsFixture,
    });
    const region = await banner('Total bank balance');
    expect(await within(region).findByText('₹1,96,250')).toBeTruthy();
    const button = within(region).getByRole('button', { name: 'View Insights' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(page.calls.some((call) => call.path === AGGREGATOR_ROUTES.insights)).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const insights = await within(region).findByRole('group', { name: 'Your money insights' });
    expect(
      await within(insights).findByText(
        'In the last 3 months, ₹2,62,500 came in and ₹1,90,500 went out: you kept ₹72,000.',
      ),
    ).toBeTruthy();
    expect(await within(insights).findByText('Money in and out chart')).toBeTruthy();
    // The months as a table for screen readers, newest first.
    const table = within(insights).getByRole('table', { name: 'Money in and out by month' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['November 2026', 'October 2026', 'September 2026']);
    const categories = within(insights).getByRole('list', { name: 'Spend by category' });
    expect(within(categories).getAllByRole('listitem')[0]!.textContent).toContain('Rent₹75,000 (40%)');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });

  it('stays out of the way when the status cannot be read', async () => {
    dashboard({ [AGGREGATOR_ROUTES.journeyDataStatus]: refusal('aggregatorPageError', 500) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ma-aa-banner .pv-skeleton')).toBeNull());
    expect(document.querySelector('.ma-aa-banner')).toBeNull();
  });
});
