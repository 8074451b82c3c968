import { useRef, useState } from 'react';
import { BottomSheet, type SheetChangeReason } from '../components/bottom-sheet.tsx';
import { Combobox, filterOptions } from '../components/combobox.tsx';
import type { SheetSnap } from '../components/sheet-gesture.ts';
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

/** A snapping sheet driven the way the nudge widget drives it: the page keeps the snap. */
export function SnapSheetHarness({
  initial = 'peek',
  onSnapChange,
  rows = 3,
}: {
  initial?: SheetSnap;
  onSnapChange?: (next: SheetSnap, reason: SheetChangeReason) => void;
  rows?: number;
}) {
  const [snap, setSnap] = useState<SheetSnap>(initial);
  const launcher = useRef<HTMLButtonElement>(null);
  return (
    <>
      <main>
        <h1>Personal loans</h1>
        <button type="button" ref={launcher} onClick={() => setSnap('open')}>
          See your offers
        </button>
      </main>
      <BottomSheet
        title="Your credit snapshot"
        snap={snap}
        onSnapChange={(next, reason) => {
          onSnapChange?.(next, reason);
          setSnap(next);
        }}
        expandLabel="Show all offers"
        collapseLabel="Show fewer offers"
        returnFocus={launcher}
        peek={
          <a href="#score" className="score-tile">
            CIBIL score 781, Excellent
          </a>
        }
      >
        {Array.from({ length: rows }, (_, index) => (
          <a key={index} href={`#offer-${index + 1}`}>
            Offer {index + 1}
          </a>
        ))}
      </BottomSheet>
    </>
  );
}

const CITIES = [
  { id: 1, label: 'Mumbai', description: 'Maharashtra' },
  { id: 2, label: 'Mysuru', description: 'Karnataka' },
  { id: 3, label: 'Madurai', description: 'Tamil Nadu' },
  { id: 4, label: 'Pune', description: 'Maharashtra' },
];

/** A city picker over a static list, inside a form whose submits are counted. */
export function ComboboxHarness({
  onSubmit,
  onChosen,
}: {
  onSubmit?: () => void;
  onChosen?: (label: string | null) => void;
}) {
  const [text, setText] = useState('');
  const [city, setCity] = useState<(typeof CITIES)[number] | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <Combobox
        label="City"
        hint="Where you live now"
        options={filterOptions(CITIES, text)}
        value={city}
        onInputChange={setText}
        onChange={(next) => {
          setCity(next);
          onChosen?.(next?.label ?? null);
        }}
        emptyMessage="No city matches"
      />
      <button type="submit">Save</button>
    </form>
  );
}
