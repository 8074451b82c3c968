import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { formatRupees } from '../../lib/format.ts';
import { formatMonth } from '../../lib/months.ts';
import type { InsightsResponse } from './api.ts';

// Only what a grouped bar chart needs: the rest of Chart.js is shaken out of this chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface InsightsChartsProps {
  months: InsightsResponse['months'];
}

const token = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * Money in and out by month ("View Insights"), in its own lazily loaded chunk. The
 * canvas is an image named by its summary; the months themselves are in the table beside it.
 */
export default function InsightsCharts({ months }: InsightsChartsProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    const inflow = token(element, '--pv-color-success', '#1e7d4f');
    const outflow = token(element, '--pv-color-brand', '#0a58ca');
    const muted = token(element, '--pv-color-ink-muted', '#5b6472');
    const line = token(element, '--pv-color-line-soft', '#e5e8ee');
    // The axis and legend in the page's Open Sans (spec 001 §2), not Chart.js's Helvetica.
    const font = { family: token(element, '--pv-font-family', 'sans-serif'), size: 12 };
    const instance = new Chart(element, {
      type: 'bar',
      data: {
        labels: months.map((month) => formatMonth(month.month, 'short')),
        datasets: [
          { label: 'Money in', data: months.map((month) => month.inflow), backgroundColor: inflow, borderRadius: 4 },
          { label: 'Money out', data: months.map((month) => month.outflow), backgroundColor: outflow, borderRadius: 4 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : { duration: 300 },
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { color: muted, boxWidth: 12, font } },
          tooltip: {
            callbacks: {
              title: (items) => formatMonth(months[items[0]?.dataIndex ?? 0]?.month ?? '', 'long'),
              label: (item) => `${item.dataset.label ?? ''}: ${formatRupees(Number(item.raw))}`,
            },
          },
        },
        scales: {
          x: { grid: { display: false }, ticks: { color: muted, maxRotation: 0, autoSkipPadding: 8, font } },
          y: {
            grid: { color: line },
            ticks: {
              color: muted,
              font,
              maxTicksLimit: 5,
              callback: (value) => compactRupees(Number(value)),
            },
          },
        },
      },
    });
    return () => instance.destroy();
  }, [months]);

  const first = months[0];
  const last = months[months.length - 1];
  return (
    <div className="ma-aa-insights-chart">
      <canvas
        ref={canvas}
        role="img"
        aria-label={
          first && last
            ? `Bar chart of money in and out from ${formatMonth(first.month)} to ${formatMonth(last.month)}; the table that follows lists each month`
            : 'Bar chart of money in and out'
        }
      />
    </div>
  );
}

/** Axis labels in the Indian way: ₹50K, ₹1.2L. */
function compactRupees(value: number): string {
  if (value >= 100_000) return `₹${(value / 100_000).toFixed(value % 100_000 === 0 ? 0 : 1)}L`;
  if (value >= 1_000) return `₹${Math.round(value / 1_000)}K`;
  return `₹${value}`;
}
