import type { OtpSent } from '../lib/api.ts';
import type { JourneyParams } from '../lib/params.ts';

/**
 * The sign-in journey's state machine (spec 000 §2/§4, spec 001 §5) as a pure reducer: every
 * transition is a plain function of the state and an action, tested without React or an API.
 * The hook (use-sign-in-journey.ts) runs the calls and dispatches what they answered; the step
 * components (steps.tsx) only render. Nothing here imports a component, so the steps and the
 * journey no longer import each other.
 */

export type Step = 'starting' | 'mobile' | 'otp' | 'password' | 'done' | 'failed';

/** The call in flight; a second action while one runs does nothing. */
export type Busy = 'sending' | 'verifying' | 'resending';

/** A journey that cannot go on: shown as the failed step and posted as authFailed. */
export interface Failure {
  statusCode: string;
  title: string;
  detail: string;
}

export interface OtpState {
  sent: OtpSent;
  /** Epoch ms after which Resend is offered. */
  resendAt: number;
}

/**
 * The message under the step. `success` and `info` are news (a live status region; `quiet` ones
 * are only announced, because the step already shows them); `error` is a refusal shown as an
 * error alert (a 429 on resend is an error, not a green confirmation).
 */
export interface Notice {
  text: string;
  tone: 'success' | 'info' | 'error';
  quiet: boolean;
}

export const NO_NOTICE: Notice = { text: '', tone: 'info', quiet: false };

export interface JourneyState {
  step: Step;
  /** What the customer typed in the first step (a mobile number, or an email address). */
  identifierInput: string;
  /** The normalised number (or address) the OTP went to. */
  identifier: string;
  otpValue: string;
  password: string;
  otp: OtpState | undefined;
  passwordSet: boolean;
  /** After mfaRequired: the OTP step retries the password sign-in with force_redirect=1. */
  mfa: boolean;
  /** The caller supplied the number and may not let it be changed (editMobile off). */
  identifierLocked: boolean;
  busy: Busy | undefined;
  fieldError: string | undefined;
  notice: Notice;
  failure: Failure | undefined;
  /** Bumped whenever the current step's field should take focus again. */
  focusKey: number;
  /** The customer has done something: focus may follow the journey from now on. */
  interacted: boolean;
}

export type JourneyAction =
  /** A number the caller supplied (query or sealed), shown in the first step. */
  | { type: 'prefilled'; identifier: string; locked: boolean }
  | { type: 'go'; step: Step }
  | { type: 'busy'; busy: Busy; byUser: boolean }
  | { type: 'idle' }
  | { type: 'edited'; field: 'identifier' | 'otp' | 'password'; value: string }
  /** Input the customer must correct: shown under the field, which takes focus. */
  | { type: 'refused'; error: string }
  | { type: 'clearFieldError' }
  /** The current step's field takes focus again. */
  | { type: 'focus' }
  | { type: 'identified'; identifier: string }
  | { type: 'preference'; passwordSet: boolean }
  | { type: 'otpSent'; sent: OtpSent; at: number; notice: Notice }
  /** The service refused a send as too soon: the last code is still good; wait `seconds`. */
  | { type: 'otpWait'; seconds: number; at: number; notice: Notice }
  | { type: 'notice'; notice: Notice }
  | { type: 'mfaRequired' }
  | { type: 'failed'; failure: Failure }
  | { type: 'signedIn'; message: string }
  /** "Change" number: back to the first step with the code and password forgotten. */
  | { type: 'changeIdentifier' }
  | { type: 'usePassword' }
  /** The browser read the code from the SMS (WebOTP). */
  | { type: 'otpRead'; code: string };

export const OTP_READ_TEXT = 'OTP read from your messages. Verifying…';

/** The OTP length and expiry assumed when a too-soon refusal arrives before any code was seen. */
const ASSUMED_OTP = { expiresInSeconds: 300, otpLength: 6 } as const;

export function initialJourneyState(params: Pick<JourneyParams, 'forceRedirect'>): JourneyState {
  return {
    step: 'starting',
    identifierInput: '',
    identifier: '',
    otpValue: '',
    password: '',
    otp: undefined,
    passwordSet: false,
    mfa: params.forceRedirect,
    identifierLocked: false,
    busy: undefined,
    fieldError: undefined,
    notice: NO_NOTICE,
    failure: undefined,
    focusKey: 0,
    interacted: false,
  };
}

const focusAgain = (state: JourneyState) => state.focusKey + 1;

function go(state: JourneyState, step: Step): JourneyState {
  return { ...state, step, fieldError: undefined, focusKey: focusAgain(state) };
}

export function journeyReducer(state: JourneyState, action: JourneyAction): JourneyState {
  switch (action.type) {
    case 'prefilled':
      return {
        ...state,
        identifierInput: action.identifier,
        identifier: action.identifier,
        identifierLocked: action.locked,
      };
    case 'go':
      return go(state, action.step);
    case 'busy':
      return { ...state, busy: action.busy, interacted: state.interacted || action.byUser };
    case 'idle':
      return { ...state, busy: undefined };
    case 'edited': {
      const key = action.field === 'identifier' ? 'identifierInput' : action.field === 'otp' ? 'otpValue' : 'password';
      return { ...state, [key]: action.value, fieldError: undefined };
    }
    case 'refused':
      return { ...state, fieldError: action.error, focusKey: focusAgain(state) };
    case 'clearFieldError':
      return { ...state, fieldError: undefined };
    case 'focus':
      return { ...state, focusKey: focusAgain(state) };
    case 'identified':
      return { ...state, identifier: action.identifier, fieldError: undefined };
    case 'preference':
      return { ...state, passwordSet: action.passwordSet };
    case 'otpSent':
      return {
        ...state,
        otp: { sent: action.sent, resendAt: action.at + action.sent.resendAfterSeconds * 1000 },
        otpValue: '',
        notice: action.notice,
      };
    case 'otpWait':
      return {
        ...state,
        otp: {
          sent: state.otp?.sent ?? { resendAfterSeconds: action.seconds, ...ASSUMED_OTP },
          resendAt: action.at + action.seconds * 1000,
        },
        notice: action.notice,
      };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'mfaRequired':
      return { ...state, mfa: true };
    case 'failed':
      return { ...go(state, 'failed'), failure: action.failure, notice: NO_NOTICE };
    case 'signedIn':
      return { ...go(state, 'done'), notice: { text: action.message, tone: 'success', quiet: false } };
    case 'changeIdentifier':
      return { ...go(state, 'mobile'), interacted: true, password: '', otpValue: '', notice: NO_NOTICE };
    case 'usePassword':
      return { ...go(state, 'password'), interacted: true, notice: NO_NOTICE };
    case 'otpRead':
      return { ...state, otpValue: action.code, notice: { text: OTP_READ_TEXT, tone: 'info', quiet: false } };
  }
}

/** The password step is offered in the plain sign-in journey, and not while MFA asks for an OTP. */
export function passwordAllowed(state: JourneyState, params: Pick<JourneyParams, 'journeyType'>): boolean {
  return params.journeyType === 'JOURNEY' && !state.mfa;
}

/** "Change" is offered unless the caller fixed the number (editMobile off) or MFA is under way. */
export function canChangeIdentifier(state: JourneyState, params: Pick<JourneyParams, 'editMobile'>): boolean {
  return params.editMobile && !state.mfa && !state.identifierLocked;
}
