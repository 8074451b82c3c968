import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Alert, Button, OtpInput, Spinner, TextField, type TextFieldProps } from '@pravesh/ui';
import { formatSeconds, useCountdown } from '../hooks/use-countdown.ts';
import { formatMobile, LINK_INVALID_TITLE } from './copy.ts';
import type { LegalLinks } from '../lib/legal.ts';
import type { Busy, Failure, Notice } from './journey-state.ts';

/**
 * The journey's steps. They only render: what they show comes in as props (from the journey's
 * state, journey-state.ts) and what the customer does goes out through callbacks (the hook's
 * actions, use-sign-in-journey.ts).
 */

/** Focuses `ref` whenever `signal` changes to a defined value. */
function useFocusOn(ref: RefObject<HTMLElement | null>, signal: number | undefined): void {
  useEffect(() => {
    if (signal === undefined) return;
    const element = ref.current;
    element?.focus();
    if (element instanceof HTMLInputElement && element.value !== '') element.select();
  }, [ref, signal]);
}

function submitWith(onSubmit: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
}

function StepHeader({ id, heading, children }: { id: string; heading: string; children?: ReactNode }) {
  return (
    <header className="step-header">
      <h1 className="step-title" id={id}>
        {heading}
      </h1>
      {children ? <div className="step-lede">{children}</div> : null}
    </header>
  );
}

export function StartingStep() {
  return (
    <div className="step step--center" aria-busy="true">
      <Spinner large />
      <p className="step-lede">Getting sign-in ready…</p>
    </div>
  );
}

