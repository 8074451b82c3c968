import { describe, expect, it } from 'vitest';
import type { CreditAccount, CreditReport } from '../credit/schemas.ts';
import { BUILD_A_SCORE_STEPS, NO_FILE_STEPS, creditHealthReport, type HealthReportFile } from './health-report.ts';

const card = (overrides: Partial<CreditAccount> = {}): CreditAccount => ({
  accountNumber: 'XXXXXXXX4321',
  type: 'CC',
  lender: 'Sahyadri Bank',
  ownership: 'INDIVIDUAL',
  openedDate: '2018-04-01',
  closedDate: null,
  sanctionedAmount: 100_000,
  balance: 10_000,
  overdue: 0,
  writtenOff: false,
  settled: false,
  dpdHistory: [{ month: '2026-10', dpd: 0 }],
  ...overrides,
});

function report(score: number, accounts: CreditAccount[], lastUpdated = '2026-11-01T00:30:00.000Z'): CreditReport {
  return {
    reportId: `r-${score}`,
    creditBureau: 'CIBIL',
    lastUpdated,
    pulledAt: '2026-11-28T06:00:00.000Z',
    scoreState: 'SCORE',
    score,
    rawScore: String(score),
    riskIndex: null,
    summary: {
      totalAccounts: accounts.length,
      activeAccounts: accounts.length,
      totalSanctioned: 0,
      totalBalance: 0,
      totalOverdue: 0,
      creditUtilisation: null,
      oldestAccountAgeMonths: null,
      enquiriesLast6Months: 0,
    },
    accounts,
    enquiries: [],
  };
}

const file = (bureau: HealthReportFile['bureau'], latest: CreditReport, previous: CreditReport | null = null) =>
  ({
    bureau,
    scoreState: 'SCORE',
    score: latest.score,
    scoreBand: 'GOOD',
    dateApplied: latest.lastUpdated,
    report: { ...latest, creditBureau: bureau },
    previous,
  }) as HealthReportFile;

describe('the Credit Health Report (spec 001 §1)', () => {
  it('leads with the active bureau, says what changed since the pull before, and ranks the next steps', () => {
    const before = report(700, [card({ balance: 80_000 })], '2026-10-01T00:30:00.000Z');
    const now = report(718, [card({ balance: 60_000 })]);
    const built = creditHealthReport(
      [file('EXPERIAN', report(705, [card({ balance: 70_000 })])), file('CIBIL', now, before)],
      '2026-11-28T06:00:00.000Z',
    );
    expect(built.state).toBe('SCORED');
    expect(built.activeBureau).toBe('CIBIL');
    expect(built.bureaus.map((bureau) => bureau.creditBureau)).toEqual(['CIBIL', 'EXPERIAN']);
    expect(built.bureaus[0]!.change).toEqual({ from: 700, to: 718, delta: 18 });
    expect(built.bureaus[0]!.changes[0]!.title).toBe('Your score went up by 18 points');
    expect(built.bureaus[0]!.reportDate).toBe('2026-11-01T00:30:00.000Z');
    expect(built.bureaus[1]!.changes).toEqual([]);
    // Card use of 60% and 70%: one step for the factor, naming both bureaus, the worse one's words.
    expect(built.nextSteps[0]).toMatchObject({
      title: 'Bring your card use under 30%',
      bureaus: ['CIBIL', 'EXPERIAN'],
    });
    expect(built.nextSteps[0]!.detail).toContain('70%');
    expect(built.headline).toMatch(/^\d of 5 factors (is|are) helping your score\. .+ is where you’ll gain most\.$/);
  });

  it('a healthy file: every factor helping, and a step to keep it so', () => {
    const built = creditHealthReport(
      [file('CIBIL', report(800, [card(), card({ type: 'HL', accountNumber: 'XXXX1', sanctionedAmount: 2_000_000 })]))],
      '2026-11-28T06:00:00.000Z',
    );
    expect(built.headline).toBe('All 5 factors are helping your score: your credit is in good health.');
    expect(built.nextSteps.map((step) => step.title)).toEqual(['Keep doing what you’re doing']);
  });

  it('without a score: how to build one (new to credit) or what to check (no file)', () => {
    const ntc = creditHealthReport(
      [{ ...file('CIBIL', report(700, [])), scoreState: 'NEW_TO_CREDIT', score: null, scoreBand: null }],
      '2026-11-28T06:00:00.000Z',
    );
    expect(ntc.state).toBe('NEW_TO_CREDIT');
    expect(ntc.nextSteps).toEqual(BUILD_A_SCORE_STEPS);
    const none = creditHealthReport(
      [{ ...file('CIBIL', report(700, [])), scoreState: 'NO_HIT', score: null, scoreBand: null, report: null }],
      '2026-11-28T06:00:00.000Z',
    );
    expect(none.state).toBe('NO_HIT');
    expect(none.nextSteps).toEqual(NO_FILE_STEPS);
    expect(none.bureaus[0]!.factors).toEqual([]);
  });
});
