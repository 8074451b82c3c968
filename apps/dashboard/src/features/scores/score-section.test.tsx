// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { importScreensFirst, refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { PULL_REPORT_PATH } from '@pravesh/core/credit/routes.ts';
import { CREDIT_SCORES_PATH } from './api.ts';

importScreensFirst(() => import('../home/dashboard-page.tsx'));

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
    // It opens on the active bureau (spec 000 §9, the nudge's tile): Equifax, updated last.
    expect(tabs[3]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(region).getByRole('tab', { name: 'CIBIL' }));
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

  it('the no-score screen names what the bureau matched on and asks the bureaus again', async () => {
    const page = renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: ['CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX'].map((b) => record(b, null)),
        [PULL_REPORT_PATH]: () =>
          Object.assign(refusal('bureauRefreshTooEarly', 429), {
            body: {
              status: false,
              statusCode: 'bureauRefreshTooEarly',
              statusMessage: 'Your credit report can be refreshed on or after 2026-12-20',
            },
          }),
      },
    });
    const region = await section();
    const next = (await within(region).findByRole('heading', { name: 'What you can do' })).parentElement!;
    expect(next.textContent).toContain('name, PAN and date of birth');
    expect(within(next).getByRole('link', { name: 'Check your details' }).getAttribute('href')).toBe(
      '/personal-details',
    );
    fireEvent.click(within(next).getByRole('button', { name: 'Try again' }));
    expect(await within(next).findByText('Your credit report can be refreshed on or after 2026-12-20')).toBeTruthy();
    expect(page.calls.some((call) => call.path === PULL_REPORT_PATH)).toBe(true);
  });

  it('a file too new to score shows the new-to-credit state with how to build a score, not the no-hit card', async () => {
    renderDashboard('/dashboard', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: [
          record('EXPERIAN', null, { scoreState: 'NEW_TO_CREDIT', riskIndex: 3 }),
          record('CIBIL', null, { scoreState: 'NEW_TO_CREDIT', rawScore: '0' }),
          record('HIGHMARK', null),
          record('EQUIFAX', null),
        ],
      },
    });
    const region = await section();
    expect(
      await within(region).findByRole('heading', { name: 'Your credit file is too new for a score' }),
    ).toBeTruthy();
    expect(region.textContent).toContain('CIBIL and Experian have a credit file for you');
    expect(within(region).queryByRole('heading', { name: 'We couldn’t find your Credit Score!' })).toBeNull();
    expect(within(region).getByRole('heading', { name: 'How to build your score' })).toBeTruthy();
    expect(within(region).getAllByRole('listitem').length).toBe(4);
    expect(within(region).getByRole('link', { name: 'See your credit report' }).getAttribute('href')).toBe(
      '/credit-report?bureau=CIBIL',
    );
  });

  it('before any pull it says where the score will appear', async () => {
    renderDashboard('/dashboard', { preloaded: signedInState() });
    const region = await section();
    expect(await within(region).findByRole('heading', { name: 'Your score will appear here' })).toBeTruthy();
  });
});
