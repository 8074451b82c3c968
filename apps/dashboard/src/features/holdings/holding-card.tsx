import type { ReactNode } from 'react';
import { Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
import { formatRupees } from '../../lib/format.ts';

/** spec 001 §5 amount display (0 decimals, Indian grouping) of an amount in paise. */
export const rupees = (paise: number) => formatRupees(paise / 100);

/** Only http(s) links leave the page. */
const safeLink = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : undefined);

const ICONS = {
  funds: 'M4 19.5h16M6 16l4-5 3 3 5-7M15 7h3v3',
  wallet: 'M12 3.5 19 6v5.5c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6Zm-3 8.5 2 2 4-4',
  loan: 'M3 9.5 12 4l9 5.5M4.5 10v8M9 10v8M15 10v8M19.5 10v8M3 20h18',
} as const;
export type HoldingIcon = keyof typeof ICONS;

/**
 * One banner of the holdings section: an article named by its heading, with the product's icon,
 * an optional status badge, its body and its way out to the product's site. Loading, error and
 * empty are the bodies below, so the three banners share one look.
 */
export function HoldingCard(props: {
  id: string;
  title: string;
  icon: HoldingIcon;
  badge?: { text: string; tone: 'success' | 'warning' | 'danger' | 'neutral' } | undefined;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = `${props.id}-title`;
  return (
    <article className="hold-card" aria-labelledby={headingId}>
      <div className="hold-card-head">
        <span className="hold-card-icon" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d={ICONS[props.icon]} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h3 id={headingId}>{props.title}</h3>
        {props.badge ? <span className={`hold-badge hold-badge--${props.badge.tone}`}>{props.badge.text}</span> : null}
      </div>
      <div className="hold-card-body">{props.children}</div>
      {props.action ? <div className="hold-card-foot">{props.action}</div> : null}
    </article>
  );
}

export function CardLoading({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} className="ma-stack">
      <Skeleton shape="text" width="45%" />
      <Skeleton shape="text" width="80%" height={28} />
      <Skeleton shape="text" width="65%" />
    </SkeletonGroup>
  );
}

/** A banner whose call failed: says what is missing and offers another try, in place. */
export function CardError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="hold-state" role="status">
      <p>We couldn’t load {what} just now.</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again<span className="pv-visually-hidden"> to load {what}</span>
      </Button>
    </div>
  );
}

/** A link to the product's site, styled as a button; nothing when the site has no address. */
export function ProductLink({
  href,
  label,
  hidden,
  primary = false,
  track,
}: {
  href: string | null;
  label: string;
  /** Said to screen readers after the label, so each banner's link has its own name. */
  hidden?: string;
  primary?: boolean;
  track: string;
}) {
  const services = useServices();
  const url = safeLink(href);
  if (!url) return null;
  return (
    <a
      className={`pv-button pv-button--${primary ? 'primary' : 'secondary'} pv-button--sm`}
      href={url}
      onClick={() =>
        services.analytics.track({ action: 'clicked', category: 'holdings', label: track, page: 'dashboard' })
      }
    >
      <span>
        {label}
        {hidden ? <span className="pv-visually-hidden"> {hidden}</span> : null}
      </span>
    </a>
  );
}
