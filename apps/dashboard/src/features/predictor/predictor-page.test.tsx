// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';
import { BUREAU_REPORT_PATH } from '../report/api.ts';
import { CREDIT_SCORES_PATH } from '../scores/api.ts';

afterEach(cleanup);

const record = (creditBureau: string, score: number | null) => ({
  creditBureau,
  score,
  previousScore: null,
  scoreBand: score === null ? null : 'GOOD',
  dateApplied: '2026-11-20T06:00:00.000Z',
  nextRefreshDate: '2026-12-20T06:00:00.000Z',
  scoreState: score === null ? 'NO_HIT' : 'SCORE',
  rawScore: score === null ? null : String(score),
  riskIndex: null,
  isValidScore: score !== null,
});

const account = (type: string, balance: number, extra: Record<string, unknown> = {}) => ({
  accountNumber: 'XXXXXXXX4821',
  type,
  lender: 'HDFC Bank',
  ownership: 'INDIVIDUAL',
  openedDate: '2019-08-14',
  closedDate: null,
  sanctionedAmount: 100_000,
  balance,
  overdue: 0,
  writtenOff: false,
  settled: false,
  dpdHistory: [{ month: '2026-10', dpd: 0 }],
  ...extra,
});

const REPORT = {
  reportId: 'r-1',
  creditBureau: 'CIBIL',
  lastUpdated: '2026-11-20T06:00:00.000Z',
  pulledAt: '2026-11-20T06:00:00.000Z',
  scoreState: 'SCORE',
  score: 720,
  rawScore: '720',
  riskIndex: null,
  summary: {
    totalAccounts: 2,
    activeAccounts: 2,
    totalSanctioned: 200_000,
    totalBalance: 90_000,
    totalOverdue: 0,
    creditUtilisation: 90,
    oldestAccountAgeMonths: 87,
    enquiriesLast6Months: 0,
  },
  accounts: [account('CC', 90_000), account('PL', 0, { accountNumber: 'XXXXXXXX1234', lender: 'Bajaj Finance' })],
  enquiries: [],
};

describe('score predictor (spec 001 §9 "score predictor")', () => {
  it('predicts a rise for paying cards down and a fall for a missed payment, with the caveat', async () => {
    renderDashboard('/score-predictor', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: [record('CIBIL', 720), record('EXPERIAN', null)], [BUREAU_REPORT_PATH]: REPORT },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Score predictor' }, { timeout: 5000 })).toBeTruthy();
    // Only bureaus with a score to start from.
    const bureau = await screen.findByRole('combobox', { name: 'Credit bureau' });
    expect(
      within(bureau)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CIBIL']);

    const result = (await screen.findByText('Your score would likely go up')).closest('[role="status"]')!;
    expect(result.textContent).toMatch(/720 →\s+could become\s*[78]\d\d–[78]\d\d/);
    expect(result.textContent).toContain('credit card utilisation');

    fireEvent.click(screen.getByRole('radio', { name: /Miss a payment/ }));
    fireEvent.click(await screen.findByRole('radio', { name: '90 days' }));
    const missed = (await screen.findByText('Your score would likely go down')).closest('[role="status"]')!;
    expect(missed.textContent).toContain('payment history');
    expect(screen.getByText(/not a credit bureau’s own calculation/)).toBeTruthy();
  });

  it('asks for a valid amount of new credit and shows no prediction without one', async () => {
    renderDashboard('/score-predictor?bureau=CIBIL', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: [record('CIBIL', 720)], [BUREAU_REPORT_PATH]: REPORT },
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Take new credit/ }, { timeout: 5000 }));
    const amount = await screen.findByRole('textbox', { name: 'Loan amount (₹)' });
    fireEvent.change(amount, { target: { value: '' } });
    expect(await screen.findByText('Enter an amount from ₹1 to ₹10 crore')).toBeTruthy();
    expect(screen.queryByText(/Your score would likely|Little or no change/)).toBeNull();
    fireEvent.change(amount, { target: { value: '500000' } });
    expect(await screen.findByText(/Your score would likely go down|Little or no change expected/)).toBeTruthy();
  });

  it('explains that it needs a score, and offers a retry when scores cannot load', async () => {
    renderDashboard('/score-predictor', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: [record('CIBIL', null)] },
    });
    expect(
      await screen.findByText(/none of the credit bureaus has one for you yet/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    cleanup();
    renderDashboard('/score-predictor', {
      preloaded: signedInState(),
      routes: { [CREDIT_SCORES_PATH]: refusal('somethingWentWrong', 503) },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
