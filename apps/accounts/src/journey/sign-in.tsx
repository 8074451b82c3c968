import { useCallback, useEffect, useRef, useState } from 'react';
import { ERRORS, isIndianMobileNumber, MFA_REQUIRED_CODE, normaliseEmail } from '@pravesh/core';
import { AccountsApiError, type AccountsApi, type AuthorizationGrant, type OtpSent, type Proof } from '../lib/api.ts';
import type { JourneyParams } from '../lib/params.ts';
import {
  emailError,
  mobileError,
  normaliseMobile,
  otpDigits,
  OTP_FIELD_MESSAGES,
  PASSWORD_MESSAGES,
} from '../lib/validation.ts';
import type { WebOtpReader } from '../hooks/use-web-otp.ts';
import { useWebOtp } from '../hooks/use-web-otp.ts';
import {
  catalogueText,
  fatalTitle,
  formatMobile,
  refusalText,
  headings,
  isFatal,
  isVerification,
  EMAIL_OTP_TEXT,
  OTP_TEXT,
} from './copy.ts';
import { DoneStep, EmailStep, FailedStep, MobileStep, OtpStep, PasswordStep, StartingStep } from './steps.tsx';

export type Step = 'starting' | 'mobile' | 'otp' | 'password' | 'done' | 'failed';

export interface Failure {
  statusCode: string;
  title: string;
  detail: string;
}

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
  initialProblem?: string | undefined;
  /** The accounts host's session-exists cookie is set: try the session first (glss_token). */
  sessionExists?: boolean;
  webOtp?: WebOtpReader | undefined;
  /** Bumped by the frame on widgetOpen: focus the current step's field. */
  focusSignal?: number;
  /** Move focus into the journey on first render (the full page does; a hidden frame must not). */
  autoFocus?: boolean;
  now?: () => number;
}

interface OtpState {
  sent: OtpSent;
  /** Epoch ms after which Resend is offered. */
  resendAt: number;
}

function toApiError(error: unknown): AccountsApiError {
  return error instanceof AccountsApiError ? error : new AccountsApiError('somethingWentWrong', 'somethingWentWrong');
}

/** Seconds named in "Please wait 27 seconds before requesting another OTP", else `fallback`. */
function waitSeconds(message: string, fallback: number): number {
  const match = /(\d+)\s*seconds?/.exec(message);
  return match ? Number(match[1]) : fallback;
}

/** The text shown under the OTP field for a refused verification (spec 001 §5). */
function otpFailureText(error: AccountsApiError): string {
  if (error.statusCode === ERRORS.otpIncorrect.code) return OTP_TEXT.incorrect;
  if (error.statusCode === ERRORS.otpIncorrectOnResend.code) return OTP_TEXT.incorrectOnResend;
  if (error.statusCode === ERRORS.rateLimited.code) return error.statusMessage || OTP_TEXT.otherFailure;
  return OTP_TEXT.otherFailure;
}

