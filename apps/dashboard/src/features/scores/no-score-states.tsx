import { Link } from 'react-router';
import { BUILD_A_SCORE_STEPS } from '@pravesh/core/add-ons/health-report.ts';
import { BUREAU_NAMES as CORE_BUREAU_NAMES } from '@pravesh/core/credit/factor-copy.ts';
import type { BureauScoreRecord } from '@pravesh/core/credit/schemas.ts';
import { Alert, Button } from '@pravesh/ui';
import { usePullReportsMutation } from './api.ts';

/** Bureau names as customers know them (core's, one source for every screen and the PDF). */
export const BUREAU_NAMES: Readonly<Record<string, string>> = CORE_BUREAU_NAMES;

/** The report screen of a bureau (spec 001 §4 "credit bureau report analysis page"). */
export const reportPath = (bureau: string) => `/credit-report?bureau=${bureau}`;

/** spec 001 §8 "No score screen" and its three reasons. */
export const NO_SCORE_TITLE = 'We couldn’t find your Credit Score!';
const NO_SCORE_REASONS = [
  'No credit history found',
  'Short credit history',
  'Inactive accounts (no activity in the last 3 years)',
];

/** A list of bureau names in words: "CIBIL and Experian". */
function inWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function failureText(error: unknown): string {
  const body = (error as { body?: { statusMessage?: unknown } } | undefined)?.body;
  return typeof body?.statusMessage === 'string' ? body.statusMessage : 'Something went wrong. Please try again later.';
}

/**
 * No bureau has a file for the customer (every record NO_HIT): spec 001 §8's "no score" screen
 * with its three reasons, and a next step. A no-hit is often a mismatch rather than no history:
 * the bureau matches a customer on name, PAN and date of birth, so those are checked first, then
 * the bureaus asked again.
 */
export function NoScore() {
  const [pull, pulled] = usePullReportsMutation();
  return (
    <div className="ma-empty ma-no-score">
      <div>
        <h3>{NO_SCORE_TITLE}</h3>
        <p>This usually happens for one of these reasons:</p>
      </div>
      <ul className="ma-reasons">
        {NO_SCORE_REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <div className="ma-next-step">
        <h4>What you can do</h4>
        <p>
          The bureaus find your file by your <strong>name</strong>, <strong>PAN</strong> and{' '}
          <strong>date of birth</strong>. Check they match your PAN card exactly, then ask the bureaus again.
        </p>
        <div className="ma-next-step-actions">
          <Link className="pv-button pv-button--secondary" to="/personal-details">
            <span>Check your details</span>
          </Link>
          <Button loading={pulled.isLoading} loadingLabel="Asking the bureaus…" onClick={() => void pull()}>
            Try again
          </Button>
        </div>
        <div aria-live="polite">
          {pulled.isError ? <Alert tone="error">{failureText(pulled.error)}</Alert> : null}
          {pulled.isSuccess ? (
            <Alert tone="info">We asked every bureau again. They still have no file that matches these details.</Alert>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A file too new to score (spec 001 §4 "LOWSCORE combined with NTC … marks a new-to-credit
 * customer"; scoreState NEW_TO_CREDIT): the bureaus hold a report, so it is linked, with how a
 * score is built. Never the no-hit screen: the customer does have a credit file.
 */
export function NewToCredit({ records }: { records: readonly BureauScoreRecord[] }) {
  const withFile = records.filter((record) => record.scoreState === 'NEW_TO_CREDIT');
  const names = withFile.map((record) => BUREAU_NAMES[record.creditBureau] ?? record.creditBureau);
  const first = withFile[0];
  return (
    <div className="ma-new-to-credit">
      <div>
        <span className="ma-band ma-tone--good">New to credit</span>
        <h3>Your credit file is too new for a score</h3>
        <p>
          {inWords(names)} {names.length === 1 ? 'has' : 'have'} a credit file for you, but it doesn’t have enough
          history to score yet. Bureaus usually score a file after about six months of repayments.
        </p>
      </div>
      <div className="ma-next-step">
        <h4>How to build your score</h4>
        <ol className="ma-build-steps">
          {BUILD_A_SCORE_STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.detail}
            </li>
          ))}
        </ol>
      </div>
      {first ? (
        <p>
          <Link className="ma-report-link" to={reportPath(first.creditBureau)}>
            See your credit report
          </Link>
        </p>
      ) : null}
    </div>
  );
}
