// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importScreensFirst, refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { BUREAU_SCORE_PATH, CREDIT_SCORES_PATH } from '../scores/api.ts';
import { BUREAU_REPORT_PATH } from './api.ts';

// The chart itself is Chart.js on a canvas (happy-dom has none); its stand-in keeps the text parts real.
vi.mock('../scores/score-chart.tsx', () => ({
  default: ({ bureauName }: { bureauName: string }) => <div role="img" aria-label={`${bureauName} score chart`} />,
}));

afterEach(cleanup);
// The predictor is where the report's link leads: its screen is compiled before the renders' waits.
importScreensFirst(() => import('../predictor/predictor-page.tsx'));

function record(creditBureau: string, score: number | null, extra: Record<string, unknown> = {}) {
  return {
    creditBureau,
    score,
    previousScore: null,
    scoreBand: score === null ? null : 'VERY_GOOD',
    dateApplied: '2026-11-20T06:00:00.000Z',
    nextRefreshDate: '2026-12-20T06:00:00.000Z',
    scoreState: score === null ? 'NO_HIT' : 'SCORE',
    rawScore: score === null ? null : String(score),
    riskIndex: null,
    isValidScore: score !== null,
    ...extra,
  };
}

const months = (count: number, late: Record<number, number | null> = {}) =>
  Array.from({ length: count }, (_, ago) => {
    const index = 2026 * 12 + 10 - ago;
    return {
      month: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
      dpd: ago in late ? late[ago]! : 0,
    };
  });

const REPORT = {
  reportId: 'r-1',
  creditBureau: 'CIBIL',
  lastUpdated: '2026-11-20T06:00:00.000Z',
  pulledAt: '2026-11-20T06:00:00.000Z',
  scoreState: 'SCORE',
  score: 782,
  rawScore: '782',
  riskIndex: null,
  summary: {
    totalAccounts: 2,
    activeAccounts: 2,
    totalSanctioned: 700_000,
    totalBalance: 291_000,
    totalOverdue: 2_000,
    creditUtilisation: 82,
    oldestAccountAgeMonths: 75,
    enquiriesLast6Months: 1,
  },
  accounts: [
    {
      accountNumber: 'XXXXXXXX4821',
      type: 'CC',
      lender: 'HDFC Bank',
      ownership: 'INDIVIDUAL',
      openedDate: '2020-08-14',
      closedDate: null,
      sanctionedAmount: 200_000,
      balance: 164_000,
      overdue: 2_000,
      writtenOff: false,
      settled: false,
      dpdHistory: months(36, { 0: 30, 5: null }),
    },
    {
      // A raw number: the screen masks it whatever the server sends (spec 001 §5).
      accountNumber: '5012345678901234',
      type: 'PL',
      lender: 'Bajaj Finance',
      ownership: 'INDIVIDUAL',
      openedDate: '2024-02-03',
      closedDate: null,
      sanctionedAmount: 500_000,
      balance: 127_000,
      overdue: 0,
      writtenOff: false,
      settled: false,
      dpdHistory: months(34),
    },
  ],
  enquiries: [{ date: '2026-09-12', lender: 'ICICI Bank', purpose: 'PL', amount: 300_000 }],
};

const HISTORY = {
  ...record('CIBIL', 782),
  scoreHistory: months(12).map((m, i) => ({ month: m.month, score: 782 - i })),
};

const SCORES = [record('EQUIFAX', 700), record('HIGHMARK', null), record('CIBIL', 782), record('EXPERIAN', 790)];

