import { CONSENT_VERIFICATION_TIMEOUT_MS } from '@pravesh/core/aggregator/constants.ts';
import { aggregatorBank } from '@pravesh/core/aggregator/banks.ts';
import { Button, Spinner } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { stepLoaderChanged, verificationFinished } from './finvu-slice.ts';
import { useDecideMutation } from './api.ts';
import { BankIcon } from './bank-icon.tsx';
import { StepHeading } from './journey-parts.tsx';
import { useTimers, withTimeout } from './timers.ts';
import { accountTypeName, consentTerms, maskAaCustomerId, maskAccountNumber } from './words.ts';

/**
 * spec 001 §2 step 5 "Access permissions": the consent artefact in plain words (what data, from
 * when, for how long, how often, why, how long it is kept) and the linked accounts; Approve or
 * Decline. The answer is awaited at most 3000 ms (spec 001 §9 consent verification status
 * time-out): no answer in time is "Verification Incomplete", never a screen that spins on.
 */
export function PermissionsStep() {
  const dispatch = useAppDispatch();
  const timers = useTimers();
  const data = useAppSelector((state) => state.finvu.AAConsentData);
  const [decide] = useDecideMutation();
  const consent = data.consent;
  if (!consent) return null;
  const bankName = aggregatorBank(data.fipId ?? '')?.bankName ?? 'your bank';

  async function answer(decision: 'APPROVE' | 'REJECT') {
    if (!consent) return;
    dispatch(stepLoaderChanged(true));
    try {
      const decided = await withTimeout(
        decide({ consentHandle: consent.consentHandle, decision }).unwrap(),
        CONSENT_VERIFICATION_TIMEOUT_MS,
        timers,
      );
      dispatch(verificationFinished(decided.verificationStatus));
    } catch {
      dispatch(verificationFinished('FAILED'));
    }
  }

  if (data.isStepLoader) {
    return (
      <div className="ma-aa-loader" role="status">
        <Spinner />
        <p>Verifying your account with {bankName}…</p>
      </div>
    );
  }

  return (
    <>
      <StepHeading focus>Review what you share</StepHeading>
      <p className="ma-aa-lede">
        Kosh asks for your consent, through FINVU, to read data from the accounts below. Nothing is shared until you
        approve.
      </p>
      <ul className="ma-aa-linked" role="list" aria-label="Accounts you’re sharing">
        {data.linked.map((account) => (
          <li key={account.accRefNumber}>
            <BankIcon fipId={data.fipId ?? ''} size={32} />
            <span>
              <strong>{bankName}</strong>
              <span className="ma-muted">
                {accountTypeName(account.accType)} {maskAccountNumber(account.maskedAccNumber)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="ma-aa-terms">
        {consentTerms(consent.ConsentDetail).map((term) => (
          <div key={term.id}>
            <dt>{term.term}</dt>
            <dd>{term.description}</dd>
          </div>
        ))}
        <div>
          <dt>Your FINVU ID</dt>
          <dd>{maskAaCustomerId(consent.aaCustomerId)}</dd>
        </div>
      </dl>
      <div className="ma-aa-actions">
        <Button onClick={() => void answer('APPROVE')}>Approve</Button>
        <Button variant="secondary" onClick={() => void answer('REJECT')}>
          Decline
        </Button>
      </div>
    </>
  );
}
