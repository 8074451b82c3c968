import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, OtpInput, TextField } from '@pravesh/ui';
import { EMAIL_OTP_MESSAGES, OTP_MESSAGES, isIndianMobileNumber } from '@pravesh/core/sso/constants.ts';
import { SSO_ERRORS } from '@pravesh/core/sso/errors.ts';
import { isAcceptableEmail } from '@pravesh/core/profile/rules.ts';
import type { ContactOtpSent } from '@pravesh/core/profile/schemas.ts';
import { Dialog } from '../layout/modal-rules.tsx';
import { useUpdateProfileMutation } from './api.ts';
import { refusalText } from './errors.ts';

export type ContactKind = 'email' | 'mobileNo';

/** spec 001 §9 "OTP-resent message disappears after 5000 ms". */
export const RESENT_MESSAGE_MS = 5000;

const COPY = {
  email: {
    title: (adding: boolean) => (adding ? 'Add your email address' : 'Change your email address'),
    field: 'New email address',
    hint: 'We’ll send a one-time password (OTP) to this address to confirm it’s yours.',
    invalid: SSO_ERRORS.invalidEmail.message as string,
    resent: EMAIL_OTP_MESSAGES.resent,
  },
  mobileNo: {
    title: () => 'Change your mobile number',
    field: 'New mobile number',
    hint: 'We’ll send a one-time password (OTP) by SMS to this number. You’ll sign in with it from now on.',
    invalid: SSO_ERRORS.invalidMobileNumber.message as string,
    resent: OTP_MESSAGES.resent,
  },
} as const;

function secondsLeft(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * Changing the email or mobile number (issue 16 §2): the new one first, then the OTP the server
 * sends to it (not to the old one). Only a verified code replaces the old identifier; the spec 001
 * §5 texts say what went wrong, and the resend link counts down (spec 001 §4 "resend with a
 * countdown"). `onVerified` receives the spec's verified text.
 */
export function ContactChangeDialog({
  kind,
  customerId,
  adding = false,
  onClose,
  onVerified,
}: {
  kind: ContactKind;
  customerId: string;
  adding?: boolean;
  onClose: () => void;
  onVerified: (message: string) => void;
}) {
  const copy = COPY[kind];
  const [update, updating] = useUpdateProfileMutation();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sent, setSent] = useState<(ContactOtpSent & { resendAt: number }) | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [, tick] = useState(0);
  const otpField = useRef<HTMLInputElement>(null);

  // The resend countdown, one tick a second while it runs.
  useEffect(() => {
    if (!sent) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [sent]);
  // spec 001 §9: the re-sent message goes after 5 s.
  useEffect(() => {
    if (notice !== copy.resent) return;
    const timer = setTimeout(() => setNotice(null), RESENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice, copy.resent]);

  const body = (otp?: string) =>
    kind === 'email'
      ? ({ updateType: 'email', customerId, email: value.trim(), ...(otp ? { otp } : {}) } as const)
      : ({ updateType: 'mobileNo', customerId, mobileNo: value.replace(/\s+/g, ''), ...(otp ? { otp } : {}) } as const);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    // spec 001 §5: the loose and the strict email rule (the server checks them again).
    const valid = kind === 'email' ? isAcceptableEmail(value) : isIndianMobileNumber(value.replace(/\s+/g, ''));
    if (!valid) {
      setFieldError(copy.invalid);
      return;
    }
    setFieldError(null);
    setCodeError(null);
    try {
      const answer = await update(body()).unwrap();
      if (answer.outcome !== 'otpSent') return;
      setSent({ ...answer.otp, resendAt: Date.now() + answer.otp.resendAfterSeconds * 1000 });
      // The first send is said in the OTP field's hint; a resend in the spec's words (spec 001 §5).
      setNotice(answer.otp.resent ? answer.message : null);
      setCode('');
      queueMicrotask(() => otpField.current?.focus());
    } catch (error) {
      if (sent) setCodeError(refusalText(error));
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
      if (answer.outcome === 'verified') onVerified(answer.message);
    } catch (error) {
      setCodeError(refusalText(error));
    }
  }

  const wait = sent ? secondsLeft(sent.resendAt) : 0;
  const formId = `contact-${kind}`;
  return (
    <Dialog
      title={copy.title(adding)}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={updating.isLoading}
            loadingLabel={sent ? 'Verifying…' : 'Sending OTP…'}
          >
            {sent ? 'Verify' : 'Send OTP'}
          </Button>
        </>
      }
    >
      {sent ? (
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
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setSent(null);
              setNotice(null);
              setCodeError(null);
            }}
          >
            {kind === 'email' ? 'Use a different email address' : 'Use a different number'}
          </Button>
        </form>
      ) : (
        <form id={formId} className="profile-dialog-form" onSubmit={(event) => void send(event)} noValidate>
          <TextField
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
      )}
    </Dialog>
  );
}