describe('credit report screen', () => {
  it('one tab per bureau with a file, in spec order; ?bureau= picks the tab', async () => {
    const page = renderDashboard('/credit-report?bureau=EXPERIAN', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: SCORES, [BUREAU_REPORT_PATH]: { ...REPORT, creditBureau: 'EXPERIAN' } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your credit report' }, { timeout: 5000 }),
    ).toBeTruthy();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['CIBIL', 'Experian', 'Equifax']);
    expect(screen.getByRole('tab', { name: 'Experian' }).getAttribute('aria-selected')).toBe('true');
    // Only the shown bureau's report is asked for.
    await screen.findByRole('heading', { name: 'What’s shaping your score' });
    expect(page.calls.filter((call) => call.path === BUREAU_REPORT_PATH)).toHaveLength(1);
  });

  it('summary, factors ranked by impact, masked accounts with a 36-month grid, and enquiries', async () => {
    renderDashboard('/credit-report', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: SCORES, [BUREAU_REPORT_PATH]: REPORT, [BUREAU_SCORE_PATH]: HISTORY },
    });
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 5000 });
    await within(panel).findByRole('heading', { name: 'What’s shaping your score' });
    expect(panel.textContent).toContain('782');
    expect(panel.textContent).toContain('Very Good');

    const summary = within(panel).getByText('Credit card utilisation', { selector: 'dt' }).closest('div')!;
    expect(summary.textContent).toContain('82%');
    expect(within(panel).getByText('Oldest account', { selector: 'dt' }).closest('div')!.textContent).toContain(
      '6 years 3 months',
    );

    // Factors: a card at 82% of its limit costs most, then last month's late payment.
    const factors = within(panel)
      .getAllByRole('list')
      .find((list) => list.className.includes('ma-factors'))!;
    const items = within(factors).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Credit card utilisation',
      'Payment history',
      'Credit mix',
      'Credit enquiries',
      'Age of your credit',
    ]);
    expect(items[0]!.textContent).toContain('Hurting your score');
    expect(items[0]!.textContent).toContain('High impact');

    // Accounts: type, lender, sanctioned or limit, balance; numbers masked to their last 4.
    const accounts = within(panel).getByRole('heading', { name: 'Accounts (2)' }).parentElement!;
    const card = within(accounts).getByRole('heading', { name: 'Credit Card · HDFC Bank' }).closest('li')!;
    expect(card.textContent).toContain('XXXXXXXX4821');
    expect(card.textContent).toContain('Credit limit₹2,00,000');
    expect(card.textContent).toContain('Balance₹1,64,000');
    const loan = within(accounts).getByRole('heading', { name: 'Personal Loan · Bajaj Finance' }).closest('li')!;
    expect(loan.textContent).toContain('XXXXXXXXXXXX1234');
    expect(loan.textContent).not.toContain('5012345678901234');
    expect(loan.textContent).toContain('Sanctioned₹5,00,000');

    // The DPD grid: a table with a row per year, a column per month, words for each month.
    expect(within(card).getByText('Payment history, 36 months: 1 late payment')).toBeTruthy();
    const grid = within(card).getByRole('table', { name: /Payment history of Credit Card XXXXXXXX4821/ });
    const rows = within(grid).getAllByRole('row');
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent ?? '')).toEqual([
      '',
      '2026',
      '2025',
      '2024',
      '2023',
    ]);
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(12);
    const november = within(rows[1]!).getAllByRole('cell')[10]!;
    expect(november.textContent).toContain('30 days late');
    expect(within(rows[1]!).getAllByRole('cell')[5]!.textContent).toContain('Not reported by the lender');
    expect(within(rows[2]!).getAllByRole('cell')[0]!.textContent).toContain('Paid on time');

    const enquiries = within(panel).getByRole('table', { name: 'Lender enquiries in your CIBIL report' });
    expect(within(enquiries).getAllByRole('row')[1]!.textContent).toBe('12 Sept 2026ICICI BankPersonal Loan₹3,00,000');

    // The score history, with its text alternative.
    expect(await within(panel).findByRole('img', { name: 'CIBIL score chart' })).toBeTruthy();
    expect(within(panel).getByRole('table', { name: 'CIBIL score by month' })).toBeTruthy();
  });

  it('links to the score predictor for the bureau shown, and the link opens it at that bureau', async () => {
    renderDashboard('/credit-report?bureau=EXPERIAN', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: SCORES,
        [BUREAU_REPORT_PATH]: { ...REPORT, creditBureau: 'EXPERIAN', score: 790, rawScore: '790' },
        [BUREAU_SCORE_PATH]: HISTORY,
      },
    });
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 5000 });
    const factors = (await within(panel).findByRole('heading', { name: 'What’s shaping your score' })).parentElement!;
    const link = within(factors).getByRole('link', {
      name: 'What if you paid a card down or took a loan? Try the score predictor',
    });
    expect(link.getAttribute('href')).toBe('/score-predictor?bureau=EXPERIAN');

    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Score predictor' }, { timeout: 5000 })).toBeTruthy();
    const bureau = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Credit bureau' });
    expect(bureau.value).toBe('EXPERIAN');
    expect(await screen.findByText(/Your score would likely|Little or no change expected/)).toBeTruthy();
  });

  it('loading, then an error with a retry that loads the report', async () => {
    let calls = 0;
    renderDashboard('/credit-report', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: [record('CIBIL', 782)],
        [BUREAU_REPORT_PATH]: () => (++calls === 1 ? refusal('bureauUnavailable', 502) : REPORT),
      },
    });
    expect(await screen.findByText(/Loading your/, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'We couldn’t load your CIBIL report' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'What’s shaping your score' })).toBeTruthy();
  });

  it('before any pull: where the report will appear, with a way back to the score', async () => {
    renderDashboard('/credit-report', { preloaded: signedInState() });
    expect(
      await screen.findByRole('heading', { name: 'Your credit report will appear here' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your credit score' }).getAttribute('href')).toBe(
      '/dashboard#credit-score',
    );
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('no file at any bureau: the no-score explanation, no tabs', async () => {
    renderDashboard('/credit-report', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: ['CIBIL', 'EXPERIAN'].map((bureau) => record(bureau, null)) },
    });
    expect(
      await screen.findByRole('heading', { name: 'We couldn’t find your Credit Score!' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('a bureau without a report says so', async () => {
    renderDashboard('/credit-report', {
      preloaded: signedInState(),
      routes: {
        [CREDIT_SCORES_PATH]: [record('CIBIL', 782)],
        [BUREAU_REPORT_PATH]: refusal('creditReportNotFound', 404),
      },
    });
    expect(await screen.findByRole('heading', { name: 'No CIBIL report yet' }, { timeout: 5000 })).toBeTruthy();
  });
});
