import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Bureau } from '@pravesh/core/constants.ts';
import { lateMonthCount, reportFactors } from '@pravesh/core/credit/report-factors.ts';
import type { CreditAccount, CreditReport } from '@pravesh/core/credit/schemas.ts';
import { istDay, isBureau, scoreBand } from '@pravesh/core/credit/score-rules.ts';
import { Skeleton, SkeletonGroup, Tabs } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { useCreditScoresQuery } from '../scores/index.ts';
import { BAND_NAMES, BAND_TONES, BUREAU_NAMES, inBureauOrder, NO_SCORE_TITLE } from '../scores/index.ts';
import { ScoreHistory } from '../scores/index.ts';
import { useBureauReportQuery } from './api.ts';
import { DpdGrid } from './dpd-grid.tsx';
import { FactorList } from './factors.tsx';
import { ACCOUNT_TYPE_NAMES, formatAge, formatDay, maskAccountNumber } from './format.ts';
import './report.css';

const nameOf = (bureau: Bureau) => BUREAU_NAMES[bureau] ?? bureau;

function StateCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="ma-empty ma-empty--compact ma-report-state">
      <span className="ma-empty-icon" aria-hidden="true">
        <Icon name="receipt" size={28} />
      </span>
      <div>
        <h2>{title}</h2>
        <p>{children}</p>
        {action ? <div className="ma-empty-action">{action}</div> : null}
      </div>
    </div>
  );
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" className="pv-button pv-button--secondary" onClick={onRetry}>
      <span>Try again</span>
    </button>
  );
}

function ReportSkeleton({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} className="ma-stack ma-report-skeleton">
      <Skeleton shape="text" width="40%" />
      <Skeleton shape="rect" width="100%" height={96} />
      <Skeleton shape="text" width="60%" />
      <Skeleton shape="rect" width="100%" height={160} />
    </SkeletonGroup>
  );
}

const isRevolving = (account: CreditAccount) => account.type === 'CC' || account.type === 'OD';

function accountStatus(account: CreditAccount): string {
  if (account.writtenOff) return 'Written off';
  if (account.settled) return 'Settled';
  return account.closedDate === null ? 'Active' : 'Closed';
}

