import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Bureau } from '@pravesh/core/constants.ts';
import type { ScoreHistoryPoint } from '@pravesh/core/credit/schemas.ts';
import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import { ChartBoundary } from '../../lib/chart-boundary.tsx';
import { useBureauScoreQuery } from './api.ts';
import type { ScoreChartProps } from './score-chart.tsx';
import { formatMonth } from '../../lib/months.ts';
import './scores.css';

export type ChartLoader = () => Promise<{ default: ComponentType<ScoreChartProps> }>;

/** The chart library is its own chunk, fetched only when a history is on screen (the dashboard bundle budget, README "Benchmarks"). */
const loadChart: ChartLoader = () => import('./score-chart.tsx');

const lazyCharts = new Map<ChartLoader, ComponentType<ScoreChartProps>>();
function lazyChart(load: ChartLoader): ComponentType<ScoreChartProps> {
  let chart = lazyCharts.get(load);
  if (!chart) {
    chart = lazy(load);
    lazyCharts.set(load, chart);
  }
  return chart;
}

function HistoryTable({
  points,
  bureauName,
  hidden,
}: {
  points: readonly ScoreHistoryPoint[];
  bureauName: string;
  hidden: boolean;
}) {
  return (
    <table className={hidden ? 'pv-visually-hidden' : 'ma-history-table'}>
      <caption>{bureauName} score by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {[...points].reverse().map((point) => (
          <tr key={point.month}>
            <th scope="row">{formatMonth(point.month)}</th>
            <td>{point.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One line in words: where the score went over the months shown. */
export function historySummary(points: readonly ScoreHistoryPoint[]): string {
  const first = points[0];
  const latest = points[points.length - 1];
  if (!first || !latest) return '';
  const change = latest.score - first.score;
  const span = `since ${formatMonth(first.month)}`;
  if (change === 0) return `Your score is the same as in ${formatMonth(first.month)}: ${latest.score}.`;
  return `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} points ${span}, from ${first.score} to ${latest.score}.`;
}

export interface ScoreHistoryProps {
  bureau: Bureau;
  bureauName: string;
  /** 3 inside the dashboard's score section, 2 as a part of the report screen. */
  headingLevel?: 2 | 3;
  /** For tests: how the chart chunk is loaded. */
  load?: ChartLoader;
}

/**
 * "Your score over time" for one bureau: the monthly scores of getBureauScore as a
 * line chart, with a visually hidden table of the same months as its text alternative, a one-line
 * summary, and designed loading, empty and error states.
 */
export function ScoreHistory({ bureau, bureauName, headingLevel = 3, load = loadChart }: ScoreHistoryProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const history = useBureauScoreQuery(bureau);
  const headingId = `score-history-${bureau}`;
  let body: ReactNode;
  if (history.isLoading) {
    body = (
      <SkeletonGroup label="Loading your score history…" className="ma-history-skeleton">
        <Skeleton shape="rect" width="100%" height={160} />
      </SkeletonGroup>
    );
  } else if (history.isError || !history.data) {
    body = (
      <p className="ma-muted">
        We couldn’t load your score history just now.{' '}
        <button type="button" className="ma-link-button" onClick={() => void history.refetch()}>
          Try again
        </button>
      </p>
    );
  } else if (history.data.scoreHistory.length < 2) {
    body = <p className="ma-muted">Your score history builds up month by month. Check back after your next update.</p>;
  } else {
    const points = history.data.scoreHistory;
    const Chart = lazyChart(load);
    const table = (hidden: boolean) => <HistoryTable points={points} bureauName={bureauName} hidden={hidden} />;
    body = (
      <>
        <p className="ma-history-summary">{historySummary(points)}</p>
        <ChartBoundary
          fallback={
            <>
              <p className="ma-muted">The chart couldn’t be shown here, so here are your monthly scores.</p>
              {table(false)}
            </>
          }
        >
          <Suspense
            fallback={
              <SkeletonGroup label="Loading the chart…" className="ma-history-skeleton">
                <Skeleton shape="rect" width="100%" height={160} />
              </SkeletonGroup>
            }
          >
            <Chart points={points} bureauName={bureauName} />
          </Suspense>
          {table(true)}
        </ChartBoundary>
      </>
    );
  }
  return (
    <div className="ma-history" role="group" aria-labelledby={headingId}>
      <Heading id={headingId} className="ma-history-title">
        Your score over time
      </Heading>
      {body}
    </div>
  );
}
