import type { WebOtpReader } from '../hooks/use-web-otp.ts';
import type { AccountsApi, AuthorizationGrant, OtpSent } from '../lib/api.ts';
import type { LinkProblem } from '../lib/bootstrap.ts';
import type { LegalLinks } from '../lib/legal.ts';
import type { JourneyParams } from '../lib/params.ts';
import { EMAIL_OTP_TEXT, headings } from './copy.ts';
import type { Failure, Step } from './journey-state.ts';
import {
  DoneStep,
  EmailStep,
  FailedStep,
  JourneyNotice,
  MobileStep,
  OtpStep,
  PasswordStep,
  StartingStep,
} from './steps.tsx';
import { useSignInJourney } from './use-sign-in-journey.ts';

export type { Failure, Step } from './journey-state.ts';

export interface SignInProps {
  api: AccountsApi;
  params: JourneyParams;
  /** Reports a signed-in (or verified) customer: the frame posts `auth`, the page redirects. */
  onSignedIn: (grant: AuthorizationGrant) => void;
  /** Reports a journey that cannot go on: the frame posts `authFailed`. */
  onFailed?: (failure: Failure) => void;
  /** Reports each OTP sent: the frame posts `otpSent`. */
  onOtpSent?: (sent: OtpSent, resent: boolean) => void;
  /** Reports the step, so the frame can pick the OTP box size. */
  onStep?: (step: Step) => void;
  /** A problem found in the query before anything was called. */
  initialProblem?: LinkProblem | undefined;
  /** The accounts host's session-exists cookie is set: try the session first (glss_token). */
  sessionExists?: boolean;
  webOtp?: WebOtpReader | undefined;
  /** Bumped by the frame on widgetOpen: focus the current step's field. */
  focusSignal?: number;
  /** Move focus into the journey on first render (the full page does; a hidden frame must not). */
  autoFocus?: boolean;
  /** The marketplace's terms and privacy pages, linked from the first step. */
  legal?: LegalLinks | undefined;
  now?: () => number;
}

/**
 * The whole sign-in journey of spec 000 §2/§4: mobile number, OTP or password, then a code. The
 * state machine is journey-state.ts, the calls are use-sign-in-journey.ts; this only renders.
 */
export function SignIn(props: SignInProps) {
  const { params, now = Date.now } = props;
  const journey = useSignInJourney({ ...props, now });
  const { state, byEmail, verification } = journey;
  const copy = headings(params.journeyType);

  // Focus follows the journey once the customer is using it (or the page owns the screen); a
  // frame that has not been opened yet must not pull focus out of the embedding page.
  const focusSignal = (props.focusSignal ?? 0) + state.focusKey;
  const mayFocus = props.autoFocus === true || state.interacted || (props.focusSignal ?? 0) > 0;
  const focus = mayFocus ? focusSignal : undefined;

  return (
    <div className="journey" data-step={state.step}>
      {state.step === 'starting' ? <StartingStep /> : null}
      {state.step === 'mobile' && byEmail ? (
        <EmailStep
          heading={EMAIL_OTP_TEXT.heading}
          lede={EMAIL_OTP_TEXT.lede}
          value={state.identifierInput}
          error={state.fieldError}
          busy={state.busy === 'sending'}
          focusSignal={focus}
          onChange={journey.editIdentifier}
          onSubmit={journey.submitIdentifier}
        />
      ) : null}
      {state.step === 'mobile' && !byEmail ? (
        <MobileStep
          heading={copy.mobile}
          lede={copy.mobileLede}
          value={state.identifierInput}
          error={state.fieldError}
          busy={state.busy === 'sending'}
          focusSignal={focus}
          legal={props.legal}
          onChange={journey.editIdentifier}
          onSubmit={journey.submitIdentifier}
        />
      ) : null}
      {state.step === 'otp' && state.otp ? (
        <OtpStep
          channel={byEmail ? 'email' : 'sms'}
          heading={copy.otp}
          mobileNo={state.identifier}
          otpLength={state.otp.sent.otpLength}
          resendAt={state.otp.resendAt}
          value={state.otpValue}
          error={state.fieldError}
          busy={state.busy}
          focusSignal={focus}
          canChangeNumber={journey.canChangeIdentifier}
          canUsePassword={journey.passwordAllowed && state.passwordSet}
          submitLabel={verification ? 'Verify' : 'Verify and sign in'}
          now={now}
          onChange={journey.editOtp}
          onSubmit={journey.verifyOtp}
          onResend={journey.resendOtp}
          onChangeNumber={journey.changeIdentifier}
          onUsePassword={journey.usePassword}
        />
      ) : null}
      {state.step === 'password' ? (
        <PasswordStep
          heading={copy.password}
          mobileNo={state.identifier}
          value={state.password}
          error={state.fieldError}
          busy={state.busy}
          focusSignal={focus}
          canChangeNumber={journey.canChangeIdentifier}
          onChange={journey.editPassword}
          onSubmit={journey.submitPassword}
          onUseOtp={journey.switchToOtp}
          onChangeNumber={journey.changeIdentifier}
        />
      ) : null}
      {state.step === 'done' ? <DoneStep heading={byEmail ? EMAIL_OTP_TEXT.done : copy.done} /> : null}
      {state.step === 'failed' && state.failure ? <FailedStep failure={state.failure} /> : null}
      <JourneyNotice notice={state.notice} />
    </div>
  );
}
