// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import type { TransactionTab } from '@pravesh/core/aggregator/constants.ts';
import { refusal, renderDashboard, signedInState, type Reply } from '../../test/harness.tsx';
import { ACCOUNT_A, accountsFixture, transactionsFixture } from './fixtures.ts';

afterEach(cleanup);

function open(
  transactions: Reply = (_body: unknown, query: Record<string, unknown> | undefined) =>
    transactionsFixture(query?.type as TransactionTab, Number(query?.page)),
) {
  return renderDashboard(`/linked-accounts-details?accountId=${ACCOUNT_A.accountId}`, {
    preloaded: signedInState(),
    routes: {
      [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture(),
      [AGGREGATOR_ROUTES.transaction]: transactions,
    },
  });
}

const transactionCalls = (page: ReturnType<typeof renderDashboard>) =>
  page.calls.filter((call) => call.path === AGGREGATOR_ROUTES.transaction).map((call) => call.query);

describe('account transactions (spec 001 §2 linked-accounts-details)', () => {
  it('shows the All tab first, 20 a page, and pages forward and back', async () => {
    const page = open();
    expect(await screen.findByRole('heading', { level: 2, name: 'HDFC Bank' }, { timeout: 5000 })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Credit', 'Debit', 'All']);
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'All transactions, 1 to 20 of 105' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    // A credit reads as one: "+₹85,000" with "Credit" for screen readers; amounts with 0 decimals (spec 001 §5).
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(firstRow.textContent).toContain('NEFT SALARY ACME LTD 0');
    expect(firstRow.textContent).toContain('Credit +₹85,000');
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Debit −₹251');
    expect(screen.getByText('Showing 1–20 of 105')).toBeTruthy();
    expect(screen.getByText('Page 1 of 6')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: 'All transactions, 21 to 40 of 105' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 6')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('table', { name: 'All transactions, 1 to 20 of 105' })).toBeTruthy();
    expect(transactionCalls(page)).toEqual([
      { accountId: ACCOUNT_A.accountId, type: 'All', page: 1 },
      { accountId: ACCOUNT_A.accountId, type: 'All', page: 2 },
    ]);
  });

  it('switches to Credit and Debit, asking only for the tab shown, and keeps the choice in the Finvu slice', async () => {
    const page = open();
    await screen.findByRole('table', { name: /^All transactions/ }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Credit' }));
    const credits = await screen.findByRole('table', { name: 'Credit transactions, 1 to 20 of 45' });
    expect(within(credits).queryByText(/Debit/)).toBeNull();
    expect(page.store.getState().finvu.selectedTransactionsTab).toBe('Credit');
    expect(page.store.getState().finvu.transactions.Credit).toMatchObject({ totalRecords: 45, pageCount: 3 });
    // The last page of credits: 5 rows, Next disabled.
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: 'Credit transactions, 41 to 45 of 45' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(true),
    );
    // Keyboard: arrow keys move between tabs (the Tabs pattern).
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Credit' }), { key: 'ArrowRight' });
    expect(await screen.findByRole('table', { name: 'Debit transactions, 1 to 20 of 60' })).toBeTruthy();
    expect(transactionCalls(page).map((query) => query?.type)).not.toContain(undefined);
  });

  it('has an empty tab, an error with a retry, and an account that is not linked', async () => {
    open(() => ({ type: 'Credit', page: 1, pageSize: 20, totalRecords: 0, pageCount: 0, transactions: [] }));
    expect(
      await screen.findByText('No transactions in the data your bank has shared so far.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    cleanup();
    open(refusal('aggregatorPageError', 500));
    expect(await screen.findByText('We couldn’t load these transactions', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    cleanup();
    // Consent revoked at the AA: the data is no longer shown, and trying again cannot bring it back.
    open(refusal('aaConsentNotActive', 409));
    expect(await screen.findByText('These transactions are no longer available', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByText('Your consent to share bank data isn’t active any more. Link your accounts again to continue.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    renderDashboard('/linked-accounts-details?accountId=11111111-2222-4333-8444-555555555555', {
      preloaded: signedInState(),
      routes: { [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture() },
    });
    expect(await screen.findByRole('heading', { name: 'This account isn’t linked' }, { timeout: 5000 })).toBeTruthy();
  });
});
