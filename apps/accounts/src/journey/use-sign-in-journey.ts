import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ERRORS, isIndianMobileNumber, MFA_REQUIRED_CODE, normaliseEmail } from '@pravesh/core';
import { useWebOtp, type WebOtpReader } from '../hooks/use-web-otp.ts';
import { AccountsApiError, type AccountsApi, type AuthorizationGrant, type OtpSent, type Proof } from '../lib/api.ts';
import type { LinkProblem } from '../lib/bootstrap.ts';
import type { JourneyParams } from '../lib/params.ts';
import {
  emailError,
  mobileError,
  normaliseMobile,
  otpDigits,
  OTP_FIELD_MESSAGES,
  PASSWORD_MESSAGES,
} from '../lib/validation.ts';
import {
  catalogueText,
  EMAIL_OTP_TEXT,
  fatalTitle,
  formatMobile,
  isFatal,
  isVerification,
  LINK_INVALID_TITLE,
  OTP_TEXT,
  refusalText,
} from './copy.ts';
import {
  canChangeIdentifier,
  initialJourneyState,
  journeyReducer,
  NO_NOTICE,
  passwordAllowed,
  type Busy,
  type Failure,
  type JourneyState,
  type Notice,
  type Step,
} from './journey-state.ts';

export interface SignInJourneyOptions {
  api: AccountsApi;
  params: JourneyParams;
  /** Reports a signed-in (or verified) customer: the frame posts `auth`, the page redirects. */
  onSignedIn: (grant: AuthorizationGrant) => void;
  /** Reports a journey that cannot go on: the frame posts `authFailed`. */
  onFailed?: ((failure: Failure) => void) | undefined;
  /** Reports each OTP sent: the frame posts `otpSent`. */
  onOtpSent?: ((sent: OtpSent, resent: boolean) => void) | undefined;
  /** Reports the step, so the frame can pick the OTP box size. */
  onStep?: ((step: Step) => void) | undefined;
  /** A problem found in the link before anything was called (by the server or the page). */
  initialProblem?: LinkProblem | undefined;
  /** The accounts host's session-exists cookie is set: try the session first (glss_token). */
  sessionExists?: boolean | undefined;
  webOtp?: WebOtpReader | undefined;
  now?: (() => number) | undefined;
}

export interface SignInJourney {
  state: JourneyState;
  /** JOURNEY_EMAIL_OTP: the same steps with an email address where the others have a number. */
  byEmail: boolean;
  verification: boolean;
  passwordAllowed: boolean;
  canChangeIdentifier: boolean;
  editIdentifier: (value: string) => void;
  editOtp: (value: string) => void;
  editPassword: (value: string) => void;
  submitIdentifier: () => void;
  verifyOtp: () => void;
  resendOtp: () => void;
  submitPassword: () => void;
  switchToOtp: () => void;
  changeIdentifier: () => void;
  usePassword: () => void;
}

function toApiError(error: unknown): AccountsApiError {
  return error instanceof AccountsApiError ? error : new AccountsApiError('somethingWentWrong', 'somethingWentWrong');
}

/** Seconds named in "Please wait 27 seconds before requesting another OTP", else `fallback`. */
export function waitSeconds(message: string, fallback: number): number {
  const match = /(\d+)\s*seconds?/.exec(message);
  return match ? Number(match[1]) : fallback;
}

/** The text shown under the OTP field for a refused verification (spec 001 §5). */
export function otpFailureText(error: AccountsApiError): string {
  if (error.statusCode === ERRORS.otpIncorrect.code) return OTP_TEXT.incorrect;
  if (error.statusCode === ERRORS.otpIncorrectOnResend.code) return OTP_TEXT.incorrectOnResend;
  if (error.statusCode === ERRORS.rateLimited.code) return error.statusMessage || OTP_TEXT.otherFailure;
  return OTP_TEXT.otherFailure;
}

const news = (text: string, quiet = false): Notice => ({ text, tone: 'success', quiet });
const info = (text: string): Notice => ({ text, tone: 'info', quiet: false });
const refusal = (text: string): Notice => ({ text, tone: 'error', quiet: false });

/**
 * The sign-in journey of spec 000 §2/§4: mobile number (or email), OTP or password, then an
 * authorization code. It runs the calls and dispatches their answers into journeyReducer; the
 * component renders `state` and calls the actions.
 */
