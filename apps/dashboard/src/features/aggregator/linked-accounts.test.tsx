// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import { importScreensFirst, refusal, renderDashboard, signedInState, type Reply } from '../../test/harness.tsx';
import { ACCOUNT_A, ACCOUNT_B, accountsFixture } from './fixtures.ts';

importScreensFirst(() => import('./linked-accounts-page.tsx'));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Fake time passes inside act(), so React renders what the timers set off before the next assertion. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const polls = (page: ReturnType<typeof renderDashboard>) =>
  page.calls.filter((call) => call.path === AGGREGATOR_ROUTES.fetchUserAccountInfo).length;

function open(routes: Record<string, Reply>) {
  return renderDashboard('/linked-accounts', { preloaded: signedInState(), routes });
}

describe('linked accounts (spec 001 §2 linked-accounts)', () => {
  it('shows the total balance and each account masked to its last 4, with its transactions and statement', async () => {
    open({ [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture() });
    const total = await screen.findByRole('region', { name: 'Total balance' }, { timeout: 5000 });
    // spec 001 §5: 0 decimals, Indian grouping.
    expect(total.textContent).toContain('₹1,96,250');
    expect(total.textContent).toContain('Across 2 linked accounts');
    const list = screen.getByRole('region', { name: 'Your accounts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('XXXXXXXX4411');
    expect(items[0]!.textContent).toContain('₹1,84,250');
    expect(items[1]!.textContent).toContain('Current account');
    expect(list.textContent).not.toMatch(/\d{5,}/);
    const transactions = within(items[0]!).getByRole('link', {
      name: 'Transactions of HDFC Bank savings account ending 4411',
    });
    expect(transactions.getAttribute('href')).toBe(`/linked-accounts-details?accountId=${ACCOUNT_A.accountId}`);
    expect(
      within(items[1]!)
        .getByRole('link', { name: /^Statement of State Bank of India/ })
        .getAttribute('href'),
    ).toBe(`/account-aggregator-statement?accountId=${ACCOUNT_B.accountId}`);
    expect(screen.getByRole('button', { name: 'Add another bank' })).toBeTruthy();
  });

  it('asks again every 20000 ms while a fetch is in progress, and stops when it completes (spec 001 §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const page = open({
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: () =>
        ++answers < 3
          ? accountsFixture({
              fetchStatus: 'IN_PROGRESS',
              bannerState: 'data_fetch_in_progress',
              accounts: [{ ...ACCOUNT_A, currentBalance: null }],
            })
          : accountsFixture(),
    });
    expect(await screen.findByText(/Fetching the latest data from your bank/, {}, { timeout: 5000 })).toBeTruthy();
    expect(polls(page)).toBe(1);
    await advance(19_000);
    expect(polls(page)).toBe(1);
    await advance(1_200);
    await waitFor(() => expect(polls(page)).toBe(2));
    await advance(20_200);
    await waitFor(() => expect(polls(page)).toBe(3));
    expect(await screen.findByText('₹1,96,250')).toBeTruthy();
    // Completed: no more asking.
    await advance(60_000);
    expect(polls(page)).toBe(3);
  });

  it('refreshes, telling each wait of the 20/40 s retry schedule, then polls the new fetch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let refreshes = 0;
    let started = false;
    const page = open({
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: () =>
        started
          ? accountsFixture({ fetchStatus: 'IN_PROGRESS', bannerState: 'data_fetch_in_progress' })
          : accountsFixture(),
      [AGGREGATOR_ROUTES.refreshData]: () => {
        refreshes++;
        if (refreshes < 3) return refusal('aggregatorPageError', 502);
        started = true;
        return { fetchStatus: 'IN_PROGRESS', started: true, nextRefreshAt: '2026-11-27T06:01:00.000Z' };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }, { timeout: 5000 }));
    expect(await screen.findByText('Your bank didn’t answer. We’ll try again in 20 seconds.')).toBeTruthy();
    expect(refreshes).toBe(1);
    await advance(20_000);
    expect(await screen.findByText('Your bank didn’t answer. We’ll try again in 40 seconds.')).toBeTruthy();
    expect(refreshes).toBe(2);
    await advance(39_000);
    expect(refreshes).toBe(2);
    await advance(1_100);
    expect(await screen.findByText(/Fetching the latest data from your bank/)).toBeTruthy();
    expect(refreshes).toBe(3);
    const before = polls(page);
    await advance(20_100);
    await waitFor(() => expect(polls(page)).toBe(before + 1));
  });

  it('says "Data refresh is temporarily disabled…" when the switch is off, asking once', async () => {
    const page = open({
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture(),
      [AGGREGATOR_ROUTES.refreshData]: refusal('dataRefreshDisabled', 503),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }, { timeout: 5000 }));
    expect(
      await screen.findByText(
        'Data refresh is temporarily disabled but will be back soon. We apologise for the inconvenience.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(page.calls.filter((call) => call.path === AGGREGATOR_ROUTES.refreshData)).toHaveLength(1);
  });

  it('says when the next refresh is allowed (once an hour) instead of offering it', async () => {
    open({ [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture({ nextRefreshAt: '2026-11-27T06:01:00.000Z' }) });
    const button = await screen.findByRole('button', { name: 'Refresh' }, { timeout: 5000 });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Next refresh after 11:31/i)).toBeTruthy();
  });

  it('revokes consent after asking in an alert dialog, then shows that nothing is shared', async () => {
    let revoked = false;
    const page = open({
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: () =>
        revoked
          ? accountsFixture({
              accounts: [],
              consentStatus: 'REVOKED',
              bannerState: 'aa_not_initiated',
              fetchStatus: 'NOT_STARTED',
            })
          : accountsFixture(),
      [AGGREGATOR_ROUTES.deActivateUserData]: () => {
        revoked = true;
        return { consentStatus: 'REVOKED', deletedAccounts: 2, deletedTransactions: 960 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke consent' }, { timeout: 5000 }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke consent?' });
    // Focus starts on the safe choice.
    expect(document.activeElement?.textContent).toBe('Keep sharing');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep sharing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(page.calls.some((call) => call.path === AGGREGATOR_ROUTES.deActivateUserData)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke consent' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByRole('heading', { name: 'You’ve stopped sharing your bank data' })).toBeTruthy();
    expect(screen.getByText('Consent revoked. Kosh has deleted the bank data it had fetched.')).toBeTruthy();
    expect(page.calls.find((call) => call.path === AGGREGATOR_ROUTES.deActivateUserData)?.method).toBe('DELETE');
  });

  it('has designed empty and error states', async () => {
    open({ [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture({ accounts: [], consentStatus: null }) });
    expect(await screen.findByRole('heading', { name: 'No bank accounts linked yet' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link a bank account' }).getAttribute('href')).toBe('/account-aggregator');
    cleanup();
    open({ [AGGREGATOR_ROUTES.fetchUserAccountInfo]: refusal('aggregatorPageError', 500) });
    expect(await screen.findByText('Some error occured, Please refresh the page', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
