import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './class-names.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-describedby' | 'prefix'> {
  label: ReactNode;
  /** Always-visible help, announced with the field. */
  hint?: ReactNode;
  /** The field's error: shown under it, announced, tied with aria-describedby and aria-invalid. */
  error?: ReactNode;
  /** Fixed text shown before the input (the +91 of a mobile number); not read out. */
  prefix?: ReactNode;
  /** Controls at the end of the input row (a show-password toggle). */
  trailing?: ReactNode;
  /** Class of the <input> itself (the wrapper is .pv-field). */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The error mark shown before a field's error text. */
export function ErrorIcon({ className = 'pv-field-error-icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 4.2v4.6M8 10.9v.9" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({
  id,
  label,
  hint,
  error,
  prefix,
  trailing,
  className,
  inputClassName,
  ref,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('pv-field', Boolean(error) && 'pv-field--invalid', className)}>
      <label className="pv-field-label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="pv-field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="pv-field-control">
        {prefix ? (
          <span className="pv-field-prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          {...input}
          ref={ref}
          id={inputId}
          className={cx('pv-field-input', inputClassName)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {error ? (
        <p className="pv-field-error" id={errorId} role="alert">
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