export function useSignInJourney(options: SignInJourneyOptions): SignInJourney {
  const { api, params, onStep, webOtp, now = Date.now } = options;
  const journey = params.journeyType;
  const verification = isVerification(journey);
  const byEmail = journey === 'JOURNEY_EMAIL_OTP';
  const texts = byEmail ? { ...OTP_TEXT, ...EMAIL_OTP_TEXT } : OTP_TEXT;

  const [state, dispatch] = useReducer(journeyReducer, params, initialJourneyState);
  /** The state of the last render, for calls that finish after it. */
  const latest = useRef(state);
  latest.current = state;
  /** The callbacks of the last render (the page's handlers may change identity). */
  const handlers = useRef(options);
  handlers.current = options;
  const inFlight = useRef(false);

  useEffect(() => onStep?.(state.step), [onStep, state.step]);

  const fail = useCallback((statusCode: string, detail: string, title = fatalTitle(statusCode)) => {
    const failure: Failure = { statusCode, title, detail };
    dispatch({ type: 'failed', failure });
    handlers.current.onFailed?.(failure);
  }, []);

  const succeed = useCallback((grant: AuthorizationGrant, message: string) => {
    dispatch({ type: 'signedIn', message });
    handlers.current.onSignedIn(grant);
  }, []);

  /** Runs one call at a time; a second action while one is in flight does nothing. */
  const guard = useCallback(async (busy: Busy, run: () => Promise<void>, byUser = true) => {
    if (inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'busy', busy, byUser });
    try {
      await run();
    } finally {
      inFlight.current = false;
      dispatch({ type: 'idle' });
    }
  }, []);

  /** Sends (or re-sends) the OTP. Returns false when it was refused. */
  const sendOtp = useCallback(
    async (identifier: string, resent: boolean): Promise<boolean> => {
      try {
        const sent = byEmail ? await api.sendEmailOtp(identifier) : await api.sendOtp(identifier);
        // The OTP step itself says where the first code went (announced only); a resend is shown.
        const notice = resent ? news(texts.resent) : news(`OTP sent to ${formatMobile(identifier)}`, true);
        dispatch({ type: 'otpSent', sent, at: now(), notice });
        handlers.current.onOtpSent?.(sent, resent);
        return true;
      } catch (caught) {
        const error = toApiError(caught);
        if (error.statusCode === ERRORS.otpResendTooSoon.code) {
          // An OTP sent moments ago (a reload, a second tab) is still good: ask for it. A resend
          // refused as too soon is an error, shown as one, in the catalogue's words.
          const seconds = waitSeconds(error.statusMessage, 30);
          const text = error.statusMessage || catalogueText('otpResendTooSoon', { seconds });
          dispatch({ type: 'otpWait', seconds, at: now(), notice: resent ? refusal(text) : info(text) });
          return true;
        }
        const text = refusalText(error.statusCode, error.statusMessage);
        if (isFatal(error.statusCode)) fail(error.statusCode, text);
        else if (resent) dispatch({ type: 'notice', notice: refusal(text) });
        else dispatch({ type: 'refused', error: text });
        return false;
      }
    },
    [api, byEmail, fail, now, texts.resent],
  );

  const authorize = useCallback(
    async (identifier: string | undefined, proof: Proof): Promise<AccountsApiError | undefined> => {
      try {
        const grant = byEmail
          ? await api.authorize(undefined, { ...proof, email: identifier })
          : await api.authorize(identifier, proof);
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
      if (options.initialProblem) {
        fail(options.initialProblem.statusCode, options.initialProblem.detail, LINK_INVALID_TITLE);
        return;
      }
      // The email journey proves an address: an existing session must not stand in for it (the
      // session's customer is the one a newly verified address is added to).
      if (options.sessionExists && !verification && !byEmail && !params.forceRedirect) {
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
        dispatch({ type: 'go', step: 'mobile' });
        return;
      }
      let supplied = params.mobileNo;
      if (supplied !== undefined && !isIndianMobileNumber(normaliseMobile(supplied))) {
        supplied = await api.openSealedMobile(supplied);
      }
      const known = supplied !== undefined ? normaliseMobile(supplied) : undefined;
      if (known !== undefined && isIndianMobileNumber(known)) {
        const otpFirst = journey !== 'JOURNEY' || params.forceRedirect;
        dispatch({ type: 'prefilled', identifier: known, locked: otpFirst && !params.editMobile });
        if (otpFirst) {
          await guard(
            'sending',
            async () => dispatch({ type: 'go', step: (await sendOtp(known, false)) ? 'otp' : 'mobile' }),
            false,
          );
          return;
        }
      }
      dispatch({ type: 'go', step: 'mobile' });
    })();
  }, []);

  const submitEmail = () =>
    guard('sending', async () => {
      const input = latest.current.identifierInput;
      const problem = emailError(input);
      if (problem) {
        dispatch({ type: 'refused', error: problem });
        return;
      }
      const email = normaliseEmail(input);
      dispatch({ type: 'identified', identifier: email });
      if (await sendOtp(email, false)) dispatch({ type: 'go', step: 'otp' });
    });

  const submitMobile = () =>
    guard('sending', async () => {
      const input = latest.current.identifierInput;
      const problem = mobileError(input);
      if (problem) {
        dispatch({ type: 'refused', error: problem });
        return;
      }
      const number = normaliseMobile(input);
      dispatch({ type: 'identified', identifier: number });
      let preferPassword = false;
      if (passwordAllowed(latest.current, params)) {
        try {
          const preference = await api.preference(number);
          dispatch({ type: 'preference', passwordSet: preference.passwordSet });
          preferPassword = preference.preferredMethod === 'mobile_credential';
        } catch {
          // Without a preference the customer gets the default method, otp (spec 000 §4).
          dispatch({ type: 'preference', passwordSet: false });
        }
      }
      if (preferPassword) {
        dispatch({ type: 'notice', notice: NO_NOTICE });
        dispatch({ type: 'go', step: 'password' });
        return;
      }
      if (await sendOtp(number, false)) dispatch({ type: 'go', step: 'otp' });
    });

  const verify = (code: string) =>
    guard('verifying', async () => {
      const { otp, identifier, mfa, password } = latest.current;
      const length = otp?.sent.otpLength ?? 6;
      const digits = otpDigits(code, length);
      if (digits.length === 0 || digits.length < length) {
        dispatch({
          type: 'refused',
          error: digits.length === 0 ? OTP_FIELD_MESSAGES.empty : OTP_FIELD_MESSAGES.short(length),
        });
        return;
      }
      // A refusal shown earlier (a resend too soon) is answered by this attempt.
      if (latest.current.notice.tone === 'error') dispatch({ type: 'notice', notice: NO_NOTICE });
      dispatch({ type: 'clearFieldError' });
      const error = await authorize(identifier, {
        otp: digits,
        ...(mfa && password !== '' ? { password } : {}),
        ...(mfa ? { forceRedirect: true } : {}),
      });
      if (error) dispatch({ type: 'refused', error: otpFailureText(error) });
    });

  const resendOtp = () =>
    guard('resending', async () => {
      dispatch({ type: 'clearFieldError' });
      await sendOtp(latest.current.identifier, true);
      dispatch({ type: 'focus' });
    });

  const submitPassword = () =>
    guard('verifying', async () => {
      const { password, identifier } = latest.current;
      if (password === '') {
        dispatch({ type: 'refused', error: PASSWORD_MESSAGES.empty });
        return;
      }
      dispatch({ type: 'clearFieldError' });
      const error = await authorize(identifier, { password });
      if (!error) return;
      if (error.statusCode === MFA_REQUIRED_CODE) {
        // spec 000 §4: mfaRequired opens the OTP journey with force_redirect=1, then retries.
        dispatch({ type: 'mfaRequired' });
        if (await sendOtp(identifier, false)) {
          dispatch({
            type: 'notice',
            notice: info(`For your security, enter the OTP sent to ${formatMobile(identifier)}`),
          });
          dispatch({ type: 'go', step: 'otp' });
        }
        return;
      }
      if (error.statusCode === ERRORS.credentialsLocked.code) {
        dispatch({ type: 'notice', notice: info(error.statusMessage) });
        if (await sendOtp(identifier, false)) dispatch({ type: 'go', step: 'otp' });
        return;
      }
      dispatch({ type: 'refused', error: refusalText(error.statusCode, error.statusMessage) });
    });

  const switchToOtp = () =>
    guard('sending', async () => {
      const { otp, identifier } = latest.current;
      if (otp && now() < otp.resendAt) {
        dispatch({ type: 'go', step: 'otp' });
        return;
      }
      if (await sendOtp(identifier, otp !== undefined)) dispatch({ type: 'go', step: 'otp' });
    });

  // One WebOTP read per OTP sent: a resend starts a fresh 60 s read for the new SMS.
  useWebOtp(webOtp, state.step === 'otp', state.otp?.resendAt, (code) => {
    if (inFlight.current) return;
    dispatch({ type: 'otpRead', code });
    void verify(code);
  });

  return {
    state,
    byEmail,
    verification,
    passwordAllowed: passwordAllowed(state, params),
    canChangeIdentifier: canChangeIdentifier(state, params),
    editIdentifier: (value) => dispatch({ type: 'edited', field: 'identifier', value }),
    editOtp: (value) => dispatch({ type: 'edited', field: 'otp', value }),
    editPassword: (value) => dispatch({ type: 'edited', field: 'password', value }),
    submitIdentifier: () => void (byEmail ? submitEmail() : submitMobile()),
    verifyOtp: () => void verify(latest.current.otpValue),
    resendOtp: () => void resendOtp(),
    submitPassword: () => void submitPassword(),
    switchToOtp: () => void switchToOtp(),
    changeIdentifier: () => dispatch({ type: 'changeIdentifier' }),
    usePassword: () => dispatch({ type: 'usePassword' }),
  };
}
