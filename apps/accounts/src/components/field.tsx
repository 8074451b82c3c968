import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby'> {
  id: string;
  label: string;
  /** Always-visible help, announced with the field. */
  hint?: ReactNode;
  /** The field's error; linked with aria-describedby and marked aria-invalid. */
  error?: string | undefined;
  /** Fixed text shown before the input (the +91 of a mobile number). */
  prefix?: string;
  /** Controls shown at the end of the input row (a show-password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function Field({ id, label, hint, error, prefix, trailing, className, ref, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="field-control">
        {prefix ? (
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          {...input}
          ref={ref}
          id={id}
          className={`field-input${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          <svg className="field-error-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4.2v4.6M8 10.9v.9" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