/** The first step of a journey: the number (or address) the OTP goes to. */
export interface IdentifierStepProps {
  heading: string;
  lede: string;
  value: string;
  error: string | undefined;
  busy: boolean;
  focusSignal: number | undefined;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

/** The form both identifier steps share; `field` is the one input, `children` any fine print. */
function IdentifierStep({
  heading,
  lede,
  error,
  busy,
  focusSignal,
  onSubmit,
  field,
  children,
}: Omit<IdentifierStepProps, 'value' | 'onChange'> & {
  field: Omit<TextFieldProps, 'ref' | 'error'>;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  useFocusOn(input, focusSignal);
  return (
    <section className="step" aria-labelledby={titleId}>
      <StepHeader id={titleId} heading={heading}>
        <p>{lede}</p>
      </StepHeader>
      <form className="step-form" noValidate onSubmit={submitWith(onSubmit)}>
        <TextField {...field} ref={input} error={error} />
        <Button type="submit" loading={busy} loadingLabel="Sending OTP…" block>
          Get OTP
        </Button>
      </form>
      {children}
    </section>
  );
}

/** "By continuing you agree to…", with links to the marketplace's own pages when it has them. */
function Agreement({ legal }: { legal: LegalLinks | undefined }) {
  const link = (href: string | undefined, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
        <span className="pv-visually-hidden"> (opens in a new tab)</span>
      </a>
    ) : (
      text
    );
  return (
    <p className="fine-print">
      By continuing you agree to our {link(legal?.terms, 'Terms of Use')} and {link(legal?.privacy, 'Privacy Policy')}.
      Standard SMS rates may apply.
    </p>
  );
}

export function MobileStep({ value, onChange, legal, ...step }: IdentifierStepProps & { legal?: LegalLinks }) {
  return (
    <IdentifierStep
      {...step}
      field={{
        id: 'mobile-number',
        name: 'mobileNo',
        label: 'Mobile number',
        hint: '10-digit Indian mobile number',
        prefix: '+91',
        type: 'tel',
        inputMode: 'numeric',
        autoComplete: 'tel-national',
        enterKeyHint: 'next',
        maxLength: 16,
        value,
        onChange: (event) => onChange(event.target.value.replace(/[^\d\s+\-()]/g, '')),
      }}
    >
      <Agreement legal={legal} />
    </IdentifierStep>
  );
}

/** JOURNEY_EMAIL_OTP's first step: the address the OTP is emailed to. */
export function EmailStep({ value, onChange, ...step }: IdentifierStepProps) {
  return (
    <IdentifierStep
      {...step}
      field={{
        id: 'email-address',
        name: 'email',
        label: 'Email address',
        hint: 'The address on your account',
        type: 'email',
        inputMode: 'email',
        autoComplete: 'email',
        enterKeyHint: 'next',
        spellCheck: false,
        maxLength: 254,
        value,
        onChange: (event) => onChange(event.target.value),
      }}
    />
  );
}

export interface OtpStepProps {
  /** Where the code went: the SMS (default) or an email. */
  channel?: 'sms' | 'email';
  heading: string;
  mobileNo: string;
  otpLength: number;
  resendAt: number;
  value: string;
  error: string | undefined;
  busy: Busy | undefined;
  focusSignal: number | undefined;
  canChangeNumber: boolean;
  canUsePassword: boolean;
  submitLabel: string;
  now: () => number;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onResend: () => void;
  onChangeNumber: () => void;
  onUsePassword: () => void;
}

export function OtpStep(props: OtpStepProps) {
  const { otpLength, value, error, busy, onChange } = props;
  const input = useRef<HTMLInputElement>(null);
  useFocusOn(input, props.focusSignal);
  const secondsLeft = useCountdown(props.resendAt, props.now);
  const titleId = useId();

  return (
    <section className="step" aria-labelledby={titleId}>
      <StepHeader id={titleId} heading={props.heading}>
        <p>
          We sent a {otpLength}-digit code to <strong className="nowrap">{formatMobile(props.mobileNo)}</strong>.
          {props.canChangeNumber ? (
            <>
              {' '}
              <button type="button" className="inline-link" onClick={props.onChangeNumber}>
                Change
                <span className="pv-visually-hidden">
                  {props.channel === 'email' ? ' email address' : ' mobile number'}
                </span>
              </button>
            </>
          ) : null}
        </p>
      </StepHeader>
      <form className="step-form" noValidate onSubmit={submitWith(props.onSubmit)}>
        <OtpInput
          ref={input}
          id="otp"
          name="otp"
          label="One-time password (OTP)"
          hint={`Enter the ${otpLength}-digit code from the ${props.channel === 'email' ? 'email' : 'SMS'}`}
          length={otpLength}
          enterKeyHint="done"
          value={value}
          error={error}
          onChange={onChange}
        />
        <Button type="submit" loading={busy === 'verifying'} loadingLabel="Verifying…" block>
          {props.submitLabel}
        </Button>
      </form>
      <div className="step-actions">
        {secondsLeft > 0 ? (
          <p className="resend-wait">
            Didn’t get it? Resend OTP in <span className="countdown">{formatSeconds(secondsLeft)}</span>
          </p>
        ) : (
          <Button variant="link" loading={busy === 'resending'} loadingLabel="Resending…" onClick={props.onResend}>
            Resend OTP
          </Button>
        )}
        {props.canUsePassword ? (
          <Button variant="link" onClick={props.onUsePassword}>
            Use password instead
          </Button>
        ) : null}
      </div>
    </section>
  );
}

export interface PasswordStepProps {
  heading: string;
  mobileNo: string;
  value: string;
  error: string | undefined;
  busy: Busy | undefined;
  focusSignal: number | undefined;
  canChangeNumber: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onUseOtp: () => void;
  onChangeNumber: () => void;
}

export function PasswordStep(props: PasswordStepProps) {
  const input = useRef<HTMLInputElement>(null);
  const [visible, setVisible] = useState(false);
  const titleId = useId();
  useFocusOn(input, props.focusSignal);
  return (
    <section className="step" aria-labelledby={titleId}>
      <StepHeader id={titleId} heading={props.heading}>
        <p>
          Signing in as <strong className="nowrap">{formatMobile(props.mobileNo)}</strong>.
          {props.canChangeNumber ? (
            <>
              {' '}
              <button type="button" className="inline-link" onClick={props.onChangeNumber}>
                Change<span className="pv-visually-hidden"> mobile number</span>
              </button>
            </>
          ) : null}
        </p>
      </StepHeader>
      <form className="step-form" noValidate onSubmit={submitWith(props.onSubmit)}>
        {/* Lets password managers file the password under the number. */}
        <input type="hidden" name="username" autoComplete="username" value={props.mobileNo} readOnly />
        <TextField
          ref={input}
          id="password"
          name="password"
          label="Password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          spellCheck={false}
          value={props.value}
          error={props.error}
          onChange={(event) => props.onChange(event.target.value)}
          trailing={
            <button
              type="button"
              className="pv-field-toggle"
              aria-pressed={visible}
              aria-controls="password"
              onClick={() => setVisible((shown) => !shown)}
            >
              {visible ? 'Hide' : 'Show'}
              <span className="pv-visually-hidden"> password</span>
            </button>
          }
        />
        <Button type="submit" loading={props.busy === 'verifying'} loadingLabel="Signing in…" block>
          Sign in
        </Button>
      </form>
      <div className="step-actions">
        <Button variant="link" loading={props.busy === 'sending'} loadingLabel="Sending OTP…" onClick={props.onUseOtp}>
          Sign in with OTP instead
        </Button>
      </div>
    </section>
  );
}

export function DoneStep({ heading }: { heading: string }) {
  return (
    <section className="step step--center" aria-label={heading}>
      <svg className="outcome-icon outcome-icon--success" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path
          d="M14 24.5l6.5 6.5L34 17.5"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="step-title">{heading}</h1>
    </section>
  );
}

/**
 * A link that cannot sign anyone in (its client, redirect_uri, scope or PKCE; the server says which
 * when the page is served, or when the code is asked for): the customer did nothing wrong and needs
 * only the way back; the reason is for the site's team, one keyboard-reachable disclosure away.
 */
function LinkFailedStep({ failure }: { failure: Failure }) {
  return (
    <section className="step step--center" aria-labelledby="link-failed-title">
      <svg className="outcome-icon outcome-icon--error" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M24 13v14M24 33.5v1.5" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 className="step-title" id="link-failed-title">
        {failure.title}
      </h1>
      <p className="step-lede" role="alert">
        The site that sent you here gave us a sign-in link we can’t use, so you can’t sign in from it. You haven’t done
        anything wrong.
      </p>
      <p className="step-lede">
        Please go back to that site and sign in again from there. If you see this again, let the site know.
      </p>
      <details className="failure-details">
        <summary>Details for the site’s team</summary>
        <p>{failure.detail}</p>
        <p className="fine-print">
          Code: <code>{failure.statusCode}</code>
        </p>
      </details>
    </section>
  );
}

export function FailedStep({ failure }: { failure: Failure }) {
  if (failure.title === LINK_INVALID_TITLE) return <LinkFailedStep failure={failure} />;
  return (
    <section className="step step--center" aria-label={failure.title}>
      <svg className="outcome-icon outcome-icon--error" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M24 13v14M24 33.5v1.5" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 className="step-title">{failure.title}</h1>
      <p className="step-lede" role="alert">
        {failure.detail}
      </p>
      <p className="fine-print">Please go back to the site you came from and try again.</p>
    </section>
  );
}

/**
 * The journey's message line. News (an OTP re-sent, signed in) goes to a polite live region that
 * is always in the page, so it is announced; a refusal (a resend refused as too soon) is an error
 * alert, never the green news box.
 */
export function JourneyNotice({ notice }: { notice: Notice }) {
  const shown = notice.text !== '' && notice.tone !== 'error';
  return (
    <>
      {notice.text !== '' && notice.tone === 'error' ? (
        <Alert tone="error" className="journey-notice">
          {notice.text}
        </Alert>
      ) : null}
      <p
        className={
          shown
            ? notice.quiet
              ? 'pv-visually-hidden'
              : `journey-notice pv-alert pv-alert--${notice.tone}`
            : 'status-empty'
        }
        role="status"
        aria-live="polite"
      >
        {shown ? notice.text : ''}
      </p>
    </>
  );
}
