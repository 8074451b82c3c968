import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ScoreHistoryPoint } from '@pravesh/core/credit/schemas.ts';
import { formatMonth } from '../../lib/months.ts';

// Only what a line chart with a tooltip needs: the rest of Chart.js is shaken out of this chunk.
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

export interface ScoreChartProps {
  points: readonly ScoreHistoryPoint[];
  /** The bureau as customers know it, for the chart's name. */
  bureauName: string;
}

const token = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/**
 * The score history line, in its own lazily loaded chunk. The canvas is one tab
 * stop: Left/Right (and Home/End) walk the months, each shown in the tooltip and announced in a
 * polite live region, so the data is reachable without a mouse. The months are also in the
 * visually hidden table ScoreHistory renders beside it.
 */
export default function ScoreChart({ points, bureauName }: ScoreChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line'> | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const hintId = useId();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const brand = token(element, '--pv-color-brand', '#0a58ca');
    const muted = token(element, '--pv-color-ink-muted', '#5b6472');
    const line = token(element, '--pv-color-line-soft', '#e5e8ee');
    const fill = token(element, '--pv-color-brand-soft', '#e8f0fe');
    const scores = points.map((point) => point.score);
    const low = Math.max(300, Math.floor((Math.min(...scores) - 20) / 10) * 10);
    const high = Math.min(900, Math.ceil((Math.max(...scores) + 20) / 10) * 10);
    const instance = new Chart(element, {
      type: 'line',
      data: {
        labels: points.map((point) => formatMonth(point.month, 'short')),
        datasets: [
          {
            label: `${bureauName} score`,
            data: scores,
            borderColor: brand,
            backgroundColor: fill,
            pointBackgroundColor: brand,
            pointRadius: 3,
            pointHoverRadius: 6,
            borderWidth: 2,
            tension: 0.3,
            fill: true,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : { duration: 300 },
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { display: false },
          tooltip: {
            displayColors: false,
            callbacks: {
              title: (items) => formatMonth(points[items[0]?.dataIndex ?? 0]?.month ?? '', 'long'),
              label: (item) => `Score ${String(item.raw)}`,
            },
          },
        },
        scales: {
          x: { grid: { display: false }, ticks: { color: muted, maxRotation: 0, autoSkipPadding: 12 } },
          y: { min: low, max: high, grid: { color: line }, ticks: { color: muted, maxTicksLimit: 5 } },
        },
      },
    });
    chart.current = instance;
    return () => {
      instance.destroy();
      chart.current = null;
    };
  }, [points, bureauName]);

  const show = (index: number) => {
    setActive(index);
    const instance = chart.current;
    if (!instance) return;
    const elements = [{ datasetIndex: 0, index }];
    instance.setActiveElements(elements);
    const point = instance.getDatasetMeta(0).data[index];
    instance.tooltip?.setActiveElements(elements, { x: point?.x ?? 0, y: point?.y ?? 0 });
    instance.update();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const last = points.length - 1;
    const current = active ?? last;
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = Math.min(last, active === null ? last : current + 1);
    else if (event.key === 'ArrowLeft') next = Math.max(0, active === null ? last : current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  };

  const onBlur = () => {
    setActive(null);
    const instance = chart.current;
    if (!instance) return;
    instance.setActiveElements([]);
    instance.tooltip?.setActiveElements([], { x: 0, y: 0 });
    instance.update();
  };

  const first = points[0];
  const latest = points[points.length - 1];
  const current = active === null ? undefined : points[active];
  return (
    <div className="ma-history-chart">
      <canvas
        ref={canvas}
        role="img"
        tabIndex={0}
        aria-label={
          first && latest
            ? `${bureauName} score from ${formatMonth(first.month)} to ${formatMonth(latest.month)}: ${first.score} to ${latest.score}`
            : `${bureauName} score history`
        }
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <p id={hintId} className="pv-visually-hidden">
        Use the left and right arrow keys to hear each month’s score.
      </p>
      <p className="pv-visually-hidden" aria-live="polite">
        {current ? `${formatMonth(current.month)}: ${current.score}` : ''}
      </p>
    </div>
  );
}
