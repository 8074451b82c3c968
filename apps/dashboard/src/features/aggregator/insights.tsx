import { lazy, Suspense, type ComponentType } from 'react';
import { TRANSACTION_CATEGORY_LABELS } from '@pravesh/core/aggregator/categories.ts';
import { Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { ChartBoundary } from '../../lib/chart-boundary.tsx';
import { formatRupees } from '../../lib/format.ts';
import { formatMonth } from '../../lib/months.ts';
import { codeOf, useInsightsQuery, type InsightsResponse } from './api.ts';
import { aaMessage } from './messages.ts';
import type { InsightsChartsProps } from './insights-charts.tsx';

export type InsightsChartsLoader = () => Promise<{ default: ComponentType<InsightsChartsProps> }>;

/** Chart.js is its own chunk, fetched only when the customer opens the insights (as the score history's). */
const loadCharts: InsightsChartsLoader = () => import('./insights-charts.tsx');
const charts = new Map<InsightsChartsLoader, ComponentType<InsightsChartsProps>>();
function lazyCharts(load: InsightsChartsLoader) {
  let chart = charts.get(load);
  if (!chart) {
    chart = lazy(load);
    charts.set(load, chart);
  }
  return chart;
}

/** One line in words over the months shown: what came in, what went out. */
export function insightsSummary(months: InsightsResponse['months']): string {
  if (months.length === 0) return '';
  const inflow = months.reduce((sum, month) => sum + month.inflow, 0);
  const outflow = months.reduce((sum, month) => sum + month.outflow, 0);
  const span = months.length === 1 ? formatMonth(months[0]!.month) : `the last ${months.length} months`;
  const net = inflow - outflow;
  const verdict = net >= 0 ? `you kept ${formatRupees(net)}` : `you spent ${formatRupees(-net)} more than came in`;
  return `In ${span}, ${formatRupees(inflow)} came in and ${formatRupees(outflow)} went out: ${verdict}.`;
}

function MonthsTable({ months, hidden }: { months: InsightsResponse['months']; hidden: boolean }) {
  return (
    <table className={hidden ? 'pv-visually-hidden' : 'ma-aa-insights-table'}>
      <caption>Money in and out by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Money in</th>
          <th scope="col">Money out</th>
        </tr>
      </thead>
      <tbody>
        {[...months].reverse().map((month) => (
          <tr key={month.month}>
            <th scope="row">{formatMonth(month.month)}</th>
            <td>{formatRupees(month.inflow)}</td>
            <td>{formatRupees(month.outflow)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Spend by category as a ranked list with bars: readable as text, no chart needed. */
function Categories({ categories }: { categories: InsightsResponse['categories'] }) {
  return (
    <ol className="ma-aa-categories" aria-label="Spend by category">
      {categories.map((category) => {
        const percent = Math.round(category.share * 100);
        return (
          <li key={category.category}>
            <span className="ma-aa-category-name">{TRANSACTION_CATEGORY_LABELS[category.category]}</span>
            <span className="ma-aa-category-amount">
              {formatRupees(category.amount)} <span className="ma-muted">({percent}%)</span>
            </span>
            <span className="ma-aa-category-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, percent)}%` }} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * "View Insights" (spec 001 §4 data_available): monthly inflow and outflow as a chart (with the
 * same months as a table for screen readers, and as a visible table when the chart cannot load),
 * and spend by category, from the fetched transactions (FI/insights).
 */
export function Insights({ load = loadCharts }: { load?: InsightsChartsLoader }) {
  const insights = useInsightsQuery();
  let body;
  if (insights.isLoading) {
    body = (
      <SkeletonGroup label="Loading your insights…" className="ma-stack">
        <Skeleton shape="rect" width="100%" height={180} />
        <Skeleton shape="text" width="60%" />
      </SkeletonGroup>
    );
  } else if (!insights.data) {
    body = (
      <p className="ma-muted">
        {insights.error && codeOf(insights.error) === 'aaDataNotReady'
          ? aaMessage(insights.error)
          : 'We couldn’t load your insights just now.'}{' '}
        <Button variant="link" size="sm" onClick={() => void insights.refetch()}>
          Try again
        </Button>
      </p>
    );
  } else if (insights.data.months.length === 0) {
    body = <p className="ma-muted">Insights appear once your bank has shared a month of transactions.</p>;
  } else {
    const { months, categories } = insights.data;
    const Charts = lazyCharts(load);
    body = (
      <>
        <p className="ma-aa-insights-summary">{insightsSummary(months)}</p>
        <div className="ma-aa-insights-grid">
          <div>
            <h4 className="ma-aa-insights-subtitle">Money in and out</h4>
            <ChartBoundary
              fallback={
                <>
                  <p className="ma-muted">The chart couldn’t be shown here, so here are your months.</p>
                  <MonthsTable months={months} hidden={false} />
                </>
              }
            >
              <Suspense
                fallback={
                  <SkeletonGroup label="Loading the chart…">
                    <Skeleton shape="rect" width="100%" height={200} />
                  </SkeletonGroup>
                }
              >
                <Charts months={months} />
              </Suspense>
              <MonthsTable months={months} hidden />
            </ChartBoundary>
          </div>
          <div>
            <h4 className="ma-aa-insights-subtitle">Where your money went, last 3 months</h4>
            {categories.length === 0 ? (
              <p className="ma-muted">No spends to group yet.</p>
            ) : (
              <Categories categories={categories} />
            )}
          </div>
        </div>
      </>
    );
  }
  return (
    <div className="ma-aa-insights" role="group" aria-labelledby="aa-insights-title">
      <h3 id="aa-insights-title" className="ma-aa-insights-title">
        Your money insights
      </h3>
      {body}
    </div>
  );
}
