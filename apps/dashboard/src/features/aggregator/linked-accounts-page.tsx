import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { formatRupees } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { AccountIdentity, Balance, accountName, useLinkedAccounts } from './account-parts.tsx';
import { AddAnotherBankButton } from './add-another-bank.tsx';
import { AA_MESSAGES } from './messages.ts';
import { usePageView } from './page-view.ts';
import { RefreshControl } from './refresh-control.tsx';
import { RevokeConsent } from './revoke-consent.tsx';
import './aggregator.css';

function NoAccounts({ revoked }: { revoked: boolean }) {
  return (
    <section className="ma-card ma-empty ma-empty--page">
      <span className="ma-empty-icon" aria-hidden="true">
        <Icon name="bank" size={32} />
      </span>
      <div>
        <h2>{revoked ? 'You’ve stopped sharing your bank data' : 'No bank accounts linked yet'}</h2>
        <p>
          {revoked
            ? 'Your consent is revoked and the data Kosh fetched has been deleted. Link your accounts again whenever you like.'
            : 'Link your savings and current accounts through FINVU, an RBI-licensed account aggregator. You choose what to share and can revoke consent at any time.'}
        </p>
        <div className="ma-empty-action">
          <Link className="pv-button pv-button--primary" to="/account-aggregator">
            <span>Link a bank account</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * spec 001 §2 linked-accounts: the total balance, each linked account with its number masked to the
 * last 4 (spec 001 §5) and its balance, refresh, another bank, and revoking consent.
 */
export default function LinkedAccountsPage() {
  usePageView('linked-accounts');
  const accounts = useLinkedAccounts();
  const [revoked, setRevoked] = useState(false);
  const detail = accounts.data;

  let body;
  if (accounts.isLoading) {
    body = (
      <section className="ma-card">
        <SkeletonGroup label="Loading your linked accounts…" className="ma-stack">
          <Skeleton shape="text" width="30%" />
          <Skeleton shape="text" width="45%" height={32} />
          <Skeleton shape="rect" width="100%" height={72} />
          <Skeleton shape="rect" width="100%" height={72} />
        </SkeletonGroup>
      </section>
    );
  } else if (!detail) {
    body = (
      <section className="ma-card ma-section">
        <Alert tone="error" title="We couldn’t load your linked accounts">
          {AA_MESSAGES.pageError}
        </Alert>
        <div>
          <Button variant="secondary" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
            Try again
          </Button>
        </div>
      </section>
    );
  } else if (detail.accounts.length === 0) {
    body = <NoAccounts revoked={revoked} />;
  } else {
    const withBalance = detail.accounts.filter((account) => account.currentBalance !== null).length;
    body = (
      <>
        {detail.consentStatus === 'EXPIRED' ? (
          <Alert tone="warning" title="Your consent has expired">
            The balances below are from your last update. <Link to="/account-aggregator">Link your accounts again</Link>{' '}
            to keep them up to date.
          </Alert>
        ) : null}
        {detail.consentStatus === 'PAUSED' ? (
          <Alert tone="warning" title="Sharing is paused">
            You’ve paused sharing in the FINVU app. Resume it there to see fresh balances.
          </Alert>
        ) : null}
        {detail.fetchStatus === 'FAILED' ? (
          <Alert tone="warning" title="We couldn’t get your latest data">
            Your bank didn’t send it this time. The balances shown are from your last successful update.
          </Alert>
        ) : null}
        <section className="ma-card ma-aa-total" aria-labelledby="aa-total-title" data-ma-blur>
          <div>
            <h2 id="aa-total-title" className="ma-aa-total-label">
              Total balance
            </h2>
            <p className="ma-aa-total-amount">
              {withBalance === 0 ? <span className="ma-muted">Fetching…</span> : formatRupees(detail.totalBalance)}
            </p>
            <p className="ma-muted">
              Across {detail.accounts.length} linked {detail.accounts.length === 1 ? 'account' : 'accounts'}
            </p>
          </div>
          <RefreshControl detail={detail} onStarted={() => void accounts.refetch()} />
        </section>
        <section className="ma-card ma-section" aria-labelledby="aa-accounts-title">
          <div className="ma-section-head">
            <h2 id="aa-accounts-title">Your accounts</h2>
            <AddAnotherBankButton variant="secondary" />
          </div>
          <ul className="ma-aa-account-list" role="list">
            {detail.accounts.map((account) => (
              <li key={account.accountId} className="ma-aa-account">
                <AccountIdentity account={account} />
                <p className="ma-aa-account-balance">
                  <span className="pv-visually-hidden">Balance </span>
                  <Balance amount={account.currentBalance} />
                </p>
                <div className="ma-aa-account-links">
                  <Link to={`/linked-accounts-details?accountId=${account.accountId}`}>
                    Transactions<span className="pv-visually-hidden"> of {accountName(account)}</span>
                  </Link>
                  <Link to={`/account-aggregator-statement?accountId=${account.accountId}`}>
                    Statement<span className="pv-visually-hidden"> of {accountName(account)}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
        {detail.consentStatus === 'REVOKED' ? null : <RevokeConsent onRevoked={() => setRevoked(true)} />}
      </>
    );
  }

  return (
    <>
      <PageTitle lede="Balances and transactions of your bank accounts, shared with your consent through FINVU.">
        Linked bank accounts
      </PageTitle>
      {revoked && detail?.accounts.length === 0 ? (
        <Alert tone="success">Consent revoked. Kosh has deleted the bank data it had fetched.</Alert>
      ) : null}
      {body}
    </>
  );
}
