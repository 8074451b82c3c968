import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  /**
   * A call is in flight: shows a spinner and `busyLabel` and ignores clicks. aria-disabled rather
   * than disabled, so the button keeps keyboard focus while it works.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  children,
  className,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const guarded = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type === 'submit' ? 'submit' : type === 'reset' ? 'reset' : 'button'}
      className={`button button--${variant}${className ? ` ${className}` : ''}`}
      onClick={guarded}
      aria-disabled={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}