function AccountCard({ account }: { account: CreditAccount }) {
  const typeName = ACCOUNT_TYPE_NAMES[account.type];
  const late = lateMonthCount(account.dpdHistory);
  const status = accountStatus(account);
  const number = maskAccountNumber(account.accountNumber);
  return (
    <li className="ma-account">
      <div className="ma-account-head">
        <h3>
          {typeName}
          <span className="ma-muted"> · {account.lender}</span>
        </h3>
        <span className={`ma-band ma-tone--${status === 'Active' ? 'good' : status === 'Closed' ? 'none' : 'low'}`}>
          {status}
        </span>
      </div>
      <dl className="ma-account-facts">
        <div>
          <dt>Account number</dt>
          <dd>{number}</dd>
        </div>
        <div>
          <dt>{isRevolving(account) ? 'Credit limit' : 'Sanctioned'}</dt>
          <dd>{formatRupees(account.sanctionedAmount)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{formatRupees(account.balance)}</dd>
        </div>
        {account.overdue > 0 ? (
          <div>
            <dt>Overdue</dt>
            <dd className="ma-overdue">{formatRupees(account.overdue)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Opened</dt>
          <dd>{formatDay(account.openedDate)}</dd>
        </div>
        {account.closedDate ? (
          <div>
            <dt>Closed</dt>
            <dd>{formatDay(account.closedDate)}</dd>
          </div>
        ) : null}
      </dl>
      {account.dpdHistory.length > 0 ? (
        <details className="ma-account-history">
          <summary>
            Payment history, {account.dpdHistory.length} {account.dpdHistory.length === 1 ? 'month' : 'months'}:{' '}
            {late === 0 ? 'all paid on time' : `${late} late ${late === 1 ? 'payment' : 'payments'}`}
          </summary>
          <DpdGrid
            history={account.dpdHistory}
            caption={`Payment history of ${typeName} ${number} with ${account.lender}, by month`}
          />
        </details>
      ) : (
        <p className="ma-muted">
          {account.closedDate === null
            ? 'No payment history reported yet.'
            : 'No payments reported in the last 3 years.'}
        </p>
      )}
    </li>
  );
}

function Summary({ report }: { report: CreditReport }) {
  const { summary } = report;
  const facts: [string, string][] = [
    ['Active accounts', `${summary.activeAccounts} of ${summary.totalAccounts}`],
    ['Total balance', formatRupees(summary.totalBalance)],
    ['Overdue', summary.totalOverdue > 0 ? formatRupees(summary.totalOverdue) : 'None'],
    ['Credit card utilisation', summary.creditUtilisation === null ? 'No cards' : `${summary.creditUtilisation}%`],
    [
      'Oldest account',
      summary.oldestAccountAgeMonths === null ? 'No accounts yet' : formatAge(summary.oldestAccountAgeMonths),
    ],
    ['Enquiries in the last 6 months', String(summary.enquiriesLast6Months)],
  ];
  return (
    <dl className="ma-report-summary">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Enquiries({ report }: { report: CreditReport }) {
  if (report.enquiries.length === 0) {
    return (
      <p className="ma-muted">No lender has checked your report recently. Checking your own score never counts.</p>
    );
  }
  return (
    <div
      className="ma-table-scroll"
      role="region"
      aria-label={`Lender enquiries in your ${nameOf(report.creditBureau)} report`}
      tabIndex={0}
    >
      <table className="ma-enquiries">
        <caption className="pv-visually-hidden">Lender enquiries in your {nameOf(report.creditBureau)} report</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Lender</th>
            <th scope="col">For</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {report.enquiries.map((enquiry, index) => (
            <tr key={`${enquiry.date}-${index}`}>
              <td>{formatDay(enquiry.date)}</td>
              <td>{enquiry.lender}</td>
              <td>{ACCOUNT_TYPE_NAMES[enquiry.purpose]}</td>
              <td>{enquiry.amount === null ? '—' : formatRupees(enquiry.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One bureau's report: summary, ranked factors, score history, accounts and enquiries. */
export function BureauReport({ bureau }: { bureau: Bureau }) {
  const report = useBureauReportQuery(bureau);
  const name = nameOf(bureau);
  if (report.isLoading) return <ReportSkeleton label={`Loading your ${name} report…`} />;
  if (report.isError || !report.data) {
    const failure = report.error as { statusCode?: string; httpStatus?: number } | undefined;
    const notFound = failure?.statusCode === 'creditReportNotFound' || failure?.httpStatus === 404;
    return notFound ? (
      <StateCard title={`No ${name} report yet`}>
        {name} has no credit file for you yet. It starts with your first loan or credit card.
      </StateCard>
    ) : (
      <StateCard
        title={`We couldn’t load your ${name} report`}
        action={<RetryButton onRetry={() => void report.refetch()} />}
      >
        Something went wrong on our side. Your report is safe — please try again.
      </StateCard>
    );
  }
  const data = report.data;
  const asOf = istDay(data.lastUpdated) ?? data.lastUpdated.slice(0, 10);
  const factors = reportFactors(data, asOf);
  const open = data.accounts.filter((account) => account.closedDate === null);
  const closed = data.accounts.filter((account) => account.closedDate !== null);
  const band = data.scoreState === 'SCORE' ? scoreBand(bureau, data.score) : null;
  return (
    <div className="ma-report">
      <div className="ma-report-head">
        <p className="ma-report-score">
          {data.score === null ? (
            <strong>No score yet</strong>
          ) : (
            <>
              <strong>{data.score}</strong>
              <span> / 900</span>
            </>
          )}
          {band ? <span className={`ma-band ma-tone--${BAND_TONES[band]}`}>{BAND_NAMES[band]}</span> : null}
        </p>
        <p className="ma-muted">Report from {formatDate(data.lastUpdated)}</p>
      </div>
      <Summary report={data} />

      <section className="ma-report-part" aria-labelledby={`factors-${bureau}`}>
        <h2 id={`factors-${bureau}`}>What’s shaping your score</h2>
        <p className="ma-muted">
          Ranked by how much each one is costing you now — the first is where you’ll gain most.
        </p>
        <FactorList factors={factors} />
        {data.score !== null ? (
          <p>
            <Link className="ma-report-link" to={`/score-predictor?bureau=${bureau}`}>
              What if you paid a card down or took a loan? Try the score predictor
            </Link>
          </p>
        ) : null}
      </section>

      {data.score !== null ? (
        <section className="ma-report-part">
          <ScoreHistory bureau={bureau} bureauName={name} headingLevel={2} />
        </section>
      ) : null}

      <section className="ma-report-part" aria-labelledby={`accounts-${bureau}`}>
        <h2 id={`accounts-${bureau}`}>Accounts ({data.accounts.length})</h2>
        {data.accounts.length === 0 ? (
          <p className="ma-muted">No loans or cards in your report yet.</p>
        ) : (
          <ul className="ma-accounts" role="list">
            {[...open, ...closed].map((account, index) => (
              <AccountCard key={`${account.accountNumber}-${index}`} account={account} />
            ))}
          </ul>
        )}
      </section>

      <section className="ma-report-part" aria-labelledby={`enquiries-${bureau}`}>
        <h2 id={`enquiries-${bureau}`}>Enquiries ({data.enquiries.length})</h2>
        <Enquiries report={data} />
      </section>
    </div>
  );
}

/**
 * The credit report analysis screen. spec 001 §2 lists no report route, but §4
 * ("Redirect sources: bureau goes to the credit bureau report analysis page") and §9 ("Redirect
 * targets: credit report analysis") name the screen, so it is the standard-layout route
 * credit-report, reached from the dashboard score section's "See full report" of each bureau tab;
 * ?bureau= picks the tab.
 */
export default function CreditReportPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({
      action: 'viewed',
      category: 'myAccount',
      label: 'credit-report',
      page: 'credit-report',
    });
  }, [services]);
  const scores = useCreditScoresQuery();
  const [params, setParams] = useSearchParams();
  const withReport = inBureauOrder((scores.data ?? []).filter((record) => record.scoreState !== 'NO_HIT'));
  const asked = params.get('bureau');
  const selected =
    withReport.find((record) => isBureau(asked) && record.creditBureau === asked)?.creditBureau ??
    withReport[0]?.creditBureau;

  let body: ReactNode;
  if (scores.isLoading) {
    body = <ReportSkeleton label="Loading your credit report…" />;
  } else if (scores.isError) {
    body = (
      <StateCard
        title="We couldn’t load your credit report"
        action={<RetryButton onRetry={() => void scores.refetch()} />}
      >
        Something went wrong on our side. Your report is safe — please try again.
      </StateCard>
    );
  } else if ((scores.data ?? []).length === 0) {
    body = (
      <StateCard
        title="Your credit report will appear here"
        action={
          <Link className="pv-button pv-button--primary" to="/dashboard#credit-score">
            <span>Go to your credit score</span>
          </Link>
        }
      >
        Once we’ve fetched your report from the credit bureaus you’ll see every loan and card, your payment history and
        what’s shaping your score. Checking it here never lowers your score.
      </StateCard>
    );
  } else if (!selected) {
    body = (
      <StateCard title={NO_SCORE_TITLE}>
        None of the credit bureaus has a file for you yet. Using a credit card or a small loan responsibly for six
        months builds one.
      </StateCard>
    );
  } else {
    body = (
      <Tabs
        className="ma-bureau-tabs"
        label="Credit bureau"
        selectedId={selected}
        onSelect={(id) => setParams({ bureau: id }, { replace: true })}
        items={withReport.map((record) => ({
          id: record.creditBureau,
          label: nameOf(record.creditBureau),
          // Only the shown bureau's report is fetched: hidden panels stay in the DOM.
          panel: record.creditBureau === selected ? <BureauReport bureau={record.creditBureau} /> : null,
        }))}
      />
    );
  }
  return (
    <>
      <PageTitle lede="What lenders see when they check your credit, and what’s shaping your score.">
        Your credit report
      </PageTitle>
      <p className="ma-report-back">
        <Link to="/dashboard#credit-score">Back to your credit score</Link>
      </p>
      <section className="ma-card" aria-label="Credit report by bureau">
        {body}
      </section>
    </>
  );
}
