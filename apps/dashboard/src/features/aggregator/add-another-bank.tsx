import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Spinner, type ButtonVariant } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { addAnotherBankModalChanged, consentReceived, stepChanged } from './finvu-slice.ts';
import { Dialog } from '../../layout/modal-rules.tsx';
import { useCreateConsentMutation } from './api.ts';
import { consentSourceOf, journeyVariant } from './journey-source.ts';
import { aaMessage } from './messages.ts';

/**
 * "Add another bank" (spec 001 §3 addAnotherBankModal {sLoader, status, message}): a dialog that
 * asks FINVU for a new consent request beside the active one, with its loader and its outcome;
 * on success the journey continues at "Select bank" and the accounts already linked stay.
 */
export function AddAnotherBankButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const modal = useAppSelector((state) => state.finvu.AAConsentData.addAnotherBankModal);
  const mobileNo = useAppSelector((state) => state.user.userData?.mobileNo);
  const campaign = useAppSelector((state) => state.user.utmData);
  const [createConsent] = useCreateConsentMutation();
  const [opened, setOpened] = useState(false);

  const close = () => {
    setOpened(false);
    dispatch(addAnotherBankModalChanged({ status: 'closed', sLoader: false, message: '' }));
  };

  async function start() {
    if (!mobileNo) return;
    dispatch(addAnotherBankModalChanged({ sLoader: true, status: 'open', message: '' }));
    try {
      const created = await createConsent({
        mobileNo,
        source: consentSourceOf(journeyVariant(campaign)),
        addAnotherBank: true,
      }).unwrap();
      dispatch(
        consentReceived({
          consentHandle: created.consent.consentHandle,
          aaCustomerId: created.aaCustomerId,
          ConsentDetail: created.consent.ConsentDetail,
          alreadyGiven: false,
        }),
      );
      dispatch(stepChanged('selectBank'));
      close();
      void navigate('/account-aggregator');
    } catch (failure) {
      dispatch(addAnotherBankModalChanged({ sLoader: false, status: 'failed', message: aaMessage(failure) }));
    }
  }

  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          setOpened(true);
          dispatch(addAnotherBankModalChanged({ status: 'open', sLoader: false, message: '' }));
        }}
      >
        Add another bank
      </Button>
      {opened ? (
        <Dialog
          title="Add another bank"
          onClose={close}
          actions={
            modal.sLoader ? null : (
              <>
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <Button onClick={() => void start()}>{modal.status === 'failed' ? 'Try again' : 'Continue'}</Button>
              </>
            )
          }
        >
          {modal.sLoader ? (
            <div className="ma-aa-loader" role="status">
              <Spinner />
              <p>Getting FINVU ready for your next bank…</p>
            </div>
          ) : (
            <>
              <p>
                You’ll choose the bank, pick the accounts and confirm with the OTP your bank sends, just like before.
                The accounts you’ve already linked stay as they are.
              </p>
              {modal.status === 'failed' ? (
                <Alert tone="error" title="We couldn’t start linking another bank">
                  {modal.message}
                </Alert>
              ) : null}
            </>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
