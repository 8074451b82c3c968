import { useState, type MouseEvent } from 'react';
import { Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { SCORE_MAX, SCORE_MIN, type RecentActivityItem } from '@pravesh/core';
import { offerCountText, type OffersTile, type ScoreTile } from '@pravesh/sdk/nudge';
import { ArrowIcon, GaugeIcon, ProductIcon } from './icons.tsx';

/**
 * The three tiles of spec 000 §2 (credit score, pre-approved offers, "Recent Activity"), in the
 * order of spec 000 §3 (bureauTile, gucpaOffers, recentActivity). They only render: what each
 * shows is decided by the tile rules in @pravesh/sdk/nudge.
 */

/** Bureau names as customers know them. */
const BUREAU_NAMES: Record<string, string> = {
  CIBIL: 'CIBIL',
  EXPERIAN: 'Experian',
  HIGHMARK: 'CRIF High Mark',
  EQUIFAX: 'Equifax',
};

export const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
};

/** A tile's call to action: a link, which a signed-out visitor's click turns into sign-in first. */
export type TileAction = (event: MouseEvent<HTMLElement>, target: string) => void;

function Gauge({ score, colour }: { score: number; colour: string }) {
  // A 270° arc: the share of 300–900 the score covers, in the band's colour.
  const radius = 46;
  const arc = 2 * Math.PI * radius * 0.75;
  const share = (score - SCORE_MIN) / (SCORE_MAX - SCORE_MIN);
  return (
    <div className="gauge">
      <svg viewBox="0 0 112 112" aria-hidden="true" focusable="false">
        <circle
          cx="56"
          cy="56"
          r={radius}
          fill="none"
          stroke="var(--pv-color-line-soft)"
          strokeWidth="10"
          strokeDasharray={`${arc} 999`}
          strokeLinecap="round"
        />
        <circle
          cx="56"
          cy="56"
          r={radius}
          fill="none"
          stroke={colour}
          strokeWidth="10"
          strokeDasharray={`${arc * share} 999`}
          strokeLinecap="round"
        />
      </svg>
      <div className="gauge-value">
        <span className="gauge-score">{score}</span>
        <span className="gauge-scale">out of {SCORE_MAX}</span>
      </div>
    </div>
  );
}

const DELTA_TEXT = {
  up: (points: number) => `▲ ${points} pts`,
  down: (points: number) => `▼ ${Math.abs(points)} pts`,
  NoChange: () => 'No change',
};
const DELTA_SPOKEN = {
  up: (points: number) => `up ${points} points since your last check`,
  down: (points: number) => `down ${Math.abs(points)} points since your last check`,
  NoChange: () => 'no change since your last check',
};

export function ScoreTileView({
  tile,
  unavailable,
  loading,
  links,
  onAction,
  onGetScore = onAction,
  pulling = false,
}: {
  tile: ScoreTile;
  unavailable: boolean;
  loading: boolean;
  links: { creditReport: string };
  onAction: TileAction;
  /** "Check my score": consent, then the pull (signed in), else as onAction. */
  onGetScore?: TileAction;
  /** The pull is under way. */
  pulling?: boolean;
}) {
  if (loading) {
    return (
      <section className="tile" aria-labelledby="nudge-score-title">
        <h3 className="tile-title" id="nudge-score-title">
          Credit score
        </h3>
        <SkeletonGroup label="Loading your credit score…" className="score">
          <Skeleton shape="circle" width={96} height={96} />
          <span>
            <Skeleton shape="text" width="60%" />
            <Skeleton shape="text" width="80%" />
          </span>
        </SkeletonGroup>
      </section>
    );
  }
  if (tile.kind === 'getScore') {
    // spec 000 §8 names this tile "Get Credit Score for FREE" for both cases of no bureau data. A
    // customer the bureaus checked and found no file for (NO_HIT) is told so, and how a history
    // starts, instead of being promised a score a second check cannot produce.
    return (
      <section className="tile free" aria-labelledby="nudge-score-title" data-tile="bureauTile">
        <span className="free-icon">
          <GaugeIcon />
        </span>
        <div>
          <h3 className="tile-heading" id="nudge-score-title">
            Get Credit Score for FREE
          </h3>
          {tile.noHit ? (
            <>
              <p className="tile-text">
                The credit bureaus don’t hold a credit history for you yet, so there’s no score to show. A secured
                credit card or a small loan repaid on time starts one, and your free score appears here once it does.
              </p>
              <a
                className="row-link"
                href={links.creditReport}
                onClick={(event) => onAction(event, links.creditReport)}
              >
                How to start your credit history
              </a>
            </>
          ) : (
            <>
              <p className="tile-text">
                See your CIBIL and Experian scores in 2 minutes. Checking won’t lower your score.
              </p>
              <a
                className="pv-button pv-button--primary pv-button--sm"
                href={links.creditReport}
                aria-busy={pulling || undefined}
                onClick={(event) => onGetScore(event, links.creditReport)}
              >
                {pulling ? 'Fetching your score…' : 'Check my score'}
              </a>
            </>
          )}
        </div>
      </section>
    );
  }
  if (tile.kind === 'noScore') {
    return (
      <section className="tile free" aria-labelledby="nudge-score-title" data-tile="bureauTile">
        <span className="free-icon">
          <GaugeIcon />
        </span>
        <div>
          <h3 className="tile-heading" id="nudge-score-title">
            You’re new to credit
          </h3>
          <p className="tile-text">
            {BUREAU_NAMES[tile.bureau]} doesn’t have enough history to score you yet. A credit card used well builds it
            in about 6 months.
          </p>
          <a className="row-link" href={links.creditReport} onClick={(event) => onAction(event, links.creditReport)}>
            See how to build your score
          </a>
        </div>
      </section>
    );
  }
  const spoken = DELTA_SPOKEN[tile.delta](tile.change);
  return (
    <section className="tile" aria-labelledby="nudge-score-title" data-tile="bureauTile">
      <h3 className="tile-title" id="nudge-score-title">
        Your credit score
      </h3>
      <div className="score">
        <Gauge score={tile.score} colour={tile.colour} />
        <div>
          <span className="band">
            <span className="band-dot" style={{ background: tile.colour }} aria-hidden="true" />
            {tile.label}
          </span>
          <span className="delta" data-delta={tile.delta}>
            <span aria-hidden="true">{DELTA_TEXT[tile.delta](tile.change)}</span>
            <span className="pv-visually-hidden">{spoken}</span>
          </span>
          <p className="meta">
            {BUREAU_NAMES[tile.bureau]} · updated {formatDay(tile.dateApplied)}
          </p>
          <a
            className="pv-button pv-button--secondary pv-button--sm"
            href={links.creditReport}
            onClick={(event) => onAction(event, links.creditReport)}
          >
            View full report
          </a>
        </div>
      </div>
      {unavailable ? (
        <p className="tile-note">We couldn’t refresh your score just now; this is your last one.</p>
      ) : null}
    </section>
  );
}

