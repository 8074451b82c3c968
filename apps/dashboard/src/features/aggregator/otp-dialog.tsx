import { useEffect, useRef, useState } from 'react';
import { aggregatorBank } from '@pravesh/core/aggregator/banks.ts';
import { OTP_MESSAGES, OTP_RESEND_AFTER_SECONDS } from '@pravesh/core/sso/constants.ts';
import { Button, OtpInput } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { accountsLinked, otpModalClosed, otpModalOpened } from './finvu-slice.ts';
import { maskMobile } from '../../lib/format.ts';
import { Dialog } from '../../layout/modal-rules.tsx';
import { codeOf, useConfirmLinkMutation, useLinkMutation } from './api.ts';
import { otpMessage } from './messages.ts';
import { useTimers } from './timers.ts';

/** spec 001 §9 "OTP-resent message disappears after 5000 ms". */
export const RESENT_MESSAGE_MS = 5000;

function useCountdown(seconds: number, restartKey: unknown): number {
  const timers = useTimers();
  const [left, setLeft] = useState(seconds);
  useEffect(() => setLeft(seconds), [seconds, restartKey]);
  useEffect(() => {
    if (left <= 0) return undefined;
    return timers.after(1000, () => setLeft((value) => value - 1));
  }, [left, timers]);
  return left;
}

/**
 * The bank's OTP (spec 001 §3 isOtpModal): 8 digits at dhanagarbank and KarurVysyaBank-FIP, 6 at
 * every other bank (spec 001 §9; the length comes with the link). Resend with a countdown; the
 * spec's texts for a wrong code, a code that needs resending, and a resent code (§5).
 */
export function OtpDialog({ mobileNo }: { mobileNo: string }) {
  const dispatch = useAppDispatch();
  const timers = useTimers();
  const data = useAppSelector((state) => state.finvu.AAConsentData);
  const [confirm, confirming] = useConfirmLinkMutation();
  const [link, resending] = useLinkMutation();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  // A code that can no longer be right (expired, too many tries) needs a new one now, not after the countdown.
  const [mustResend, setMustResend] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const left = useCountdown(OTP_RESEND_AFTER_SECONDS, data.link?.refNumber);
  const length = data.link?.otpLength ?? 6;
  const bankName = aggregatorBank(data.fipId ?? '')?.bankName ?? 'Your bank';

  useEffect(() => (resent ? timers.after(RESENT_MESSAGE_MS, () => setResent(false)) : undefined), [resent, timers]);

  async function verify(code = otp) {
    if (!data.link) return;
    if (code.length !== length) {
      setError(`Enter the ${length}-digit OTP from ${bankName}.`);
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      const linked = await confirm({ refNumber: data.link.refNumber, otp: code }).unwrap();
      dispatch(accountsLinked(linked.accounts));
    } catch (failure) {
      setError(otpMessage(failure));
      setMustResend(codeOf(failure) !== 'otpIncorrect');
      input.current?.focus();
    }
  }

  async function resend() {
    if (!data.consent || !data.fipId) return;
    setError(null);
    setOtp('');
    try {
      const started = await link({
        consentHandle: data.consent.consentHandle,
        fipId: data.fipId,
        accRefNumbers: data.selectedAccRefs,
      }).unwrap();
      dispatch(otpModalOpened(started));
      setMustResend(false);
      setResent(true);
      input.current?.focus();
    } catch (failure) {
      setError(otpMessage(failure));
    }
  }

  return (
    <Dialog
      title={`Enter the OTP from ${bankName}`}
      description={`${bankName} has sent ${length === 8 ? 'an' : 'a'} ${length}-digit OTP to ${maskMobile(mobileNo)} to confirm linking your ${data.selectedAccRefs.length > 1 ? 'accounts' : 'account'}.`}
      onClose={() => dispatch(otpModalClosed())}
      closeOnOverlay={false}
      initialFocus={input}
      className="ma-aa-otp-dialog"
      actions={
        <Button block onClick={() => void verify()} loading={confirming.isLoading} loadingLabel="Verifying…">
          Verify and link
        </Button>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <OtpInput
          ref={input}
          label={`${length}-digit OTP`}
          length={length}
          value={otp}
          onChange={(value) => {
            setOtp(value);
            if (error) setError(null);
          }}
          onComplete={(value) => void verify(value)}
          error={error ?? undefined}
        />
      </form>
      <p className="ma-aa-resend">
        {left > 0 && !mustResend ? (
          <span>
            Didn’t get it? You can resend the OTP in <span aria-hidden="true">0:{String(left).padStart(2, '0')}</span>
            <span className="pv-visually-hidden">{left} seconds</span>
          </span>
        ) : (
          <Button variant="link" size="sm" onClick={() => void resend()} loading={resending.isLoading}>
            Resend OTP
          </Button>
        )}
      </p>
      <p className="ma-aa-resent" role="status">
        {resent ? OTP_MESSAGES.resent : ''}
      </p>
    </Dialog>
  );
}
