import { useState } from 'react';
import { Link } from 'react-router';
import type { BureauScoreRecord } from '@pravesh/core/credit/schemas.ts';
import {
  activeBureauRecord,
  bandRanges,
  bureauPriority,
  isValidScore,
  scoreChange,
  type ScoreBand,
} from '@pravesh/core/credit/score-rules.ts';
import { BAND_NAMES } from '@pravesh/core/credit/factor-copy.ts';
import { Skeleton, SkeletonGroup, Tabs } from '@pravesh/ui';
import { formatDate } from '../../lib/format.ts';
import { DASHBOARD_TEXT } from '../../layout/app-shell-skeleton.tsx';
import { useCreditScoresQuery } from './api.ts';
import { BUREAU_NAMES, NewToCredit, NoScore, reportPath } from './no-score-states.tsx';
import { ScoreHistory } from './score-history.tsx';
import './scores.css';

export { BUREAU_NAMES, NO_SCORE_TITLE, reportPath } from './no-score-states.tsx';

/** spec 001 §5 band names (core's, shared with the Credit Health Report PDF). */
export { BAND_NAMES };

export const BAND_TONES: Readonly<Record<ScoreBand, string>> = {
  EXCELLENT: 'excellent',
  VERY_GOOD: 'good',
  GOOD: 'good',
  FAIR: 'average',
  LOW: 'low',
  VERY_LOW: 'low',
};

const hasScore = (record: BureauScoreRecord) =>
  record.score !== null && isValidScore(record.score, record.isValidScore);

/**
 * The bureau tabs in spec 001 §1 order — CIBIL, EXPERIAN, HIGHMARK, EQUIFAX — whatever order the
 * records come in (the credit module lists the latest pull first).
 */
export function inBureauOrder<T extends { creditBureau: BureauScoreRecord['creditBureau'] }>(
  records: readonly T[],
): T[] {
  return [...records].sort((a, b) => bureauPriority(a.creditBureau) - bureauPriority(b.creditBureau));
}

/** A semicircle meter: the score's place between 300 and 900, in its band's colour. */
function Meter({ record }: { record: BureauScoreRecord }) {
  const score = record.score ?? 300;
  const angle = Math.PI * (1 - (score - 300) / 600);
  const x = 80 + 64 * Math.cos(angle);
  const y = 88 - 64 * Math.sin(angle);
  return (
    <svg className="ma-gauge" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      <path
        d="M16 88a64 64 0 0 1 128 0"
        fill="none"
        stroke="var(--pv-color-line-soft)"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <path
        d={`M16 88A64 64 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)}`}
        fill="none"
        className={`ma-gauge-value ma-tone--${BAND_TONES[record.scoreBand ?? 'FAIR']}`}
        strokeWidth="14"
        strokeLinecap="round"
      />
    </svg>
  );
}

function BureauScore({ record, selected }: { record: BureauScoreRecord; selected: boolean }) {
  const band = record.scoreBand ?? 'FAIR';
  const change = scoreChange(record.score, record.previousScore);
  const range = bandRanges(record.creditBureau).find((entry) => entry.band === band);
  return (
    <div className="ma-score">
      <div className="ma-score-meter">
        <Meter record={record} />
        <p className="ma-score-value">
          <strong>{record.score}</strong>
          <span> / 900</span>
        </p>
      </div>
      <div className="ma-score-facts">
        <p>
          <span className={`ma-band ma-tone--${BAND_TONES[band]}`}>{BAND_NAMES[band]}</span>
          {range ? (
            <span className="ma-muted">
              {' '}
              {BUREAU_NAMES[record.creditBureau]} range {range.min}–{range.max}
            </span>
          ) : null}
        </p>
        {record.previousScore !== null && change !== 0 ? (
          <p className={change > 0 ? 'ma-delta ma-delta--up' : 'ma-delta ma-delta--down'}>
            {change > 0 ? `Up ${change} points` : `Down ${Math.abs(change)} points`} since your last check
          </p>
        ) : null}
        <dl className="ma-facts ma-facts--inline">
          <div>
            <dt>Last updated</dt>
            <dd>{formatDate(record.dateApplied)}</dd>
          </div>
          <div>
            <dt>Next free refresh</dt>
            <dd>{formatDate(record.nextRefreshDate)}</dd>
          </div>
        </dl>
        <p>
          <Link className="ma-report-link" to={reportPath(record.creditBureau)}>
            See full report<span className="pv-visually-hidden"> from {BUREAU_NAMES[record.creditBureau]}</span>
          </Link>
          {isValidScore(record.score) ? (
            <>
              {' · '}
              <Link className="ma-report-link" to={`/score-predictor?bureau=${record.creditBureau}`}>
                What if? Try the score predictor
                <span className="pv-visually-hidden"> for {BUREAU_NAMES[record.creditBureau]}</span>
              </Link>
            </>
          ) : null}
        </p>
      </div>
      {/* Only the shown bureau asks for its history: hidden panels stay in the DOM. */}
      {selected ? (
        <ScoreHistory
          bureau={record.creditBureau}
          bureauName={BUREAU_NAMES[record.creditBureau] ?? record.creditBureau}
        />
      ) : null}
    </div>
  );
}