/** The whole sign-in journey of spec 000 §2/§4: mobile number, OTP or password, then a code. */
export function SignIn(props: SignInProps) {
  const { api, params, onSignedIn, onFailed, onOtpSent, onStep, webOtp, now = Date.now } = props;
  const journey = params.journeyType;
  const copy = headings(journey);
  const verification = isVerification(journey);
  /** JOURNEY_EMAIL_OTP: the same steps with an email address where the others have a number. */
  const byEmail = journey === 'JOURNEY_EMAIL_OTP';
  const texts = byEmail ? { ...OTP_TEXT, ...EMAIL_OTP_TEXT } : OTP_TEXT;

  const [step, setStep] = useState<Step>('starting');
  const [mobileInput, setMobileInput] = useState('');
  const [mobileNo, setMobileNo] = useState('');
  const [otpValue, setOtpValue] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState<OtpState | undefined>();
  const [passwordSet, setPasswordSet] = useState(false);
  /** After mfaRequired: the OTP step retries the password sign-in with force_redirect=1. */
  const [mfa, setMfa] = useState(params.forceRedirect);
  const [busy, setBusy] = useState<'sending' | 'verifying' | 'resending' | undefined>();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatusState] = useState({ text: '', quiet: false });
  /** The live region's text; `quiet` announces it without showing what the step already shows. */
  const setStatus = useCallback((text: string, quiet = false) => setStatusState({ text, quiet }), []);
  const [failure, setFailure] = useState<Failure | undefined>();
  const [focusKey, setFocusKey] = useState(0);
  const [interacted, setInteracted] = useState(false);
  const inFlight = useRef(false);
  const mobileLocked = useRef(false);

  const passwordAllowed = journey === 'JOURNEY' && !mfa;
  const canEditMobile = params.editMobile && !mfa && !mobileLocked.current;

  useEffect(() => onStep?.(step), [onStep, step]);

  const go = useCallback((next: Step) => {
    setStep(next);
    setFieldError(undefined);
    setFocusKey((key) => key + 1);
  }, []);

  const fail = useCallback(
    (statusCode: string, detail: string, title = fatalTitle(statusCode)) => {
      const found: Failure = { statusCode, title, detail };
      setFailure(found);
      setStatus('');
      go('failed');
      onFailed?.(found);
    },
    [go, onFailed],
  );

  const succeed = useCallback(
    (grant: AuthorizationGrant, message: string) => {
      setStatus(message);
      go('done');
      onSignedIn(grant);
    },
    [go, onSignedIn],
  );

  /** Runs one call at a time; a second click while one is in flight does nothing. */
  const guard = useCallback(async (kind: NonNullable<typeof busy>, run: () => Promise<void>, byUser = true) => {
    if (inFlight.current) return;
    if (byUser) setInteracted(true);
    inFlight.current = true;
    setBusy(kind);
    try {
      await run();
    } finally {
      inFlight.current = false;
      setBusy(undefined);
    }
  }, []);

  /** Sends (or re-sends) the OTP and moves to the OTP step. Returns false when it was refused. */
  const sendOtp = useCallback(
    async (number: string, resent: boolean): Promise<boolean> => {
      try {
        const sent = byEmail ? await api.sendEmailOtp(number) : await api.sendOtp(number);
        setOtp({ sent, resendAt: now() + sent.resendAfterSeconds * 1000 });
        setOtpValue('');
        // The OTP step itself says where the first code went; a resend is shown as well.
        setStatus(resent ? texts.resent : `OTP sent to ${formatMobile(number)}`, !resent);
        onOtpSent?.(sent, resent);
        return true;
      } catch (caught) {
        const error = toApiError(caught);
        if (error.statusCode === ERRORS.otpResendTooSoon.code) {
          // An OTP sent moments ago (a reload, a second tab) is still good: ask for it.
          const seconds = waitSeconds(error.statusMessage, 30);
          setOtp((current) => ({
            sent: current?.sent ?? { resendAfterSeconds: seconds, expiresInSeconds: 300, otpLength: 6 },
            resendAt: now() + seconds * 1000,
          }));
          setStatus(error.statusMessage);
          return true;
        }
        if (isFatal(error.statusCode)) fail(error.statusCode, refusalText(error.statusCode, error.statusMessage));
        else setFieldError(refusalText(error.statusCode, error.statusMessage));
        return false;
      }
    },
    [api, byEmail, fail, now, onOtpSent, texts.resent],
  );

  const authorize = useCallback(
    async (number: string | undefined, proof: Proof): Promise<AccountsApiError | undefined> => {
      try {
        const grant = byEmail
          ? await api.authorize(undefined, { ...proof, email: number })
          : await api.authorize(number, proof);
        if (grant.redirect_uri !== params.redirectUri) {
          // The service matches redirect_uri exactly; anything else is not ours to follow.
          fail(ERRORS.invalidRedirectUri.code, catalogueText('invalidRedirectUri'));
          return undefined;
        }
        succeed(grant, proof.otp !== undefined ? texts.verified : 'Signed in.');
        return undefined;
      } catch (caught) {
        const error = toApiError(caught);
        if (isFatal(error.statusCode)) {
          fail(error.statusCode, refusalText(error.statusCode, error.statusMessage));
          return undefined;
        }
        return error;
      }
    },
    [api, byEmail, fail, params.redirectUri, succeed, texts.verified],
  );

  // Start: a problem in the link, an existing session, a number the caller supplied, or the form.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (props.initialProblem) {
        fail(ERRORS.badRequest.code, props.initialProblem, 'This sign-in link isn’t valid');
        return;
      }
      // The email journey proves an address: an existing session must not stand in for it (the
      // session's customer is the one a newly verified address is added to).
      if (props.sessionExists && !verification && !byEmail && !params.forceRedirect) {
        try {
          const grant = await api.authorize(undefined, {});
          if (grant.redirect_uri === params.redirectUri) {
            succeed(grant, 'Signed in with your existing session.');
            return;
          }
        } catch (caught) {
          const error = toApiError(caught);
          if (isFatal(error.statusCode)) {
            fail(error.statusCode, refusalText(error.statusCode, error.statusMessage));
            return;
          }
          // No usable session: the customer signs in as usual.
        }
      }
      if (byEmail) {
        go('mobile');
        return;
      }
      let supplied = params.mobileNo;
      if (supplied !== undefined && !isIndianMobileNumber(normaliseMobile(supplied))) {
        supplied = await api.openSealedMobile(supplied);
      }
      const known = supplied !== undefined ? normaliseMobile(supplied) : undefined;
      if (known !== undefined && isIndianMobileNumber(known)) {
        setMobileInput(known);
        setMobileNo(known);
        const otpFirst = journey !== 'JOURNEY' || params.forceRedirect;
        if (otpFirst) {
          mobileLocked.current = !params.editMobile;
          await guard(
            'sending',
            async () => {
              go((await sendOtp(known, false)) ? 'otp' : 'mobile');
            },
            false,
          );
          return;
        }
      }
      go('mobile');
    })();
  }, []);

  const submitEmail = () =>
    guard('sending', async () => {
      const problem = emailError(mobileInput);
      if (problem) {
        setFieldError(problem);
        setFocusKey((key) => key + 1);
        return;
      }
      const email = normaliseEmail(mobileInput);
      setMobileNo(email);
      setFieldError(undefined);
      if (await sendOtp(email, false)) go('otp');
    });

  const submitMobile = () =>
    guard('sending', async () => {
      const problem = mobileError(mobileInput);
      if (problem) {
        setFieldError(problem);
        setFocusKey((key) => key + 1);
        return;
      }
      const number = normaliseMobile(mobileInput);
      setMobileNo(number);
      setFieldError(undefined);
      let preferPassword = false;
      if (passwordAllowed) {
        try {
          const preference = await api.preference(number);
          setPasswordSet(preference.passwordSet);
          preferPassword = preference.preferredMethod === 'mobile_credential';
        } catch {
          // Without a preference the customer gets the default method, otp (spec 000 §4).
          setPasswordSet(false);
        }
      }
      if (preferPassword) {
        setStatus('');
        go('password');
        return;
      }
      if (await sendOtp(number, false)) go('otp');
    });

  const verifyOtp = (code: string) =>
    guard('verifying', async () => {
      const length = otp?.sent.otpLength ?? 6;
      const digits = otpDigits(code, length);
      if (digits.length === 0 || digits.length < length) {
        setFieldError(digits.length === 0 ? OTP_FIELD_MESSAGES.empty : OTP_FIELD_MESSAGES.short(length));
        setFocusKey((key) => key + 1);
        return;
      }
      setFieldError(undefined);
      const error = await authorize(mobileNo, {
        otp: digits,
        ...(mfa && password !== '' ? { password } : {}),
        ...(mfa ? { forceRedirect: true } : {}),
      });
      if (error) {
        setFieldError(otpFailureText(error));
        setFocusKey((key) => key + 1);
      }
    });

  const resendOtp = () =>
    guard('resending', async () => {
      setFieldError(undefined);
      await sendOtp(mobileNo, true);
      setFocusKey((key) => key + 1);
    });

  const submitPassword = () =>
    guard('verifying', async () => {
      if (password === '') {
        setFieldError(PASSWORD_MESSAGES.empty);
        setFocusKey((key) => key + 1);
        return;
      }
      setFieldError(undefined);
      const error = await authorize(mobileNo, { password });
      if (!error) return;
      if (error.statusCode === MFA_REQUIRED_CODE) {
        // spec 000 §4: mfaRequired opens the OTP journey with force_redirect=1, then retries.
        setMfa(true);
        if (await sendOtp(mobileNo, false)) {
          setStatus(`For your security, enter the OTP sent to ${formatMobile(mobileNo)}`);
          go('otp');
        }
        return;
      }
      if (error.statusCode === ERRORS.credentialsLocked.code) {
        setStatus(error.statusMessage);
        if (await sendOtp(mobileNo, false)) go('otp');
        return;
      }
      setFieldError(refusalText(error.statusCode, error.statusMessage));
      setFocusKey((key) => key + 1);
    });

  const switchToOtp = () =>
    guard('sending', async () => {
      if (otp && now() < otp.resendAt) {
        go('otp');
        return;
      }
      if (await sendOtp(mobileNo, otp !== undefined)) go('otp');
    });

  const changeNumber = () => {
    setInteracted(true);
    setPassword('');
    setOtpValue('');
    setStatus('');
    go('mobile');
  };

  // One WebOTP read per OTP sent: a resend starts a fresh 60 s read for the new SMS.
  useWebOtp(webOtp, step === 'otp', otp?.resendAt, (code) => {
    if (inFlight.current) return;
    setOtpValue(code);
    setStatus('OTP read from your messages. Verifying…');
    void verifyOtp(code);
  });

  // Focus follows the journey once the customer is using it (or the page owns the screen); a
  // frame that has not been opened yet must not pull focus out of the embedding page.
  const focusSignal = (props.focusSignal ?? 0) + focusKey;
  const mayFocus = props.autoFocus === true || interacted || (props.focusSignal ?? 0) > 0;

  const IdentifierStep = byEmail ? EmailStep : MobileStep;

  return (
    <div className="journey" data-step={step}>
      {step === 'starting' ? <StartingStep /> : null}
      {step === 'mobile' ? (
        <IdentifierStep
          heading={byEmail ? EMAIL_OTP_TEXT.heading : copy.mobile}
          lede={byEmail ? EMAIL_OTP_TEXT.lede : copy.mobileLede}
          value={mobileInput}
          error={fieldError}
          busy={busy === 'sending'}
          focusSignal={mayFocus ? focusSignal : undefined}
          onChange={(value) => {
            setMobileInput(value);
            if (fieldError) setFieldError(undefined);
          }}
          onSubmit={() => void (byEmail ? submitEmail() : submitMobile())}
        />
      ) : null}
      {step === 'otp' && otp ? (
        <OtpStep
          channel={byEmail ? 'email' : 'sms'}
          heading={copy.otp}
          mobileNo={mobileNo}
          otpLength={otp.sent.otpLength}
          resendAt={otp.resendAt}
          value={otpValue}
          error={fieldError}
          busy={busy}
          focusSignal={mayFocus ? focusSignal : undefined}
          canChangeNumber={canEditMobile}
          canUsePassword={passwordAllowed && passwordSet}
          submitLabel={verification ? 'Verify' : 'Verify and sign in'}
          now={now}
          onChange={(value) => {
            setOtpValue(value);
            if (fieldError) setFieldError(undefined);
          }}
          onSubmit={() => void verifyOtp(otpValue)}
          onResend={() => void resendOtp()}
          onChangeNumber={changeNumber}
          onUsePassword={() => {
            setInteracted(true);
            setStatus('');
            go('password');
          }}
        />
      ) : null}
      {step === 'password' ? (
        <PasswordStep
          heading={copy.password}
          mobileNo={mobileNo}
          value={password}
          error={fieldError}
          busy={busy}
          focusSignal={mayFocus ? focusSignal : undefined}
          canChangeNumber={canEditMobile}
          onChange={(value) => {
            setPassword(value);
            if (fieldError) setFieldError(undefined);
          }}
          onSubmit={() => void submitPassword()}
          onUseOtp={() => void switchToOtp()}
          onChangeNumber={changeNumber}
        />
      ) : null}
      {step === 'done' ? <DoneStep heading={byEmail ? EMAIL_OTP_TEXT.done : copy.done} /> : null}
      {step === 'failed' && failure ? <FailedStep failure={failure} /> : null}
      <p
        className={`status${status.text === '' ? '' : status.quiet ? ' visually-hidden' : ' status--visible'}`}
        role="status"
        aria-live="polite"
      >
        {status.text}
      </p>
    </div>
  );
}
