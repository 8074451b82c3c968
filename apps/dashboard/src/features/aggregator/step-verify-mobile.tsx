import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@pravesh/ui';
import { useAppDispatch } from '../../app/hooks.ts';
import { consentReceived, stepChanged } from './finvu-slice.ts';
import { maskMobile } from '../../lib/format.ts';
import { useCreateConsentMutation } from './api.ts';
import { AddAnotherBankButton } from './add-another-bank.tsx';
import { StepHeading } from './journey-parts.tsx';
import { consentSourceOf, type JourneyVariant } from './journey-source.ts';
import { aaMessage } from './messages.ts';

/** spec 001 §2 step 2 "Verify mobile (variants for bureau and loan)": why the number matters. */
const WHY: Record<JourneyVariant, string> = {
  bureau: 'Link the bank accounts registered to this number to see your balances and spends beside your credit report.',
  loan: 'Lenders can offer you more when they see your bank balance and income. FINVU shares it only with your approval.',
  myaccount: 'FINVU finds your bank accounts using the mobile number your bank has for you.',
};

/**
 * Asks FINVU for a consent request for the signed-in customer's number (POST v2/consent). The
 * number is the one signed in with: the server refuses any other (a customer links only their own
 * accounts), so it is shown, not typed.
 */
export function VerifyMobileStep({ mobileNo, variant }: { mobileNo: string; variant: JourneyVariant }) {
  const dispatch = useAppDispatch();
  const [createConsent, request] = useCreateConsentMutation();
  const [error, setError] = useState<string | null>(null);
  const [alreadyLinked, setAlreadyLinked] = useState(false);

  async function verify() {
    setError(null);
    try {
      const created = await createConsent({ mobileNo, source: consentSourceOf(variant) }).unwrap();
      if (created.stateId === 'CONSENT_ALREADY_GIVEN') {
        setAlreadyLinked(true);
        return;
      }
      dispatch(
        consentReceived({
          consentHandle: created.consent.consentHandle,
          aaCustomerId: created.aaCustomerId,
          ConsentDetail: created.consent.ConsentDetail,
          alreadyGiven: false,
        }),
      );
      dispatch(stepChanged('selectBank'));
    } catch (failure) {
      setError(aaMessage(failure));
    }
  }

  if (alreadyLinked) {
    return (
      <>
        <StepHeading focus>Your bank accounts are already linked</StepHeading>
        <p className="ma-aa-lede">
          You’ve already given consent to share data from your bank accounts with Kosh. You can see them now, or link an
          account at another bank.
        </p>
        <div className="ma-aa-actions">
          <Link className="pv-button pv-button--primary" to="/linked-accounts">
            <span>View linked accounts</span>
          </Link>
          <AddAnotherBankButton variant="secondary" />
        </div>
      </>
    );
  }

  return (
    <>
      <StepHeading focus>Verify your mobile number</StepHeading>
      <p className="ma-aa-lede">{WHY[variant]}</p>
      <dl className="ma-aa-mobile">
        <dt>Mobile number</dt>
        <dd>{maskMobile(mobileNo)}</dd>
      </dl>
      <p className="ma-muted">
        This is the number you signed in with. Your bank accounts must be registered to it. By continuing you agree to
        FINVU creating your account aggregator ID with this number.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="ma-aa-actions">
        <Button onClick={() => void verify()} loading={request.isLoading} loadingLabel="Verifying…">
          Continue
        </Button>
        <Button variant="ghost" onClick={() => dispatch(stepChanged('landing'))}>
          Back
        </Button>
      </div>
    </>
  );
}
