import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './class-names.ts';

/** The error mark shown before a field's error text. */
export function ErrorIcon({ className = 'pv-field-error-icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M8 4.2v4.6M8 10.9v.9" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  id?: string | undefined;
  label: ReactNode;
  /** Always-visible help, announced with the field. */
  hint?: ReactNode;
  /** The field's error: shown under it, announced, tied with aria-describedby and aria-invalid. */
  error?: ReactNode;
  className?: string | undefined;
  /** Class of the control row (.pv-field-control) as well. */
  controlClassName?: string | undefined;
  /** The label's id, for a control that is also labelled from elsewhere (a combobox's listbox). */
  labelId?: string | undefined;
}

export interface FieldProps extends FieldFrameProps {
  /** Fixed text shown before the control (the +91 of a mobile number); not read out. */
  prefix?: ReactNode;
  /** Controls at the end of the control row (a show-password toggle). */
  trailing?: ReactNode;
  /**
   * The control renders its own row instead of .pv-field-control (the OTP boxes, the combobox with
   * its popup); prefix and trailing are then the control's own business.
   */
  bare?: boolean;
  /** The control itself, given the id and ARIA wiring to spread on it. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * The frame of every form field: a label, an optional hint, the control, and an error that is
 * announced and tied to the control (aria-describedby, aria-invalid), so assistive technology reads
 * the hint and the error with the field (WCAG 2.2 SC 1.3.1, 3.3.1).
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  controlClassName,
  labelId,
  prefix,
  trailing,
  bare = false,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControl = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={cx('pv-field', Boolean(error) && 'pv-field--invalid', className)}>
      <label className="pv-field-label" id={labelId} htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <p className="pv-field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {bare ? (
        children(control)
      ) : (
        <div className={cx('pv-field-control', controlClassName)}>
          {prefix ? (
            <span className="pv-field-prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          {children(control)}
          {trailing}
        </div>
      )}
      {error ? (
        <p className="pv-field-error" id={errorId} role="alert">
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

export type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'aria-describedby' | 'id' | 'className'> & {
    /** Class of the <select> itself. */
    inputClassName?: string;
    ref?: Ref<HTMLSelectElement>;
  };

/** A labelled select in the field frame. */
export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  controlClassName,
  inputClassName,
  ref,
  ...select
}: SelectFieldProps) {
  return (
    <Field {...{ id, label, hint, error, className, controlClassName }}>
      {(control) => <select {...select} {...control} ref={ref} className={cx('pv-field-input', inputClassName)} />}
    </Field>
  );
}

export type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-describedby' | 'id' | 'className'> & {
    /** Class of the <textarea> itself. */
    inputClassName?: string;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled text area in the field frame. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  className,
  controlClassName,
  inputClassName,
  ref,
  ...area
}: TextAreaFieldProps) {
  return (
    <Field {...{ id, label, hint, error, className, controlClassName }}>
      {(control) => <textarea {...area} {...control} ref={ref} className={cx('pv-field-input', inputClassName)} />}
    </Field>
  );
}
