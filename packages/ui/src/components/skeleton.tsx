import type { CSSProperties, ReactNode } from 'react';
import { cx } from './class-names.ts';

export interface SkeletonProps {
  shape?: 'text' | 'rect' | 'circle';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A grey placeholder where content is loading; hidden from assistive technology (see SkeletonGroup). */
export function Skeleton({ shape = 'rect', width, height, className }: SkeletonProps) {
  return (
    <span
      className={cx('pv-skeleton', shape !== 'rect' && `pv-skeleton--${shape}`, className)}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

/**
 * Placeholders standing in for one piece of content: the region is aria-busy and says in words
 * what is loading (a status message), so a screen reader hears "Loading your offers…", not nothing.
 */
export function SkeletonGroup({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="pv-visually-hidden" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
