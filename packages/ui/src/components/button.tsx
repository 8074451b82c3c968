import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { cx } from './class-names.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Full width of its container. */
  block?: boolean;
  /**
   * A call is in flight: shows a spinner and `loadingLabel`, and ignores clicks (a submit button
   * does not submit its form). aria-disabled rather than disabled, so the button keeps keyboard
   * focus while it works and screen readers still find it.
   */
  loading?: boolean;
  loadingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  loadingLabel,
  children,
  className,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const guarded = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type === 'submit' ? 'submit' : type === 'reset' ? 'reset' : 'button'}
      className={cx(
        'pv-button',
        `pv-button--${variant}`,
        size === 'sm' && 'pv-button--sm',
        block && 'pv-button--block',
        className,
      )}
      onClick={guarded}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner /> : null}
      <span>{loading && loadingLabel ? loadingLabel : children}</span>
    </button>
  );
}
