import { useEffect, useRef } from 'react';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks.ts';
import { journeyStarted } from './finvu-slice.ts';
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
  const started = useRef(false);

  // A new visit starts at the landing, unless a consent request is under way (add another bank).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const current = store.getState().finvu.AAConsentData;
    if (!(current.consent && RESUMABLE.has(current.steps))) dispatch(journeyStarted(variant));
  }, [dispatch, store, variant]);

  let body;
  if (initiate.isLoading) {
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