function NotYet() {
  return (
    <div className="ma-empty">
      <svg className="ma-gauge" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
        <path
          d="M16 88a64 64 0 0 1 128 0"
          fill="none"
          stroke="var(--pv-color-line-soft)"
          strokeWidth="14"
          strokeLinecap="round"
        />
      </svg>
      <div>
        <h3>Your score will appear here</h3>
        <p>
          We bring your score from all four credit bureaus — CIBIL, Experian, CRIF High Mark and Equifax — with what
          changed since your last check. Checking it here never lowers your score.
        </p>
      </div>
    </div>
  );
}

/**
 * The credit score section of the dashboard: one tab per bureau with a score (spec 001 §5 bands,
 * last updated and the next refresh); without a score, the new-to-credit state when a bureau holds
 * a file too young to score, the "no score" screen when none holds a file; and the designed
 * loading and empty states.
 */
export function ScoreSection() {
  const scores = useCreditScoresQuery();
  const scored = inBureauOrder((scores.data ?? []).filter(hasScore));
  const [selected, setSelected] = useState<string | undefined>();
  // Opens on the active bureau (spec 000 §9: latest update first, same day by priority), the bureau
  // the nudge's score tile shows, so both tell the customer the same score.
  const shown =
    scored.find((record) => record.creditBureau === selected)?.creditBureau ?? activeBureauRecord(scored)?.creditBureau;
  let body;
  if (scores.isLoading) {
    body = (
      <SkeletonGroup label="Loading your credit score…" className="ma-score-skeleton">
        <Skeleton shape="circle" width={144} height={144} />
        <div className="ma-stack">
          <Skeleton shape="text" width="60%" />
          <Skeleton shape="text" width="80%" />
          <Skeleton shape="text" width="40%" />
        </div>
      </SkeletonGroup>
    );
  } else if (scored.length > 0) {
    body = (
      <Tabs
        className="ma-bureau-tabs"
        label="Credit bureau"
        selectedId={shown}
        onSelect={setSelected}
        items={scored.map((record) => ({
          id: record.creditBureau,
          label: BUREAU_NAMES[record.creditBureau] ?? record.creditBureau,
          panel: <BureauScore record={record} selected={record.creditBureau === shown} />,
        }))}
      />
    );
  } else if ((scores.data ?? []).some((record) => record.scoreState === 'NEW_TO_CREDIT')) {
    body = <NewToCredit records={inBureauOrder(scores.data ?? [])} />;
  } else if ((scores.data ?? []).length > 0) {
    body = <NoScore />;
  } else {
    body = <NotYet />;
  }
  return (
    <section id="credit-score" className="ma-card ma-section" aria-labelledby="score-title" tabIndex={-1}>
      <div className="ma-section-head">
        <h2 id="score-title">{DASHBOARD_TEXT.scoreTitle}</h2>
        <span className="ma-chip">{DASHBOARD_TEXT.scoreChip}</span>
      </div>
      {body}
    </section>
  );
}
