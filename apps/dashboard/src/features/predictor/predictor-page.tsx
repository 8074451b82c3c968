import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Bureau } from '@pravesh/core/constants.ts';
import { UTILISATION_GOOD_MAX } from '@pravesh/core/credit/report-factors.ts';
import type { CreditReport } from '@pravesh/core/credit/schemas.ts';
import {
  predictScore,
  scenarioApplies,
  type ScenarioKind,
  type ScoreScenario,
} from '@pravesh/core/credit/score-predictor.ts';
import { istDay, isBureau, isValidScore, scoreBand } from '@pravesh/core/credit/score-rules.ts';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
import { PageTitle } from '../../layout/shell.tsx';
import { ACCOUNT_TYPE_NAMES, FACTOR_NAMES, useBureauReportQuery } from '../report/index.ts';
import {
  BAND_NAMES,
  BAND_TONES,
  BUREAU_NAMES,
  inBureauOrder,
  reportPath,
  useCreditScoresQuery,
} from '../scores/index.ts';
import './predictor.css';

const SCENARIOS: { kind: ScenarioKind; title: string; hint: string }[] = [
  { kind: 'PAY_DOWN_CARDS', title: 'Pay my cards down', hint: 'Use less of your credit card limits' },
  { kind: 'CLOSE_ACCOUNT', title: 'Close a paid-off account', hint: 'A card or loan with nothing owed' },
  { kind: 'NEW_CREDIT', title: 'Take new credit', hint: 'A loan or a new credit card' },
  { kind: 'MISS_PAYMENT', title: 'Miss a payment', hint: 'An EMI or card bill paid late' },
];
const NEW_CREDIT_TYPES = ['PL', 'CC', 'HL', 'AL', 'TW', 'GL', 'BL'] as const;
const DAYS_LATE = [30, 60, 90] as const;

function accountName(report: CreditReport, index: number): string {
  const account = report.accounts[index]!;
  return `${ACCOUNT_TYPE_NAMES[account.type]} · ${account.lender} ending ${account.accountNumber.slice(-4)}`;
}

