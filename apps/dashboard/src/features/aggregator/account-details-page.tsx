import { Link, useSearchParams } from 'react-router';
import { TRANSACTION_TABS, type TransactionTab } from '@pravesh/core/aggregator/constants.ts';
import { Alert, Button, Skeleton, SkeletonGroup, Tabs } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { transactionsTabSelected } from './finvu-slice.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { AccountIdentity, Balance, accountName, useLinkedAccounts } from './account-parts.tsx';
import { AA_MESSAGES } from './messages.ts';
import { usePageView } from './page-view.ts';
import { TransactionsTable } from './transactions-table.tsx';
import { checkDateRange, type DateRange } from './date-range.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import './aggregator.css';

const TAB_LABELS: Record<TransactionTab, string> = { Credit: 'Credit', Debit: 'Debit', All: 'All' };

/**
 * spec 001 §2 linked-accounts-details: one linked account's transactions in three tabs, Credit /
 * Debit / All (the Finvu slice's selectedTransactionsTab, default All), each paged, over an optional
 * date range kept in the address.
 */
export default function AccountDetailsPage() {
  usePageView('linked-accounts-details');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const tab = useAppSelector((state) => state.finvu.selectedTransactionsTab);
  const accounts = useLinkedAccounts();
  // Without an account in the address (a bookmark, the menu remembered after sign-in), the first one.
  const accountId = params.get('accountId');
  const list = accounts.data?.accounts ?? [];
  const account = accountId ? list.find((candidate) => candidate.accountId === accountId) : list[0];
  // The date range lives in the address (from, to), so a reload or a shared link keeps it.
  const applied = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range = checkDateRange(applied.from, applied.to);
  function applyRange(next: DateRange) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const end of ['from', 'to'] as const) {
        if (next[end]) updated.set(end, next[end]);
        else updated.delete(end);
      }
      return updated;
    });
  }

  let body;
  if (accounts.isLoading) {
    body = (
      <section className="ma-card">
        <SkeletonGroup label="Loading the account…" className="ma-stack">
          <Skeleton shape="text" width="40%" />
          <Skeleton shape="rect" width="100%" height={200} />
        </SkeletonGroup>
      </section>
    );
  } else if (!accounts.data) {
    body = (
      <section className="ma-card ma-section">
        <Alert tone="error" title="We couldn’t load this account">
          {AA_MESSAGES.pageError}
        </Alert>
        <div>
          <Button variant="secondary" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
            Try again
          </Button>
        </div>
      </section>
    );
  } else if (!account) {
    body = (
      <section className="ma-card ma-empty ma-empty--page">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="bank" size={32} />
        </span>
        <div>
          <h2>This account isn’t linked</h2>
          <p>It may have been removed when consent was revoked. Your linked accounts are listed on one page.</p>
          <div className="ma-empty-action">
            <Link className="pv-button pv-button--primary" to="/linked-accounts">
              <span>See linked accounts</span>
            </Link>
          </div>
        </div>
      </section>
    );
  } else {
    body = (
      <>
        <section className="ma-card ma-aa-account-head" aria-label={accountName(account)}>
          <AccountIdentity account={account} as="h2" />
          <div className="ma-aa-account-head-side">
            <p className="ma-aa-account-balance">
              <span className="ma-muted">Balance </span>
              <Balance amount={account.currentBalance} />
            </p>
            <Link to={`/account-aggregator-statement?accountId=${account.accountId}`}>Download statement</Link>
          </div>
        </section>
        <section className="ma-card" aria-labelledby="aa-txn-title">
          <h2 id="aa-txn-title" className="ma-aa-section-title">
            Transactions
          </h2>
          <DateRangeFilter key={`${applied.from}|${applied.to}`} applied={applied} onApply={applyRange} />
          <Tabs
            label="Transactions"
            className="ma-aa-txn-tabs"
            selectedId={tab}
            onSelect={(id) => dispatch(transactionsTabSelected(id as TransactionTab))}
            items={TRANSACTION_TABS.map((type) => ({
              id: type,
              label: TAB_LABELS[type],
              // Only the tab on screen asks the server; the others wait until chosen.
              panel:
                type !== tab ? null : range.ok ? (
                  <TransactionsTable
                    key={`${type}|${range.range.from ?? ''}|${range.range.to ?? ''}`}
                    accountId={account.accountId}
                    type={type}
                    range={range.range}
                  />
                ) : (
                  // An address edited by hand: say what is wrong instead of asking the server.
                  <Alert tone="warning" title="These dates can’t be used">
                    {range.message} Change the dates above, or clear them to see every transaction.
                  </Alert>
                ),
            }))}
          />
        </section>
      </>
    );
  }

  return (
    <>
      <nav aria-label="Breadcrumb" className="ma-aa-breadcrumb">
        <Link to="/linked-accounts">Linked bank accounts</Link>
      </nav>
      <PageTitle>Account transactions</PageTitle>
      {body}
    </>
  );
}
