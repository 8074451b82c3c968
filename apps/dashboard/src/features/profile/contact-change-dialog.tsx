import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, OtpInput, TextField } from '@pravesh/ui';
import { EMAIL_OTP_MESSAGES, OTP_MESSAGES, isIndianMobileNumber } from '@pravesh/core/sso/constants.ts';
import { SSO_ERRORS } from '@pravesh/core/sso/errors.ts';
import { isAcceptableEmail } from '@pravesh/core/profile/rules.ts';
import type { ContactOtpSent, CustomerProfileUpdateBody } from '@pravesh/core/profile/schemas.ts';
import { Dialog } from '../../layout/modal-rules.tsx';
import { useUpdateProfileMutation } from './api.ts';
import { refusalCode, refusalText } from './errors.ts';

export type ContactKind = 'email' | 'mobileNo';

/** spec 001 §9 "OTP-resent message disappears after 5000 ms". */
export const RESENT_MESSAGE_MS = 5000;

const COPY = {
  email: {
    title: (adding: boolean) => (adding ? 'Add your email address' : 'Change your email address'),
    newStep: 'New email',
    field: 'New email address',
    hint: 'We’ll send a one-time password (OTP) to this address to confirm it’s yours.',
    invalid: SSO_ERRORS.invalidEmail.message as string,
    resent: EMAIL_OTP_MESSAGES.resent,
    other: 'Use a different email address',
  },
  mobileNo: {
    title: () => 'Change your mobile number',
    newStep: 'New number',
    field: 'New mobile number',
    hint: 'We’ll send a one-time password (OTP) by SMS to this number. You’ll sign in with it from now on.',
    invalid: SSO_ERRORS.invalidMobileNumber.message as string,
    resent: OTP_MESSAGES.resent,
    other: 'Use a different number',
  },
} as const;

/**
 * The steps of a change: prove the current number (a code to it), then type the new one, then the
 * code sent to the new one. `confirm` and `enter` are forms; the `…Code` steps show an OTP field.
 */
type Step = 'confirm' | 'confirmCode' | 'enter' | 'enterCode';

