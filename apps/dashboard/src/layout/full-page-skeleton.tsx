import { Skeleton, SkeletonGroup } from '@pravesh/ui';

/** spec 001 §2 "While loading, a full-page skeleton is shown": the shell's shape, nothing to read yet. */
export function FullPageSkeleton({ label = 'Opening your account…' }: { label?: string }) {
  return (
    <SkeletonGroup label={label} className="ma-skeleton-page">
      <div className="ma-skeleton-header">
        <Skeleton width={132} height={28} />
        <Skeleton width={96} height={32} />
      </div>
      <div className="ma-skeleton-body">
        <div className="ma-skeleton-sidebar">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} height={20} width="80%" />
          ))}
        </div>
        <div className="ma-skeleton-main">
          <Skeleton width="40%" height={26} />
          <Skeleton width="65%" height={16} />
          <div className="ma-skeleton-cards">
            <Skeleton height={180} />
            <Skeleton height={180} />
          </div>
          <Skeleton height={120} />
        </div>
      </div>
    </SkeletonGroup>
  );
}
