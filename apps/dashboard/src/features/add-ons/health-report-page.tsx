import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CreditHealthReportResponse } from '@pravesh/core/add-ons/schemas.ts';
import { BAND_NAMES, BUREAU_NAMES, formatAge } from '@pravesh/core/credit/factor-copy.ts';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { saveFile } from '../../lib/save-file.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { BAND_TONES } from '../scores/index.ts';
import { fetchHealthReportPdf, useCreditHealthReportQuery } from './api.ts';
import './health-report.css';

type HealthBureau = CreditHealthReportResponse['bureaus'][number];

const PAGE = 'credit-health-report';

const RATING_TONES = { GOOD: 'good', FAIR: 'average', POOR: 'low', NONE: 'none' } as const;

function StateCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="ma-card ma-empty ma-empty--page">
      <span className="ma-empty-icon" aria-hidden="true">
        <Icon name="shield" size={32} />
      </span>
      <div>
        <h2>{title}</h2>
        <p>{children}</p>
        {action ? <div className="ma-empty-action">{action}</div> : null}
      </div>
    </section>
  );
}

function scoreText(bureau: HealthBureau): string {
  if (bureau.scoreState === 'NO_HIT') return 'No file yet';
  if (bureau.score === null) return 'Too new to score';
  return `${bureau.score}`;
}

function Standing({ bureau }: { bureau: HealthBureau }) {
  const change = bureau.change?.delta ?? 0;
  return (
    <li className="ma-health-bureau">
      <h3>{BUREAU_NAMES[bureau.creditBureau]}</h3>
      <p className="ma-health-score">
        <strong>{scoreText(bureau)}</strong>
        {bureau.score !== null ? <span className="ma-muted"> / 900</span> : null}
      </p>
      {bureau.scoreBand ? (
        <span className={`ma-band ma-tone--${BAND_TONES[bureau.scoreBand]}`}>{BAND_NAMES[bureau.scoreBand]}</span>
      ) : null}
      {change !== 0 ? (
        <p className={change > 0 ? 'ma-delta ma-delta--up' : 'ma-delta ma-delta--down'}>
          {change > 0 ? `Up ${change}` : `Down ${Math.abs(change)}`} points since your report before
        </p>
      ) : null}
      {bureau.reportDate ? <p className="ma-muted">Report of {formatDate(bureau.reportDate)}</p> : null}
    </li>
  );
}

