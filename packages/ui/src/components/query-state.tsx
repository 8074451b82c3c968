import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Skeleton, SkeletonGroup } from './skeleton.tsx';

/** What QueryState reads of a query (RTK Query's and TanStack Query's results both fit). */
export interface QueryLike<T> {
  isLoading: boolean;
  isError: boolean;
  data?: T | undefined;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Said to screen readers while loading ("Loading your devices…"). */
  loadingLabel: string;
  /** The widths of the lines of text that stand in while loading. */
  lines?: readonly string[];
  /** Other placeholders instead of the lines (blocks, a chart). */
  skeleton?: ReactNode;
  /** Class of the loading placeholders' group. */
  loadingClassName?: string;
  /** The error's title ("We couldn’t load your devices"); the alert offers to try again. */
  errorTitle: string;
  /** When the answer has nothing to show, `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The four states of content fetched for a screen: placeholders while loading, an error that can be
 * retried, an empty state, and the content. A failed or missing answer is the error state.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  lines = ['55%', '40%'],
  skeleton,
  loadingClassName,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isLoading) {
    return (
      <SkeletonGroup label={loadingLabel} className={loadingClassName}>
        {skeleton ?? lines.map((width, index) => <Skeleton key={index} shape="text" width={width} />)}
      </SkeletonGroup>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Alert tone="error" title={errorTitle}>
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
