import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { aggregatorBank } from '@pravesh/core/aggregator/banks.ts';
import { Button } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { journeyStarted, stepChanged } from './finvu-slice.ts';
import { formatRupees } from '../../lib/format.ts';
import { AddAnotherBankButton } from './add-another-bank.tsx';
import { useAccountsInfoQuery } from './api.ts';
import { StepHeading } from './journey-parts.tsx';
import { RETURN_PATHS, type JourneyVariant } from './journey-source.ts';
import { AA_MESSAGES } from './messages.ts';

function StatusMark({ verified }: { verified: boolean }) {
  return (
    <span className={`ma-aa-status-mark ${verified ? 'is-verified' : 'is-failed'}`} aria-hidden="true">
      <svg viewBox="0 0 48 48" width="56" height="56" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        {verified ? (
          <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        ) : (
          <path d="M24 13v14M24 33v1" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        )}
      </svg>
    </span>
  );
}

/** How often the status step asks whether the first fetch is done (the server's jobs tick every 5 s). */
const FETCH_POLL_MS = 4_000;

/**
 * The first fetch after linking, kept up to date: asked again every few seconds while it runs, so
 * "fetching" turns into the balance (or a way forward) without a reload.
 */
function FetchProgress() {
  const [settled, setSettled] = useState(false);
  const info = useAccountsInfoQuery(undefined, { pollingInterval: settled ? 0 : FETCH_POLL_MS });
  const status = info.data?.fetchStatus;
  useEffect(() => setSettled(status === 'COMPLETED' || status === 'FAILED'), [status]);
  let text: string;
  if (status === 'COMPLETED' && info.data) {
    const accounts = info.data.accounts.length;
    text = `Your balance and transactions are ready: ${formatRupees(info.data.totalBalance)} across ${accounts} ${
      accounts === 1 ? 'account' : 'accounts'
    }.`;
  } else if (status === 'FAILED') {
    text = 'We couldn’t fetch your balance just now. We’ll try again; you can also refresh from Linked bank accounts.';
  } else {
    text = 'We’re fetching your balance and transactions now; this usually takes under a minute.';
  }
  return (
    <p className="ma-aa-lede" role="status" data-fetch-status={status ?? 'loading'}>
      {text}
    </p>
  );
}

/**
 * spec 001 §2 step 6 "Verification status": "Verification Complete" (verified) or "Verification
 * Incomplete" — "We couldn't verify your account" (failed, spec 001 §8).
 */
export function VerificationStatusStep({ variant }: { variant: JourneyVariant }) {
  const dispatch = useAppDispatch();
  const data = useAppSelector((state) => state.finvu.AAConsentData);
  const bankName = aggregatorBank(data.fipId ?? '')?.bankName ?? 'your bank';
  const verified = data.verificationStatus === 'VERIFIED';
  const next = RETURN_PATHS[variant];

  if (verified) {
    const count = data.linked.length;
    return (
      <div className="ma-aa-status">
        <StatusMark verified />
        <StepHeading focus>{AA_MESSAGES.verifiedTitle}</StepHeading>
        <p className="ma-aa-lede">
          Your {bankName} {count > 1 ? `accounts are` : 'account is'} linked.
        </p>
        <FetchProgress />
        <div className="ma-aa-actions ma-aa-actions--center">
          <Link className="pv-button pv-button--primary" to={next.path}>
            <span>{next.label}</span>
          </Link>
          <AddAnotherBankButton variant="secondary" />
        </div>
      </div>
    );
  }
  return (
    <div className="ma-aa-status">
      <StatusMark verified={false} />
      <StepHeading focus>{AA_MESSAGES.verificationFailedTitle}</StepHeading>
      <p className="ma-aa-lede">{AA_MESSAGES.verificationFailedText}</p>
      <p className="ma-muted">
        Nothing was shared with Kosh. If you declined by mistake, or {bankName} didn’t confirm in time, you can try
        again.
      </p>
      <div className="ma-aa-actions ma-aa-actions--center">
        <Button
          onClick={() => {
            dispatch(journeyStarted(variant));
            dispatch(stepChanged('verifyMobile'));
          }}
        >
          Try again
        </Button>
        <Link className="pv-button pv-button--secondary" to="/dashboard">
          <span>Back to dashboard</span>
        </Link>
      </div>
    </div>
  );
}