function BureauAnalysis({ bureau }: { bureau: HealthBureau }) {
  const name = BUREAU_NAMES[bureau.creditBureau];
  const id = `health-${bureau.creditBureau}`;
  const { summary } = bureau;
  return (
    <section className="ma-card ma-section ma-health-analysis" aria-labelledby={id}>
      <div className="ma-section-head">
        <h2 id={id}>{name}</h2>
        {bureau.reportDate ? <span className="ma-chip">Report of {formatDate(bureau.reportDate)}</span> : null}
      </div>
      {summary ? (
        <dl className="ma-health-summary">
          <div>
            <dt>Active accounts</dt>
            <dd>
              {summary.activeAccounts} of {summary.totalAccounts}
            </dd>
          </div>
          <div>
            <dt>Total balance</dt>
            <dd>{formatRupees(summary.totalBalance)}</dd>
          </div>
          <div>
            <dt>Overdue</dt>
            <dd>{summary.totalOverdue > 0 ? formatRupees(summary.totalOverdue) : 'None'}</dd>
          </div>
          <div>
            <dt>Card use</dt>
            <dd>{summary.creditUtilisation === null ? 'No cards' : `${summary.creditUtilisation}%`}</dd>
          </div>
          <div>
            <dt>Oldest account</dt>
            <dd>{summary.oldestAccountAgeMonths === null ? 'None yet' : formatAge(summary.oldestAccountAgeMonths)}</dd>
          </div>
        </dl>
      ) : null}
      <h3 className="ma-health-subhead">What changed since your report before</h3>
      {bureau.changes.length === 0 ? (
        <p className="ma-muted">
          {bureau.change === null
            ? 'This is your first report from this bureau with us: changes show from your next update.'
            : 'Nothing changed in your file since your report before.'}
        </p>
      ) : (
        <ul className="ma-health-changes" role="list">
          {bureau.changes.map((change) => (
            <li
              key={`${change.kind}-${change.title}`}
              className={`ma-health-change ma-health-change--${change.impact.toLowerCase()}`}
            >
              <strong>{change.title}</strong>
              <span>{change.explanation}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="ma-health-subhead">What’s shaping your score</h3>
      <ol className="ma-health-factors" role="list">
        {bureau.factors.map((factor) => (
          <li key={factor.id} className="ma-health-factor">
            <div className="ma-health-factor-head">
              <h4>{factor.name}</h4>
              <span className={`ma-band ma-tone--${RATING_TONES[factor.rating]}`}>{factor.ratingName}</span>
            </div>
            <p>{factor.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function DownloadButton() {
  const services = useServices();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function download() {
    services.analytics.track({ action: 'clicked', category: 'add-ons', label: 'downloadHealthReport', page: PAGE });
    setState('busy');
    try {
      const { fileName, blob } = await fetchHealthReportPdf(services.http);
      saveFile(blob, fileName);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="ma-health-download">
      <Button
        variant="secondary"
        onClick={() => void download()}
        loading={state === 'busy'}
        loadingLabel="Preparing PDF…"
      >
        Download PDF
      </Button>
      {state === 'failed' ? <Alert tone="error">We couldn’t prepare your PDF just now. Please try again.</Alert> : null}
    </div>
  );
}

function Report({ report }: { report: CreditHealthReportResponse }) {
  const analysed = report.bureaus.filter((bureau) => bureau.factors.length > 0);
  return (
    <>
      <section className="ma-card ma-section ma-health-overview" aria-labelledby="health-overview">
        <div className="ma-section-head">
          <h2 id="health-overview">Your credit health</h2>
          <span className="ma-chip">Prepared {formatDate(report.generatedAt)}</span>
        </div>
        <p className="ma-health-headline">{report.headline}</p>
        <ul className="ma-health-bureaus" role="list" aria-label="Your score at each bureau">
          {report.bureaus.map((bureau) => (
            <Standing key={bureau.creditBureau} bureau={bureau} />
          ))}
        </ul>
        <DownloadButton />
      </section>
      <section className="ma-card ma-section" aria-labelledby="health-next">
        <div className="ma-section-head">
          <h2 id="health-next">What to do next</h2>
        </div>
        <ol className="ma-health-steps">
          {report.nextSteps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span>
                {step.detail}
                {step.bureaus.length > 0 ? (
                  <span className="ma-muted">
                    {' '}
                    Seen in your {step.bureaus.map((b) => BUREAU_NAMES[b]).join(', ')} report.
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
        {report.state === 'NO_HIT' ? (
          <p>
            <Link className="ma-report-link" to="/personal-details">
              Check your details
            </Link>
          </p>
        ) : null}
      </section>
      {analysed.map((bureau) => (
        <BureauAnalysis key={bureau.creditBureau} bureau={bureau} />
      ))}
    </>
  );
}

/**
 * The Credit Health Report the customer bought (spec 001 §1 paid add-on; §4 "Credit health:
 * subscribed when the last payment status is success"): the server's analysis across every bureau
 * file — where they stand, what to do next, then each bureau's changes and factors — with the
 * same analysis as a PDF. Reached from the add-on card, the purchase list and the purchase
 * confirmation.
 */
export default function HealthReportPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'add-ons', label: PAGE, page: PAGE });
  }, [services]);
  const report = useCreditHealthReportQuery();
  let body: ReactNode;
  if (report.isLoading) {
    body = (
      <SkeletonGroup label="Preparing your Credit Health Report…" className="ma-card ma-stack">
        <Skeleton shape="text" width="50%" />
        <Skeleton shape="rect" width="100%" height={120} />
        <Skeleton shape="text" width="70%" />
        <Skeleton shape="rect" width="100%" height={200} />
      </SkeletonGroup>
    );
  } else if (report.isError || !report.data) {
    const failure = report.error as { statusCode?: string } | undefined;
    body =
      failure?.statusCode === 'creditHealthNotSubscribed' ? (
        <StateCard
          title="Get your Credit Health Report"
          action={
            <Link className="pv-button pv-button--primary" to="/dashboard#credit-services">
              <span>See Credit Health Report</span>
            </Link>
          }
        >
          An analysis of your reports at every credit bureau: what’s helping and hurting your score, what changed, and
          what to do next — with a PDF to keep.
        </StateCard>
      ) : (
        <StateCard
          title="We couldn’t load your report"
          action={
            <Button variant="secondary" onClick={() => void report.refetch()}>
              Try again
            </Button>
          }
        >
          Something went wrong on our side. Your report is safe — please try again.
        </StateCard>
      );
  } else {
    body = <Report report={report.data} />;
  }
  return (
    <>
      <PageTitle lede="Your reports at every credit bureau, read for you: what’s shaping your score and what to do next.">
        Credit Health Report
      </PageTitle>
      <p className="ma-report-back">
        <Link to="/dashboard#credit-services">Back to your dashboard</Link>
      </p>
      {body}
    </>
  );
}
