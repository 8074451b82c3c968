import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@pravesh/ui';

/** spec 001 §8 generic user message. */
export const GENERIC_ERROR = 'Something went wrong! Please try again later';

/**
 * The error page: every route's error fallback (spec 001 §2), shown after a lazy screen failed
 * even after its one reload (§4). Works without the store or the shell, which may be what failed.
 */
export function ErrorPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="ma-error">
      <div className="ma-error-card">
        <svg className="ma-error-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="28" fill="var(--pv-color-warning-soft)" />
          <path d="M32 18v18M32 44h.01" stroke="var(--pv-color-warning)" strokeWidth="5" strokeLinecap="round" />
        </svg>
        <h1 className="ma-page-title" tabIndex={-1} ref={heading}>
          {GENERIC_ERROR}
        </h1>
        <p>We couldn’t open this page just now. Your account and data are safe.</p>
        <div className="ma-error-actions">
          <Button onClick={() => location.reload()}>Try again</Button>
          <Link className="pv-button pv-button--secondary" to="/dashboard">
            <span>Go to dashboard</span>
          </Link>
        </div>
      </div>
    </main>
  );
}