export function OfferBadge({ image, product, name }: { image: string | undefined; product: string; name: string }) {
  return (
    <span className="product-icon">
      {image ? <img src={image} alt="" /> : <ProductIcon product={product} />}
      <span className="pv-visually-hidden">{name}</span>
    </span>
  );
}

export function OffersTileView({
  tile,
  applied,
  signedIn,
  onView,
}: {
  tile: OffersTile;
  /** The offers applied for (their site entry items): they show their status, not "Pre-approved". */
  applied: ReadonlySet<string>;
  signedIn: boolean;
  onView: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <section className="tile" aria-labelledby="nudge-offers-title" data-tile="gucpaOffers">
      <h3 className="tile-title" id="nudge-offers-title">
        Pre-approved for you
      </h3>
      <ul className="offer-list">
        {tile.offers.map((offer) => (
          <li key={offer.offerId} className="offer-row">
            <OfferBadge image={offer.productTypeImage} product={offer.product} name={offer.productType} />
            <span>
              <span className="row-title">{offer.productName}</span>
              <span className="row-sub">{offer.bannerTitle || offer.statement[0] || 'Pre-approved offer'}</span>
            </span>
            {applied.has(offer.offerId) ? (
              <span className="pill pill--applied">Applied</span>
            ) : (
              <span className="pill">Pre-approved</span>
            )}
          </li>
        ))}
      </ul>
      {tile.total > tile.offers.length ? (
        <p className="tile-note">
          {tile.offers.length} of {offerCountText(tile.total)} shown
        </p>
      ) : null}
      <Button size="sm" onClick={onView}>
        {signedIn ? 'View offers' : 'Sign in to view offers'}
      </Button>
    </section>
  );
}

export function RecentActivityView({
  rows,
  compact,
  onAction,
}: {
  rows: readonly RecentActivityItem[];
  /** Mobile: the first row until expanded (spec 000 §9). */
  compact: boolean;
  onAction: TileAction;
}) {
  const [expanded, setExpanded] = useState(false);
  if (rows.length === 0) return null;
  const shown = compact && !expanded ? rows.slice(0, 1) : rows;
  return (
    <section className="tile" aria-labelledby="nudge-activity-title" data-tile="recentActivity">
      <h3 className="tile-title" id="nudge-activity-title">
        Recent Activity
      </h3>
      <ul className="activity-list" id="nudge-activity-list">
        {shown.map((row) => (
          <li key={`${row.siteId}-${row.id}`} className="activity-row">
            <span className="activity-icon">
              <ProductIcon product={row.product ?? row.icon} />
            </span>
            <span>
              {/* An item that describes itself (an application: product and status) wins over its site's words. */}
              <span className="row-title">{row.itemSubtitle ? (row.itemTitle ?? row.title) : row.title}</span>
              <span className="row-sub">{row.itemSubtitle ?? row.itemTitle ?? row.subtitle}</span>
            </span>
            {/* A closed application (core's canContinueLead) has nothing to continue: its status instead. */}
            {row.closedLabel ? (
              <span className="pill">{row.closedLabel}</span>
            ) : (
              <a className="row-link" href={row.continueUrl} onClick={(event) => onAction(event, row.continueUrl)}>
                Continue
                <span className="pv-visually-hidden"> your {row.title} application</span>
                <ArrowIcon />
              </a>
            )}
          </li>
        ))}
      </ul>
      {compact && rows.length > 1 ? (
        <Button
          variant="link"
          size="sm"
          aria-expanded={expanded}
          aria-controls="nudge-activity-list"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : `Show all ${rows.length}`}
        </Button>
      ) : null}
    </section>
  );
}
