// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDashboard, signedInState } from '../../test/harness.tsx';
import { CREDIT_SCORES_PATH } from './api.ts';

afterEach(cleanup);

function record(creditBureau: string, score: number | null, extra: Record<string, unknown> = {}) {
  return {
    creditBureau,
    score,
    previousScore: null,
    scoreBand: null,
    dateApplied: '2026-11-20T06:00:00.000Z',
    nextRefreshDate: '2026-12-20T06:00:00.000Z',
    scoreState: score === null ? 'NO_HIT' : 'SCORE',
    rawScore: null,
    riskIndex: null,
    isValidScore: score !== null,
    ...extra,
  };
}

const section = () => screen.findByRole('region', { name: 'Your credit score' }, { timeout: 5000 });

describe('credit score section (spec 001 §5, §8)', () => {
  it('one tab per bureau with a score, with its band, change, last update and next refresh', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: [
          record('CIBIL', 782, { scoreBand: 'VERY_GOOD', previousScore: 770 }),
          record('EXPERIAN', 810, { scoreBand: 'VERY_GOOD' }),
          record('HIGHMARK', null),
          record('EQUIFAX', 540, { scoreBand: 'FAIR', previousScore: 560 }),
        ],
      },
    });
    const region = await section();
    const tabs = await within(region).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['CIBIL', 'Experian', 'Equifax']);
    const panel = within(region).getByRole('tabpanel');
    expect(panel.textContent).toContain('782');
    expect(panel.textContent).toContain('Very Good');
    expect(panel.textContent).toContain('CIBIL range 761–800');
    expect(panel.textContent).toContain('Up 12 points since your last check');
    expect(panel.textContent).toContain('20 November 2026');
    expect(panel.textContent).toContain('20 December 2026');
    fireEvent.click(within(region).getByRole('tab', { name: 'Equifax' }));
    const equifax = within(region).getByRole('tabpanel');
    expect(equifax.textContent).toContain('Average');
    expect(equifax.textContent).toContain('Down 20 points');
  });

  it('tabs in spec order CIBIL, Experian, CRIF High Mark, Equifax whatever order the records come in', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        // The credit module lists the latest pull first.
        [CREDIT_SCORES_PATH]: [
          record('EQUIFAX', 700, { scoreBand: 'GOOD', dateApplied: '2026-11-22T06:00:00.000Z' }),
          record('HIGHMARK', 720, { scoreBand: 'VERY_GOOD', dateApplied: '2026-11-21T06:00:00.000Z' }),
          record('EXPERIAN', 810, { scoreBand: 'VERY_GOOD' }),
          record('CIBIL', 782, { scoreBand: 'VERY_GOOD' }),
        ],
      },
    });
    const region = await section();
    const tabs = await within(region).findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['CIBIL', 'Experian', 'CRIF High Mark', 'Equifax']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    // Each bureau tab leads to its full report.
    const link = within(within(region).getByRole('tabpanel')).getByRole('link', { name: 'See full report from CIBIL' });
    expect(link.getAttribute('href')).toBe('/credit-report?bureau=CIBIL');
    fireEvent.click(within(region).getByRole('tab', { name: 'CRIF High Mark' }));
    const highmark = within(region).getByRole('tabpanel');
    expect(
      within(highmark).getByRole('link', { name: 'See full report from CRIF High Mark' }).getAttribute('href'),
    ).toBe('/credit-report?bureau=HIGHMARK');
  });

  it('the "no score" screen with its three reasons when no bureau has a score', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: ['CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX'].map((b) => record(b, null)) },
    });
    const region = await section();
    expect(await within(region).findByRole('heading', { name: 'We couldn’t find your Credit Score!' })).toBeTruthy();
    const reasons = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons).toEqual([
      'No credit history found',
      'Short credit history',
      'Inactive accounts (no activity in the last 3 years)',
    ]);
    expect(within(region).queryByRole('tab')).toBeNull();
  });

  it('before any pull it says where the score will appear', async () => {
    renderDashboard('/dashboard', { preloaded: signedInState() });
    const region = await section();
    expect(await within(region).findByRole('heading', { name: 'Your score will appear here' })).toBeTruthy();
  });
});
