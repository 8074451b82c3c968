import { useEffect, useRef, useState } from 'react';
import { aggregatorCustomerId } from '@pravesh/core/aggregator/constants.ts';
import { STEP_STATE_IDS, resumeStepOf } from '@pravesh/core/aggregator/resume.ts';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import type { DiscoverResponse, GetStateResponse } from '@pravesh/core/aggregator/schemas.ts';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { accountsDiscovered, journeyResumed, journeyStarted, savingStatusChanged, stepChanged } from './finvu-slice.ts';
import { PageTitle } from '../../layout/shell.tsx';
import { useJourneyInitiateQuery } from './api.ts';
import { JourneyProgress } from './journey-parts.tsx';
import { consentSourceOf, journeyVariant } from './journey-source.ts';
import { AA_MESSAGES } from './messages.ts';
import { OtpDialog } from './otp-dialog.tsx';
import { AccountTypeStep } from './step-account-type.tsx';
import { LandingStep } from './step-landing.tsx';
import { PermissionsStep } from './step-permissions.tsx';
import { SelectBankStep } from './step-select-bank.tsx';
import { VerificationStatusStep } from './step-status.tsx';
import { VerifyMobileStep } from './step-verify-mobile.tsx';
import { usePageView } from './page-view.ts';
import './aggregator.css';

/** Steps a visit may come back to: a consent request in hand ("add another bank" starts here). */
const RESUMABLE = new Set(['selectBank', 'accountType', 'permissions']);

/**
 * The account aggregator consent journey (spec 001 §2: routes account-aggregator and
 * account-aggregator-consent, one screen, no left menu and no footer): landing, verify mobile,
 * select bank, account type, access permissions, verification status, and the bank's OTP modal.
 */
export default function AccountAggregatorPage() {
  usePageView('account-aggregator');
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const mobileNo = useAppSelector((state) => state.user.userData?.mobileNo ?? '');
  const variant = journeyVariant(useAppSelector((state) => state.user.utmData));
  const data = useAppSelector((state) => state.finvu.AAConsentData);
  const initiate = useJourneyInitiateQuery(consentSourceOf(variant));
  const { http } = useServices();
  const started = useRef(false);
  const [resuming, setResuming] = useState(true);

  // A visit continues a consent request under way in this page (add another bank); otherwise it
  // asks the server where the journey was left (spec 001 §7 consent/state/getState) and comes back
  // to that step, or starts at the landing. A failed read starts at the landing: nothing is lost.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const current = store.getState().finvu.AAConsentData;
    if (current.consent && RESUMABLE.has(current.steps)) {
      setResuming(false);
      return;
    }
    dispatch(journeyStarted(variant));
    void (async () => {
      try {
        const state = await http.call<GetStateResponse>('GET', AGGREGATOR_ROUTES.getState, { ignoreErrors: true });
        const step = resumeStepOf(state);
        if (step === 'landing' || !state.consent) return;
        const consent = {
          consentHandle: state.consent.consentHandle,
          aaCustomerId: aggregatorCustomerId(store.getState().user.userData?.mobileNo ?? ''),
          ConsentDetail: state.consent.ConsentDetail,
          alreadyGiven: false,
        };
        dispatch(journeyResumed({ step, variant, consent, fipId: state.fipId, linked: state.linked }));
        if (step === 'accountType' && state.fipId) {
          // Discovery is asked again: the bank answers the accounts it holds now.
          const found = await http.call<DiscoverResponse>('POST', AGGREGATOR_ROUTES.discover, {
            body: { consentHandle: consent.consentHandle, fipId: state.fipId },
            ignoreErrors: true,
          });
          if (found.accounts.length > 0) dispatch(accountsDiscovered({ fipId: found.fipId, accounts: found.accounts }));
          else dispatch(stepChanged('selectBank'));
        }
      } catch {
        if (store.getState().finvu.AAConsentData.steps === 'accountType') dispatch(stepChanged('selectBank'));
      } finally {
        setResuming(false);
      }
    })();
  }, [dispatch, http, store, variant]);

  // Each step reached with a consent request in hand is recorded (spec 001 §7 consent/stateCapture),
  // so a customer who leaves comes back to it. Best effort: a failure costs only the way back.
  const step = data.steps;
  const consentHandle = data.consent?.consentHandle;
  const fipId = data.fipId;
  useEffect(() => {
    if (resuming || !consentHandle || !(step in STEP_STATE_IDS)) return;
    const stateId = STEP_STATE_IDS[step as keyof typeof STEP_STATE_IDS];
    dispatch(savingStatusChanged(true));
    void http
      .call('POST', AGGREGATOR_ROUTES.stateCapture, {
        body: { stateId, consentHandle, ...(fipId && step !== 'selectBank' ? { fipId } : {}) },
        ignoreErrors: true,
      })
      .catch(() => undefined)
      .finally(() => dispatch(savingStatusChanged(false)));
  }, [dispatch, http, resuming, step, consentHandle, fipId]);

  let body;
  if (initiate.isLoading || resuming) {
    body = (
      <SkeletonGroup label="Loading…" className="ma-stack">
        <Skeleton shape="text" width="60%" />
        <Skeleton shape="rect" width="100%" height={120} />
        <Skeleton shape="text" width="40%" />
      </SkeletonGroup>
    );
  } else if (!initiate.data) {
    body = (
      <>
        <Alert tone="error" title="We couldn’t start bank linking">
          {AA_MESSAGES.pageError}
        </Alert>
        <div className="ma-aa-actions">
          <Button variant="secondary" onClick={() => void initiate.refetch()} loading={initiate.isFetching}>
            Try again
          </Button>
        </div>
      </>
    );
  } else {
    const linked = ['CONSENT_GIVEN', 'CONSENT_ALREADY_GIVEN'].includes(initiate.data.stateId);
    switch (data.steps) {
      case 'landing':
        body = <LandingStep linked={linked} />;
        break;
      case 'verifyMobile':
        body = <VerifyMobileStep mobileNo={mobileNo} variant={variant} />;
        break;
      case 'selectBank':
        body = <SelectBankStep initiate={initiate.data} mobileNo={mobileNo} />;
        break;
      case 'accountType':
        body = <AccountTypeStep />;
        break;
      case 'permissions':
        body = <PermissionsStep />;
        break;
      case 'verificationStatus':
        body = <VerificationStatusStep variant={variant} />;
        break;
    }
  }

  return (
    <div className="ma-aa-journey">
      <PageTitle>Link your bank accounts</PageTitle>
      {data.steps === 'landing' ? null : <JourneyProgress step={data.steps} />}
      <section className="ma-card ma-aa-step" aria-label="Bank linking">
        {body}
      </section>
      {data.isOtpModal && data.link ? <OtpDialog mobileNo={mobileNo} /> : null}
    </div>
  );
}
