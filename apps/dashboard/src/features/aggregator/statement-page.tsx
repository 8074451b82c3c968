import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { AccountIdentity, useLinkedAccounts } from './account-parts.tsx';
import { fetchStatementPdf } from './api.ts';
import { AA_MESSAGES, aaMessage } from './messages.ts';
import { usePageView } from './page-view.ts';
import './aggregator.css';

/** spec 001 §5 "Statement download: durations of 1, 2 and 3 months, PDF format". */
const DURATIONS = [1, 2, 3] as const;
type Months = (typeof DURATIONS)[number];

/**
 * spec 001 §2 account-aggregator-statement (no footer): a linked account's statement of the last
 * 1, 2 or 3 months as a PDF (fi/transaction; dates YYYY/MM/DD and the number masked in the file).
 */
export default function StatementPage() {
  usePageView('account-aggregator-statement');
  const services = useServices();
  const [params] = useSearchParams();
  const accounts = useLinkedAccounts();
  const list = accounts.data?.accounts ?? [];
  const [chosen, setChosen] = useState<string | null>(params.get('accountId'));
  const [months, setMonths] = useState<Months>(1);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  const accountId = list.some((account) => account.accountId === chosen) ? chosen : (list[0]?.accountId ?? null);

  async function download() {
    if (!accountId) return;
    services.analytics.track({
      action: 'clicked',
      category: 'myAccount',
      label: `downloadStatement${months}M`,
      page: 'account-aggregator-statement',
    });
    setState({ kind: 'busy' });
    try {
      const { fileName, blob } = await fetchStatementPdf(services.http, accountId, months);
      saveFile(blob, fileName);
      setState({ kind: 'done' });
    } catch (failure) {
      setState({ kind: 'failed', message: aaMessage(failure) });
    }
  }

  let body;
  if (accounts.isLoading) {
    body = (
      <section className="ma-card">
        <SkeletonGroup label="Loading your accounts…" className="ma-stack">
          <Skeleton shape="text" width="50%" />
          <Skeleton shape="rect" width="100%" height={120} />
        </SkeletonGroup>
      </section>
    );
  } else if (!accounts.data) {
    body = (
      <section className="ma-card ma-section">
        <Alert tone="error" title="We couldn’t load your accounts">
          {AA_MESSAGES.pageError}
        </Alert>
        <div>
          <Button variant="secondary" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
            Try again
          </Button>
        </div>
      </section>
    );
  } else if (list.length === 0) {
    body = (
      <section className="ma-card ma-empty ma-empty--page">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="receipt" size={32} />
        </span>
        <div>
          <h2>No statements yet</h2>
          <p>Statements can be downloaded as a PDF once a bank account is linked.</p>
          <div className="ma-empty-action">
            <Link className="pv-button pv-button--primary" to="/account-aggregator">
              <span>Link a bank account</span>
            </Link>
          </div>
        </div>
      </section>
    );
  } else {
    body = (
      <form
        className="ma-card ma-aa-statement"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <fieldset className="ma-aa-choices">
          <legend>Account</legend>
          {list.map((account) => (
            <label key={account.accountId} className="ma-aa-choice">
              <input
                type="radio"
                name="account"
                value={account.accountId}
                checked={account.accountId === accountId}
                onChange={() => setChosen(account.accountId)}
              />
              <AccountIdentity account={account} inline />
            </label>
          ))}
        </fieldset>
        <fieldset className="ma-aa-choices ma-aa-choices--inline">
          <legend>Period</legend>
          {DURATIONS.map((value) => (
            <label key={value} className="ma-aa-choice ma-aa-choice--pill">
              <input
                type="radio"
                name="months"
                value={value}
                checked={months === value}
                onChange={() => setMonths(value)}
              />
              <span>Last {value === 1 ? 'month' : `${value} months`}</span>
            </label>
          ))}
        </fieldset>
        {state.kind === 'failed' ? (
          <Alert tone="error" title="We couldn’t prepare your statement">
            {state.message}
          </Alert>
        ) : null}
        {state.kind === 'done' ? (
          <Alert tone="success">Your statement is downloaded. Look for it in your downloads.</Alert>
        ) : null}
        <div className="ma-aa-actions">
          <Button type="submit" loading={state.kind === 'busy'} loadingLabel="Preparing PDF…">
            Download PDF
          </Button>
          <Link className="pv-button pv-button--ghost" to="/linked-accounts">
            <span>Back to linked accounts</span>
          </Link>
        </div>
      </form>
    );
  }

  return (
    <>
      <PageTitle lede="A PDF of your transactions for the last 1, 2 or 3 months, with your account number masked.">
        Download a statement
      </PageTitle>
      {body}
    </>
  );
}
