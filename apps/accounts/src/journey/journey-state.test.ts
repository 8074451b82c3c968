import { describe, expect, it } from 'vitest';
import {
  canChangeIdentifier,
  initialJourneyState,
  journeyReducer,
  NO_NOTICE,
  OTP_READ_TEXT,
  passwordAllowed,
  type JourneyAction,
  type JourneyState,
} from './journey-state.ts';

const SENT = { resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 };
const start = (forceRedirect = false) => initialJourneyState({ forceRedirect });
const run = (state: JourneyState, ...actions: JourneyAction[]) => actions.reduce(journeyReducer, state);

describe('the sign-in journey reducer', () => {
  it('starts on the starting step, MFA already on with force_redirect', () => {
    expect(start()).toMatchObject({ step: 'starting', mfa: false, busy: undefined, notice: NO_NOTICE });
    expect(start(true).mfa).toBe(true);
  });

  it('moving to a step clears the field error and asks for focus', () => {
    const state = run(start(), { type: 'refused', error: 'Enter your 10-digit mobile number' });
    expect(state).toMatchObject({ fieldError: 'Enter your 10-digit mobile number', focusKey: 1 });
    expect(run(state, { type: 'go', step: 'otp' })).toMatchObject({ step: 'otp', fieldError: undefined, focusKey: 2 });
  });

  it('editing a field keeps its value and clears the error', () => {
    const state = run(
      start(),
      { type: 'refused', error: 'wrong' },
      { type: 'edited', field: 'identifier', value: '98765' },
      { type: 'edited', field: 'otp', value: '12' },
      { type: 'edited', field: 'password', value: 'pw' },
    );
    expect(state).toMatchObject({ identifierInput: '98765', otpValue: '12', password: 'pw', fieldError: undefined });
  });

  it('a call marks the journey busy; one started by the customer lets focus follow', () => {
    const byPage = run(start(), { type: 'busy', busy: 'sending', byUser: false });
    expect(byPage).toMatchObject({ busy: 'sending', interacted: false });
    const byUser = run(byPage, { type: 'idle' }, { type: 'busy', busy: 'verifying', byUser: true });
    expect(byUser).toMatchObject({ busy: 'verifying', interacted: true });
    expect(run(byUser, { type: 'idle' }).busy).toBeUndefined();
  });

  it('an OTP sent sets when Resend is offered and empties the code', () => {
    const notice = { text: 'OTP sent to +91 98765 43210', tone: 'success', quiet: true } as const;
    const state = run(
      start(),
      { type: 'edited', field: 'otp', value: '123' },
      { type: 'otpSent', sent: SENT, at: 1_000, notice },
    );
    expect(state).toMatchObject({ otp: { sent: SENT, resendAt: 31_000 }, otpValue: '', notice });
  });

  it('a send refused as too soon keeps the code already sent and waits the seconds named', () => {
    const notice = {
      text: 'Please wait 27 seconds before requesting another OTP',
      tone: 'error',
      quiet: false,
    } as const;
    const sent = run(start(), { type: 'otpSent', sent: { ...SENT, otpLength: 4 }, at: 0, notice: NO_NOTICE });
    const waiting = run(sent, { type: 'otpWait', seconds: 27, at: 5_000, notice });
    expect(waiting).toMatchObject({ otp: { sent: { otpLength: 4 }, resendAt: 32_000 }, notice });
    // Without an earlier code (a reload): a 6-digit code is assumed.
    expect(run(start(), { type: 'otpWait', seconds: 27, at: 0, notice }).otp?.sent.otpLength).toBe(6);
  });

  it('failing shows the failure and drops the message line', () => {
    const failure = { statusCode: 'invalidClient', title: 'This sign-in link isn’t valid', detail: 'no' };
    const state = run(
      start(),
      { type: 'notice', notice: { text: 'x', tone: 'info', quiet: false } },
      { type: 'failed', failure },
    );
    expect(state).toMatchObject({ step: 'failed', failure, notice: NO_NOTICE });
  });

  it('signing in is the done step with its message as news', () => {
    expect(run(start(), { type: 'signedIn', message: 'Signed in.' })).toMatchObject({
      step: 'done',
      notice: { text: 'Signed in.', tone: 'success', quiet: false },
    });
  });

  it('changing the number forgets the code and the password', () => {
    const state = run(
      start(),
      { type: 'edited', field: 'otp', value: '123456' },
      { type: 'edited', field: 'password', value: 'secret' },
      { type: 'go', step: 'otp' },
      { type: 'changeIdentifier' },
    );
    expect(state).toMatchObject({ step: 'mobile', otpValue: '', password: '', interacted: true, notice: NO_NOTICE });
  });

  it('a code read from the SMS fills the field and says it is being verified', () => {
    expect(run(start(), { type: 'otpRead', code: '654321' })).toMatchObject({
      otpValue: '654321',
      notice: { text: OTP_READ_TEXT, tone: 'info' },
    });
  });

  it('offers the password only in the plain journey and not during MFA', () => {
    expect(passwordAllowed(start(), { journeyType: 'JOURNEY' })).toBe(true);
    expect(passwordAllowed(start(), { journeyType: 'JOURNEY_OTP' })).toBe(false);
    expect(passwordAllowed(run(start(), { type: 'mfaRequired' }), { journeyType: 'JOURNEY' })).toBe(false);
  });

  it('lets the number be changed unless the caller fixed it or MFA is under way', () => {
    expect(canChangeIdentifier(start(), { editMobile: true })).toBe(true);
    expect(canChangeIdentifier(start(), { editMobile: false })).toBe(false);
    const locked = run(start(), { type: 'prefilled', identifier: '9876543210', locked: true });
    expect(locked).toMatchObject({ identifierInput: '9876543210', identifier: '9876543210' });
    expect(canChangeIdentifier(locked, { editMobile: true })).toBe(false);
    expect(canChangeIdentifier(run(start(), { type: 'mfaRequired' }), { editMobile: true })).toBe(false);
  });
});
