import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from './class-names.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * How it is announced. Default: errors and warnings interrupt (role=alert), news waits its turn
   * (role=status); `none` for a message already on screen that needs no announcing.
   */
  live?: 'alert' | 'status' | 'none';
  id?: string;
  className?: string;
  /** Extra content at the end of the row (a close button). */
  trailing?: ReactNode;
}

const ICON_PATHS: Record<AlertTone, ReactNode> = {
  info: <path d="M10 9v5M10 6.2v.6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />,
  success: (
    <path
      d="M6 10.5l2.6 2.6L14 7.6"
      fill="none"
      stroke="#fff"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  warning: <path d="M10 5.6v5.2M10 13.6v.6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />,
  error: <path d="M10 5.6v5.2M10 13.6v.6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />,
};

function AlertIcon({ tone }: { tone: AlertTone }) {
  return (
    <svg className="pv-alert-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      {ICON_PATHS[tone]}
    </svg>
  );
}

/** A message in a coloured box: an error, a warning, a success or a piece of information. */
export function Alert({ tone = 'info', title, children, live, id, className, trailing }: AlertProps) {
  const role = live ?? (tone === 'error' || tone === 'warning' ? 'alert' : 'status');
  return (
    <div id={id} className={cx('pv-alert', `pv-alert--${tone}`, className)} role={role === 'none' ? undefined : role}>
      <AlertIcon tone={tone} />
      <div className="pv-alert-body">
        {title ? <strong className="pv-alert-title">{title}</strong> : null}
        {children ? <span>{children}</span> : null}
      </div>
      {trailing}
    </div>
  );
}

export interface ToastProps extends Omit<AlertProps, 'trailing' | 'live'> {
  /** Removes the toast (the caller unmounts it): after `duration` ms, or on its close button. */
  onDismiss: () => void;
  /** ms before it dismisses itself; `null` keeps it until closed. Errors stay unless told. */
  duration?: number | null;
  dismissLabel?: string;
}

/**
 * A short-lived message in a ToastRegion. It announces itself as an Alert does; it pauses its
 * timer while hovered or focused (WCAG 2.2.1), and errors stay until dismissed.
 */
export function Toast({ onDismiss, duration, dismissLabel = 'Dismiss', className, ...alert }: ToastProps) {
  const wait = duration === undefined ? (alert.tone === 'error' ? null : 6000) : duration;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;
  const start = () => {
    if (wait === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onDismissRef.current(), wait);
  };
  const pause = () => clearTimeout(timer.current);
  useEffect(() => {
    start();
    return pause;
  }, [wait]);
  return (
    <div onMouseEnter={pause} onMouseLeave={start} onFocus={pause} onBlur={start} className="pv-toast">
      <Alert
        {...alert}
        className={className}
        trailing={
          <button
            type="button"
            className="pv-toast-close"
            aria-label={dismissLabel}
            onClick={() => onDismissRef.current()}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        }
      />
    </div>
  );
}

/** Where toasts stack (bottom of the viewport); keep it mounted so live announcements are reliable. */
export function ToastRegion({ children, label = 'Notifications' }: { children?: ReactNode; label?: string }) {
  return (
    <section className="pv-toast-region" aria-label={label}>
      {children}
    </section>
  );
}
