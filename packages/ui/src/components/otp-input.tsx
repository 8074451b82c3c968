import {
  useId,
  useState,
  type ClipboardEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cx } from './class-names.ts';
import { Field } from './field.tsx';

/** The first `length` digits in `text`: "Your OTP is 123 456." → "123456". */
export function otpDigitsOf(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

export interface OtpInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'maxLength' | 'aria-describedby' | 'prefix'
> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Number of digits; 6 unless told. */
  length?: number;
  value: string;
  /** Digits only, at most `length` of them. */
  onChange: (value: string) => void;
  /** Called when the last digit arrives (typed, pasted or autofilled). */
  onComplete?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A one-time-code field: ONE real input (autocomplete="one-time-code", numeric keyboard), so
 * SMS autofill, password managers, paste and screen readers see a single ordinary text box, drawn
 * as `length` boxes that show the digits and where the next one goes. Pasting a whole message
 * keeps its digits; the arrow keys move between boxes (the input's own caret); typing over a full
 * code replaces the digit at the caret.
 */
export function OtpInput({
  id,
  label,
  hint,
  error,
  length = 6,
  value,
  onChange,
  onComplete,
  className,
  ref,
  onKeyDown,
  onPaste,
  onSelect,
  onFocus,
  onBlur,
  ...input
}: OtpInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [caret, setCaret] = useState(value.length);

  const update = (next: string) => {
    const digits = otpDigitsOf(next, length);
    onChange(digits);
    if (digits.length === length && digits !== value) onComplete?.(digits);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    const pasted = otpDigitsOf(event.clipboardData.getData('text'), length);
    if (pasted === '') return;
    event.preventDefault();
    setCaret(pasted.length);
    update(pasted);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const element = event.currentTarget;
    const start = element.selectionStart ?? value.length;
    const collapsed = start === (element.selectionEnd ?? start);
    // A full code and a digit typed at the caret: it replaces the digit there, as a box would.
    if (/^\d$/.test(event.key) && value.length >= length && collapsed && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const at = Math.min(start, length - 1);
      const next = value.slice(0, at) + event.key + value.slice(at + 1);
      const position = Math.min(at + 1, length);
      setCaret(position);
      update(next);
      queueMicrotask(() => element.setSelectionRange(position, position));
    }
  };

  const active = Math.min(caret, value.length, length - 1);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} className={className} bare>
      {(control) => (
        <>
          <div
            className={cx('pv-otp', Boolean(error) && 'pv-otp--invalid')}
            style={{ ['--pv-otp-length' as string]: String(length) }}
          >
            <div className="pv-otp-boxes" aria-hidden="true">
              {Array.from({ length }, (_, index) => {
                const digit = value[index];
                return (
                  <span
                    key={index}
                    data-box={index}
                    className={cx(
                      'pv-otp-box',
                      digit === undefined ? 'pv-otp-box--empty' : 'pv-otp-box--filled',
                      index === active && 'pv-otp-box--active',
                    )}
                  >
                    {digit ?? ''}
                  </span>
                );
              })}
            </div>
            <input
              {...input}
              ref={ref}
              id={inputId}
              className="pv-otp-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              spellCheck={false}
              maxLength={length}
              value={value}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
              onChange={(event) => {
                setCaret(event.target.selectionStart ?? event.target.value.length);
                update(event.target.value);
              }}
              onPaste={handlePaste}
              onKeyDown={handleKeyDown}
              onSelect={(event) => {
                onSelect?.(event);
                setCaret(event.currentTarget.selectionStart ?? value.length);
              }}
              onFocus={(event) => {
                onFocus?.(event);
                setCaret(event.currentTarget.selectionStart ?? value.length);
              }}
              onBlur={onBlur}
            />
          </div>
        </>
      )}
    </Field>
  );
}
