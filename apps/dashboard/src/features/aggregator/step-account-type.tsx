import { useState } from 'react';
import { aggregatorBank } from '@pravesh/core/aggregator/banks.ts';
import { Alert, Button } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { accountsSelected, otpModalOpened, stepChanged } from './finvu-slice.ts';
import { useLinkMutation } from './api.ts';
import { BankIcon } from './bank-icon.tsx';
import { StepHeading } from './journey-parts.tsx';
import { aaMessage } from './messages.ts';
import { accountTypeName, maskAccountNumber } from './words.ts';

/**
 * spec 001 §2 step 4 "Select account type": the accounts discovered at the bank, each with its
 * type (savings or current) and masked number (spec 001 §5); the chosen ones are linked, which
 * makes the bank send its OTP (the modal that follows).
 */
export function AccountTypeStep() {
  const dispatch = useAppDispatch();
  const data = useAppSelector((state) => state.finvu.AAConsentData);
  const [link, linking] = useLinkMutation();
  const [error, setError] = useState<string | null>(null);
  const fipId = data.fipId ?? '';
  const bankName = aggregatorBank(fipId)?.bankName ?? 'your bank';
  const chosen = data.selectedAccRefs;

  function toggle(accRefNumber: string, checked: boolean) {
    setError(null);
    dispatch(accountsSelected(checked ? [...chosen, accRefNumber] : chosen.filter((ref) => ref !== accRefNumber)));
  }

  async function linkChosen() {
    if (!data.consent) return;
    if (chosen.length === 0) {
      setError('Choose at least one account to link.');
      return;
    }
    setError(null);
    try {
      const started = await link({
        consentHandle: data.consent.consentHandle,
        fipId,
        accRefNumbers: chosen,
      }).unwrap();
      dispatch(otpModalOpened(started));
    } catch (failure) {
      setError(aaMessage(failure));
    }
  }

  const count = data.discovered.length;
  return (
    <>
      <StepHeading focus>Choose the accounts to link</StepHeading>
      <p className="ma-aa-lede">
        We found {count} {count === 1 ? 'account' : 'accounts'} at {bankName}. Choose the ones you want to see in Kosh.
      </p>
      <fieldset className="ma-aa-accounts">
        <legend className="ma-aa-accounts-legend">
          <BankIcon fipId={fipId} size={32} />
          <span>Accounts at {bankName}</span>
        </legend>
        {data.discovered.map((account) => {
          const masked = maskAccountNumber(account.maskedAccNumber);
          return (
            <label key={account.accRefNumber} className="ma-aa-account-choice">
              <input
                type="checkbox"
                checked={chosen.includes(account.accRefNumber)}
                onChange={(event) => toggle(account.accRefNumber, event.target.checked)}
              />
              <span>
                <strong>{accountTypeName(account.accType)}</strong>
                <span className="ma-aa-account-number">
                  <span className="pv-visually-hidden">ending in {masked.slice(-4)}, shown as </span>
                  {masked}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="ma-aa-actions">
        <Button onClick={() => void linkChosen()} loading={linking.isLoading} loadingLabel="Asking your bank…">
          {chosen.length > 1 ? `Link ${chosen.length} accounts` : 'Link account'}
        </Button>
        <Button variant="ghost" onClick={() => dispatch(stepChanged('selectBank'))}>
          Choose another bank
        </Button>
      </div>
    </>
  );
}