/** The inputs of one scenario; answers the scenario they describe, or null until it is complete. */
function ScenarioInputs({
  kind,
  report,
  onChange,
}: {
  kind: ScenarioKind;
  report: CreditReport;
  onChange: (scenario: ScoreScenario | null) => void;
}) {
  const id = useId();
  const openIndexes = report.accounts.flatMap((account, index) => (account.closedDate === null ? [index] : []));
  const closable = openIndexes.filter((index) => report.accounts[index]!.balance === 0);
  const [utilisation, setUtilisation] = useState(Math.min(30, report.summary.creditUtilisation ?? 30));
  const [accountIndex, setAccountIndex] = useState<number>(
    (kind === 'CLOSE_ACCOUNT' ? closable : openIndexes)[0] ?? -1,
  );
  const [type, setType] = useState<(typeof NEW_CREDIT_TYPES)[number]>('PL');
  const [amount, setAmount] = useState('200000');
  const [daysLate, setDaysLate] = useState<(typeof DAYS_LATE)[number]>(30);

  useEffect(() => {
    if (kind === 'PAY_DOWN_CARDS') onChange({ kind, utilisation });
    else if (kind === 'CLOSE_ACCOUNT') onChange(accountIndex >= 0 ? { kind, accountIndex } : null);
    else if (kind === 'MISS_PAYMENT') onChange(accountIndex >= 0 ? { kind, accountIndex, daysLate } : null);
    else {
      const rupees = Number(amount);
      onChange(Number.isInteger(rupees) && rupees > 0 && rupees <= 100_000_000 ? { kind, type, amount: rupees } : null);
    }
  }, [kind, utilisation, accountIndex, type, amount, daysLate, onChange]);

  if (kind === 'PAY_DOWN_CARDS') {
    return (
      <div className="sp-field">
        <label htmlFor={`${id}-use`}>
          Use {utilisation}% of your card limits{' '}
          <span className="ma-muted">(today {report.summary.creditUtilisation ?? 0}%)</span>
        </label>
        <input
          id={`${id}-use`}
          type="range"
          min={0}
          max={Math.max(0, report.summary.creditUtilisation ?? 0)}
          step={1}
          value={utilisation}
          onChange={(event) => setUtilisation(Number(event.target.value))}
        />
      </div>
    );
  }
  if (kind === 'NEW_CREDIT') {
    const invalid = !(Number.isInteger(Number(amount)) && Number(amount) > 0 && Number(amount) <= 100_000_000);
    return (
      <div className="sp-row">
        <div className="sp-field">
          <label htmlFor={`${id}-type`}>Kind of credit</label>
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as typeof type)}>
            {NEW_CREDIT_TYPES.map((option) => (
              <option key={option} value={option}>
                {ACCOUNT_TYPE_NAMES[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="sp-field">
          <label htmlFor={`${id}-amount`}>{type === 'CC' ? 'Credit limit (₹)' : 'Loan amount (₹)'}</label>
          <input
            id={`${id}-amount`}
            inputMode="numeric"
            value={amount}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-amount-error` : undefined}
            onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ''))}
          />
          {invalid ? (
            <p id={`${id}-amount-error`} className="sp-error">
              Enter an amount from ₹1 to ₹10 crore
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  const choices = kind === 'CLOSE_ACCOUNT' ? closable : openIndexes;
  return (
    <div className="sp-row">
      <div className="sp-field">
        <label htmlFor={`${id}-account`}>Account</label>
        <select
          id={`${id}-account`}
          value={accountIndex}
          onChange={(event) => setAccountIndex(Number(event.target.value))}
        >
          {choices.map((index) => (
            <option key={index} value={index}>
              {accountName(report, index)}
            </option>
          ))}
        </select>
      </div>
      {kind === 'MISS_PAYMENT' ? (
        <fieldset className="sp-field sp-days">
          <legend>Paid how late</legend>
          {DAYS_LATE.map((days) => (
            <label key={days}>
              <input type="radio" name={`${id}-late`} checked={daysLate === days} onChange={() => setDaysLate(days)} />{' '}
              {days} days
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

function Prediction({ bureau, report, scenario }: { bureau: Bureau; report: CreditReport; scenario: ScoreScenario }) {
  const asOf = istDay(report.lastUpdated) ?? report.lastUpdated.slice(0, 10);
  const prediction = predictScore(bureau, report.score, report, asOf, scenario);
  if (!prediction) return null;
  const range = prediction.low === prediction.high ? `${prediction.low}` : `${prediction.low}–${prediction.high}`;
  const bands =
    prediction.lowBand === prediction.highBand
      ? BAND_NAMES[prediction.lowBand]
      : `${BAND_NAMES[prediction.lowBand]} to ${BAND_NAMES[prediction.highBand]}`;
  const headline =
    prediction.direction === 'UP'
      ? 'Your score would likely go up'
      : prediction.direction === 'DOWN'
        ? 'Your score would likely go down'
        : 'Little or no change expected';
  return (
    <div className={`sp-result sp-result--${prediction.direction.toLowerCase()}`} role="status" aria-live="polite">
      <p className="sp-headline">{headline}</p>
      <p className="sp-range">
        <span className="sp-from">{prediction.current}</span>
        <span aria-hidden="true"> → </span>
        <span className="pv-visually-hidden"> could become </span>
        <strong>{range}</strong>
        <span className={`ma-band ma-tone--${BAND_TONES[prediction.highBand]}`}>{bands}</span>
      </p>
      {prediction.factors.length > 0 ? (
        <p className="ma-muted">
          Because it changes: {prediction.factors.map((factor) => FACTOR_NAMES[factor].toLowerCase()).join(', ')}.
        </p>
      ) : scenario.kind === 'PAY_DOWN_CARDS' && (report.summary.creditUtilisation ?? 0) <= UTILISATION_GOOD_MAX ? (
        <p className="ma-muted">
          Your cards already use {UTILISATION_GOOD_MAX}% of their limits or less, where utilisation stops costing
          points. Keeping it there is what helps.
        </p>
      ) : (
        <p className="ma-muted">This doesn’t change the factors that shape your {BUREAU_NAMES[bureau]} score.</p>
      )}
    </div>
  );
}

function Simulator({ bureau }: { bureau: Bureau }) {
  const report = useBureauReportQuery(bureau);
  const [kind, setKind] = useState<ScenarioKind>('PAY_DOWN_CARDS');
  const [scenario, setScenario] = useState<ScoreScenario | null>(null);
  const name = BUREAU_NAMES[bureau] ?? bureau;
  if (report.isLoading) {
    return (
      <SkeletonGroup label={`Loading your ${name} report…`} className="ma-stack">
        <Skeleton shape="rect" width="100%" height={120} />
        <Skeleton shape="rect" width="100%" height={96} />
      </SkeletonGroup>
    );
  }
  if (report.isError || !report.data) {
    return (
      <Alert tone="error" title={`We couldn’t load your ${name} report`}>
        <p>Something went wrong on our side. Please try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = report.data;
  const available = SCENARIOS.filter((option) => scenarioApplies(data, option.kind));
  const chosen = available.some((option) => option.kind === kind) ? kind : available[0]!.kind;
  return (
    <>
      <fieldset className="sp-scenarios">
        <legend>What would you like to try?</legend>
        {available.map((option) => (
          <label key={option.kind} className={`sp-scenario${chosen === option.kind ? ' sp-scenario--on' : ''}`}>
            <input
              type="radio"
              name="scenario"
              value={option.kind}
              checked={chosen === option.kind}
              onChange={() => {
                setScenario(null);
                setKind(option.kind);
              }}
            />
            <span>
              <strong>{option.title}</strong>
              <span className="ma-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <ScenarioInputs key={`${bureau}-${chosen}`} kind={chosen} report={data} onChange={setScenario} />
      {scenario && scenario.kind === chosen ? <Prediction bureau={bureau} report={data} scenario={scenario} /> : null}
    </>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <PageTitle lede="See how everyday choices could move your credit score before you make them.">
        Score predictor
      </PageTitle>
      <section className="ma-card sp-card" aria-labelledby="predictor-heading">
        <h2 id="predictor-heading" className="ma-card-title">
          What if…
        </h2>
        {children}
      </section>
      <p className="ma-muted sp-caveat">
        These are estimates from the same factors that explain your score today, not a credit bureau’s own calculation.
        Bureaus weigh more than we can see, and the real change depends on everything in your file when they next update
        it. Checking here never affects your score.
      </p>
    </>
  );
}

/**
 * The score predictor (spec 001 §9 redirect target "score predictor"): pick a bureau with a score
 * and a scenario; core's predictor turns the report the customer already has into a predicted range
 * and band, in the browser (nothing new is sent or stored). ?bureau= picks the bureau.
 */
export default function ScorePredictorPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({
      action: 'viewed',
      category: 'myAccount',
      label: 'score-predictor',
      page: 'score-predictor',
    });
  }, [services]);
  const scores = useCreditScoresQuery();
  const [params, setParams] = useSearchParams();
  const scored = inBureauOrder((scores.data ?? []).filter((record) => isValidScore(record.score)));
  const asked = params.get('bureau');
  const selected = scored.find((record) => isBureau(asked) && record.creditBureau === asked) ?? scored[0];

  if (scores.isLoading) {
    return (
      <Frame>
        <SkeletonGroup label="Loading your credit scores…" className="ma-stack">
          <Skeleton shape="text" width="40%" />
          <Skeleton shape="rect" width="100%" height={120} />
        </SkeletonGroup>
      </Frame>
    );
  }
  if (scores.isError) {
    return (
      <Frame>
        <Alert tone="error" title="We couldn’t load your credit scores">
          <p>Something went wrong on our side. Please try again.</p>
          <Button variant="secondary" size="sm" onClick={() => void scores.refetch()}>
            Try again
          </Button>
        </Alert>
      </Frame>
    );
  }
  if (!selected) {
    return (
      <Frame>
        <p>
          The predictor starts from your score, and none of the credit bureaus has one for you yet. Your report shows
          how to build one.
        </p>
        <Link className="pv-button pv-button--primary" to="/dashboard#credit-score">
          <span>Go to your credit score</span>
        </Link>
      </Frame>
    );
  }
  const bureau = selected.creditBureau;
  const band = scoreBand(bureau, selected.score);
  return (
    <Frame>
      <div className="sp-head">
        <div className="sp-field">
          <label htmlFor="sp-bureau">Credit bureau</label>
          <select
            id="sp-bureau"
            value={bureau}
            onChange={(event) => setParams({ bureau: event.target.value }, { replace: true })}
          >
            {scored.map((record) => (
              <option key={record.creditBureau} value={record.creditBureau}>
                {BUREAU_NAMES[record.creditBureau] ?? record.creditBureau}
              </option>
            ))}
          </select>
        </div>
        <p className="sp-today">
          Today <strong>{selected.score}</strong>
          {band ? <span className={`ma-band ma-tone--${BAND_TONES[band]}`}>{BAND_NAMES[band]}</span> : null}
          <Link to={reportPath(bureau)}>See full report</Link>
        </p>
      </div>
      <Simulator key={bureau} bureau={bureau} />
    </Frame>
  );
}
