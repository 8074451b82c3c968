import { cx } from './class-names.ts';

/** A decorative spinner: the control it sits in says what is happening, in words. */
export function Spinner({ large = false, className }: { large?: boolean; className?: string }) {
  return <span className={cx('pv-spinner', large && 'pv-spinner--large', className)} aria-hidden="true" />;
}
