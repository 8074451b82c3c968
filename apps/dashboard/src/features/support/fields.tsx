import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { ErrorIcon, cx } from '@pravesh/ui';

/**
 * A select and a text area with the field look and wiring of @pravesh/ui's TextField (label, hint
 * and error tied to the control with aria-describedby and aria-invalid), which has no such controls.
 */
interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('pv-field', Boolean(error) && 'pv-field--invalid', className)}>
      <label className="pv-field-label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="pv-field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="pv-field-control">{children(describedBy)}</div>
      {error ? (
        <p className="pv-field-error" id={errorId} role="alert">
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: ReactNode };

export function SelectField({
  label,
  hint,
  error,
  className,
  id,
  ref,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'aria-describedby'> & { ref?: Ref<HTMLSelectElement> }) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame id={selectId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <select
          {...select}
          ref={ref}
          id={selectId}
          className="pv-field-input sup-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  id,
  ref,
  ...area
}: Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-describedby'> & { ref?: Ref<HTMLTextAreaElement> }) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <FieldFrame id={areaId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <textarea
          {...area}
          ref={ref}
          id={areaId}
          className="pv-field-input sup-textarea"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