function secondsLeft(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** "Step 2 of 3": where the customer is in the change, for eyes and for screen readers. */
function Progress({ step, newStep }: { step: Step; newStep: string }) {
  const at = step === 'confirm' || step === 'confirmCode' ? 0 : step === 'enter' ? 1 : 2;
  const labels = ['Confirm it’s you', newStep, 'Verify'];
  return (
    <ol className="profile-steps" aria-label={`Step ${at + 1} of 3`}>
      {labels.map((label, index) => (
        <li
          key={label}
          className={index < at ? 'is-done' : index === at ? 'is-current' : undefined}
          aria-current={index === at ? 'step' : undefined}
        >
          <span className="profile-steps-mark" aria-hidden="true">
            {index < at ? '✓' : index + 1}
          </span>
          <span>{label}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Changing the email or mobile number. First the customer confirms it's them with an OTP to the
 * CURRENT number (the server's `reauthenticate` step: an access token alone must not move the
 * number that signs in, ASVS 5.0 V7.5.1); then the new one and the OTP sent to it. Only a verified
 * code replaces the old identifier; the spec 001 §5 texts say what went wrong, and the resend link
 * counts down (spec 001 §4 "resend with a countdown"). When the confirmation has lapsed (it lasts 10
 * minutes) the dialog goes back to its first step and says why. `onVerified` receives the spec's
 * verified text and how many other devices were signed out.
 */
export function ContactChangeDialog({
  kind,
  customerId,
  currentFactor,
  adding = false,
  onClose,
  onVerified,
}: {
  kind: ContactKind;
  customerId: string;
  /** Where the confirmation code goes, masked as shown on the page ("+91 98******34"). */
  currentFactor: string;
  adding?: boolean;
  onClose: () => void;
  onVerified: (message: string, otherDevicesSignedOut: number) => void;
}) {
  const copy = COPY[kind];
  const [update, updating] = useUpdateProfileMutation();
  const [step, setStep] = useState<Step>('confirm');
  const [reauthToken, setReauthToken] = useState<string | null>(null);
  const [lapsed, setLapsed] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sent, setSent] = useState<(ContactOtpSent & { resendAt: number }) | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [, tick] = useState(0);
  const otpField = useRef<HTMLInputElement>(null);
  const newField = useRef<HTMLInputElement>(null);

  // The resend countdown, one tick a second while it runs.
  useEffect(() => {
    if (!sent) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [sent]);
  // spec 001 §9: the re-sent message goes after 5 s.
  useEffect(() => {
    if (notice !== OTP_MESSAGES.resent && notice !== EMAIL_OTP_MESSAGES.resent) return;
    const timer = setTimeout(() => setNotice(null), RESENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const confirming = step === 'confirm' || step === 'confirmCode';
  const newValue = () => (kind === 'email' ? value.trim() : value.replace(/\s+/g, ''));
  const body = (otp?: string): CustomerProfileUpdateBody => {
    const withCode = otp ? { otp } : {};
    if (confirming) return { updateType: 'reauthenticate', customerId, ...withCode };
    const proof = reauthToken ? { reauthToken } : {};
    return kind === 'email'
      ? { updateType: 'email', customerId, email: newValue(), ...proof, ...withCode }
      : { updateType: 'mobileNo', customerId, mobileNo: newValue(), ...proof, ...withCode };
  };

  /** The confirmation lapsed (10 minutes) or belongs to another session: back to the first step. */
  function startOver() {
    setReauthToken(null);
    setSent(null);
    setNotice(null);
    setCode('');
    setCodeError(null);
    setFieldError(null);
    setLapsed(true);
    setStep('confirm');
  }

  function codeSent(answer: { message: string; otp: ContactOtpSent }) {
    setSent({ ...answer.otp, resendAt: Date.now() + answer.otp.resendAfterSeconds * 1000 });
    // The first send is said in the OTP field's hint; a resend in the spec's words (spec 001 §5).
    setNotice(answer.otp.resent ? answer.message : null);
    setCode('');
    queueMicrotask(() => otpField.current?.focus());
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!confirming) {
      // spec 001 §5: the loose and the strict email rule (the server checks them again).
      const valid = kind === 'email' ? isAcceptableEmail(value) : isIndianMobileNumber(newValue());
      if (!valid) {
        setFieldError(copy.invalid);
        return;
      }
    }
    setFieldError(null);
    setCodeError(null);
    try {
      const answer = await update(body()).unwrap();
      if (answer.outcome !== 'otpSent') return;
      setLapsed(false);
      codeSent(answer);
      setStep(confirming ? 'confirmCode' : 'enterCode');
    } catch (error) {
      if (refusalCode(error) === 'reauthenticationRequired') startOver();
      else if (sent) setCodeError(refusalText(error));
      else setFieldError(refusalText(error));
    }
  }

  async function verify(event?: FormEvent, entered = code) {
    event?.preventDefault();
    if (entered.length !== (sent?.otpLength ?? 6)) {
      setCodeError('Please enter the 6-digit OTP');
      return;
    }
    setCodeError(null);
    try {
      const answer = await update(body(entered)).unwrap();
      if (answer.outcome === 'reauthenticated') {
        setReauthToken(answer.reauthToken);
        setSent(null);
        setCode('');
        setNotice(null);
        setStep('enter');
        queueMicrotask(() => newField.current?.focus());
      } else if (answer.outcome === 'verified') {
        onVerified(answer.message, answer.otherDevicesSignedOut);
      }
    } catch (error) {
      if (refusalCode(error) === 'reauthenticationRequired') startOver();
      else setCodeError(refusalText(error));
    }
  }

  const wait = sent ? secondsLeft(sent.resendAt) : 0;
  const formId = `contact-${kind}`;
  const codeStep = step === 'confirmCode' || step === 'enterCode';
  const primary = {
    confirm: ['Send OTP', 'Sending OTP…'],
    confirmCode: ['Confirm', 'Confirming…'],
    enter: ['Send OTP', 'Sending OTP…'],
    enterCode: ['Verify', 'Verifying…'],
  }[step];

  return (
    <Dialog
      title={copy.title(adding)}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={updating.isLoading} loadingLabel={primary[1]}>
            {primary[0]}
          </Button>
        </>
      }
    >
      <Progress step={step} newStep={copy.newStep} />
      {step === 'confirm' ? (
        <form id={formId} className="profile-dialog-form" onSubmit={(event) => void send(event)} noValidate>
          {lapsed ? (
            <Alert tone="warning" title="Please confirm it’s you again">
              <p>Your confirmation lasts 10 minutes, and it has run out. It only takes a moment.</p>
            </Alert>
          ) : null}
          <div className="profile-reauth">
            <span className="profile-reauth-icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                <path
                  d="M12 2.5 4.5 5.4v5.9c0 4.6 3.1 8.7 7.5 10.2 4.4-1.5 7.5-5.6 7.5-10.2V5.4L12 2.5Z"
                  fill="currentColor"
                  opacity=".14"
                />
                <path
                  d="M12 2.5 4.5 5.4v5.9c0 4.6 3.1 8.7 7.5 10.2 4.4-1.5 7.5-5.6 7.5-10.2V5.4L12 2.5Z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinejoin="round"
                />
                <path
                  d="m8.6 12.2 2.3 2.3 4.5-4.6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <div>
              <p className="profile-reauth-title">First, let’s confirm it’s you</p>
              <p className="profile-reauth-text">
                To keep your account safe, we’ll send a one-time password (OTP) to <strong>{currentFactor}</strong>{' '}
                before you {adding ? 'add' : 'change'} your {kind === 'email' ? 'email address' : 'mobile number'}.
              </p>
            </div>
          </div>
          {fieldError ? (
            <Alert tone="error" live="alert">
              <p>{fieldError}</p>
            </Alert>
          ) : null}
        </form>
      ) : step === 'enter' ? (
        <form id={formId} className="profile-dialog-form" onSubmit={(event) => void send(event)} noValidate>
          <p className="profile-dialog-confirmed" role="status">
            Thanks, you’re confirmed.
          </p>
          <TextField
            ref={newField}
            label={copy.field}
            hint={copy.hint}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setFieldError(null);
            }}
            error={fieldError ?? undefined}
            {...(kind === 'email'
              ? { type: 'email', autoComplete: 'email', inputMode: 'email' as const }
              : {
                  type: 'tel',
                  autoComplete: 'tel-national',
                  inputMode: 'numeric' as const,
                  prefix: '+91',
                  maxLength: 10,
                })}
          />
        </form>
      ) : codeStep && sent ? (
        <form id={formId} className="profile-dialog-form" onSubmit={(event) => void verify(event)} noValidate>
          <OtpInput
            ref={otpField}
            label="OTP"
            hint={
              <>
                Enter the {sent.otpLength}-digit OTP sent to <strong>{sent.sentTo}</strong>. It is valid for{' '}
                {Math.round(sent.expiresInSeconds / 60)} minutes.
              </>
            }
            length={sent.otpLength}
            value={code}
            onChange={setCode}
            onComplete={(digits) => void verify(undefined, digits)}
            error={codeError ?? undefined}
          />
          <div className="profile-dialog-row">
            <p role="status" className="profile-dialog-notice">
              {notice}
            </p>
            {wait > 0 ? (
              <span className="ma-muted">Resend OTP in 0:{String(wait).padStart(2, '0')}</span>
            ) : (
              <Button variant="link" size="sm" onClick={() => void send()} disabled={updating.isLoading}>
                Resend OTP
              </Button>
            )}
          </div>
          {step === 'enterCode' ? (
            <Button
              variant="link"
              size="sm"
              onClick={() => {
                setSent(null);
                setNotice(null);
                setCodeError(null);
                setStep('enter');
              }}
            >
              {copy.other}
            </Button>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
