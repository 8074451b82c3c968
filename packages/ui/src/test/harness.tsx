import { useState } from 'react';
import { BottomSheet } from '../components/bottom-sheet.tsx';
import { Modal, type ModalCloseReason } from '../components/modal.tsx';
import { OtpInput } from '../components/otp-input.tsx';

/** Test harnesses that need JSX and state; the tests themselves are .test.ts files (vitest's include). */

export function ModalHarness({
  onClose,
  sheet = false,
}: {
  onClose?: (reason: ModalCloseReason) => void;
  sheet?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = (reason: ModalCloseReason) => {
    onClose?.(reason);
    setOpen(false);
  };
  const Dialog = sheet ? BottomSheet : Modal;
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Withdraw consent
      </button>
      {open ? (
        <Dialog
          title="Withdraw your consent?"
          description="We will stop using your data for this service."
          onClose={close}
          actions={
            <>
              <button type="button" onClick={() => close('close-button')}>
                Keep consent
              </button>
              <button type="button">Withdraw</button>
            </>
          }
        >
          <a href="#terms">Read the terms</a>
        </Dialog>
      ) : null}
    </main>
  );
}

export function OtpHarness({ onComplete, length = 6 }: { onComplete?: (value: string) => void; length?: number }) {
  const [value, setValue] = useState('');
  return (
    <OtpInput
      id="otp"
      label="One-time password (OTP)"
      hint="Enter the 6-digit code from the SMS"
      length={length}
      value={value}
      onChange={setValue}
      onComplete={onComplete}
    />
  );
}
