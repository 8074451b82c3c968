import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './class-names.ts';
import { Field } from './field.tsx';

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
  return (
    <Field {...{ id, label, hint, error, prefix, trailing, className }}>
      {(control) => <input {...input} {...control} ref={ref} className={cx('pv-field-input', inputClassName)} />}
    </Field>
  );
}
