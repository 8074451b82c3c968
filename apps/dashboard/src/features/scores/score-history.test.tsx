// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDashboard, signedInState } from '../../test/harness.tsx';
import { BUREAU_SCORE_PATH, CREDIT_SCORES_PATH } from './api.ts';
import { historySummary } from './score-history.tsx';

// The chart chunk fails to load (a removed deployment, a blocked script): the page must still
// give the months, as a visible table.
vi.mock('./score-chart.tsx', () => {
  throw new Error('chunk failed to load');
});

afterEach(cleanup);

function record(creditBureau: string, score: number) {
  return {
    creditBureau,
    score,
    previousScore: null,
    scoreBand: 'VERY_GOOD',
    dateApplied: '2026-11-20T06:00:00.000Z',
    nextRefreshDate: '2026-12-20T06:00:00.000Z',
    scoreState: 'SCORE',
    rawScore: String(score),
    riskIndex: null,
    isValidScore: true,
  };
}

const HISTORY = Array.from({ length: 12 }, (_, index) => ({
  month: `${index < 1 ? 2025 : 2026}-${String(index < 1 ? 12 : index).padStart(2, '0')}`,
  score: 740 + index * 4,
}));

describe('score history', () => {
  it('falls back to a visible table of the monthly scores when the chart cannot load', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: [record('CIBIL', 784)],
        [BUREAU_SCORE_PATH]: { ...record('CIBIL', 784), scoreHistory: HISTORY },
      },
    });
    const history = await screen.findByRole('group', { name: 'Your score over time' }, { timeout: 5000 });
    expect(await within(history).findByText('Up 44 points since December 2025, from 740 to 784.')).toBeTruthy();
    expect(await within(history).findByText(/chart couldn’t be shown/, {}, { timeout: 5000 })).toBeTruthy();
    const table = within(history).getByRole('table', { name: 'CIBIL score by month' });
    expect(table.className).not.toContain('visually-hidden');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    // Newest month first, each month a row header with its score.
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('November 2026');
    expect(within(rows[1]!).getByRole('cell').textContent).toBe('784');
    expect(within(rows[12]!).getByRole('rowheader').textContent).toBe('December 2025');
  });

  it('says so when the history cannot be fetched, and fetches again on request', async () => {
    let calls = 0;
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: [record('EXPERIAN', 801)],
        [BUREAU_SCORE_PATH]: () => {
          calls++;
          return calls === 1 ? new Error('unavailable') : { ...record('EXPERIAN', 801), scoreHistory: HISTORY };
        },
      },
    });
    const history = await screen.findByRole('group', { name: 'Your score over time' }, { timeout: 5000 });
    const retry = await within(history).findByRole('button', { name: 'Try again' });
    expect(within(history).getByText(/couldn’t load your score history/)).toBeTruthy();
    fireEvent.click(retry);
    expect(await within(history).findByRole('table', { name: 'Experian score by month' })).toBeTruthy();
  });

  it('words the change over the months', () => {
    expect(historySummary([])).toBe('');
    expect(
      historySummary([
        { month: '2026-01', score: 700 },
        { month: '2026-02', score: 690 },
      ]),
    ).toBe('Down 10 points since January 2026, from 700 to 690.');
    expect(
      historySummary([
        { month: '2026-01', score: 700 },
        { month: '2026-02', score: 700 },
      ]),
    ).toBe('Your score is the same as in January 2026: 700.');
  });
});
