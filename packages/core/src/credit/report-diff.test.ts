import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayInWords, diffReports, explainScoreChange, latestDpd, type ReportChange } from './report-diff.ts';
import { ACCOUNT_TYPES, creditReportSchema, type CreditAccount, type CreditReport } from './schemas.ts';

const card: CreditAccount = {
  accountNumber: 'XXXXXXXX1234',
  type: 'CC',
  lender: 'HDFC Bank',
  ownership: 'INDIVIDUAL',
  openedDate: '2021-03-14',
  closedDate: null,
  sanctionedAmount: 200_000,
  balance: 40_000,
  overdue: 0,
  writtenOff: false,
  settled: false,
  dpdHistory: [
    { month: '2026-10', dpd: 0 },
    { month: '2026-09', dpd: 0 },
  ],
};

const loan: CreditAccount = {
  ...card,
  accountNumber: 'XXXXXXXX7788',
  type: 'PL',
  lender: 'Bajaj Finance',
  openedDate: '2023-06-02',
  sanctionedAmount: 300_000,
  balance: 120_000,
};

const report: CreditReport = {
  reportId: 'r-1',
  creditBureau: 'CIBIL',
  lastUpdated: '2026-10-05T00:30:00.000Z',
  pulledAt: '2026-10-21T06:00:00.000Z',
  scoreState: 'SCORE',
  score: 760,
  rawScore: '760',
  riskIndex: null,
  summary: {
    totalAccounts: 2,
    activeAccounts: 2,
    totalSanctioned: 500_000,
    totalBalance: 160_000,
    totalOverdue: 0,
    creditUtilisation: 20,
    oldestAccountAgeMonths: 67,
    enquiriesLast6Months: 1,
  },
  accounts: [card, loan],
  enquiries: [{ date: '2026-08-11', lender: 'ICICI Bank', purpose: 'PL', amount: 300_000 }],
};

const kinds = (changes: ReportChange[]) => changes.map((change) => change.kind);

describe('diffReports (credit alerts, every score change explained)', () => {
  it('finds nothing between a report and itself', () => {
    expect(diffReports(report, report)).toEqual([]);
  });

  it('names a new enquiry, a new account and the score change, the score change first', () => {
    const newCard: CreditAccount = {
      ...card,
      accountNumber: 'XXXXXXXX4455',
      lender: 'Axis Bank',
      openedDate: '2026-11-12',
      sanctionedAmount: 150_000,
    };
    const newer: CreditReport = {
      ...report,
      score: 744,
      accounts: [...report.accounts, newCard],
      enquiries: [{ date: '2026-11-09', lender: 'Axis Bank', purpose: 'CC', amount: null }, ...report.enquiries],
    };
    const changes = diffReports(report, newer);
    expect(kinds(changes)).toEqual(['SCORE_DOWN', 'NEW_ACCOUNT', 'NEW_ENQUIRY']);
    expect(changes[0]).toMatchObject({ impact: 'NEGATIVE', title: 'Your score went down by 16 points' });
    expect(changes[0]!.explanation).toContain('from 760 to 744');
    expect(changes[1]!.explanation).toContain('Axis Bank');
    expect(changes[1]!.details).toMatchObject({ accountNumber: 'XXXXXXXX4455', date: '2026-11-12' });
    expect(changes[2]!.explanation).toBe(
      'Axis Bank checked your report on 9 November 2026 for a credit card. Each application lowers your score a little ' +
        'for a few months; several in a short time lower it more. If you did not apply, contact the lender and the bureau.',
    );
  });

  it('reports a missed payment when the days past due rise, ranked above an enquiry', () => {
    const late = { ...loan, overdue: 8_000, dpdHistory: [{ month: '2026-11', dpd: 30 }, ...loan.dpdHistory] };
    const newer = {
      ...report,
      accounts: [card, late],
      enquiries: [
        { date: '2026-11-01', lender: 'SBI Card', purpose: 'CC' as const, amount: null },
        ...report.enquiries,
      ],
    };
    const changes = diffReports(report, newer);
    expect(kinds(changes)).toEqual(['MISSED_PAYMENT', 'NEW_ENQUIRY']);
    expect(changes[0]).toMatchObject({ impact: 'NEGATIVE', details: { from: 0, to: 30 } });
    expect(changes[0]!.explanation).toContain('30 days past due, with ₹8,000 overdue');
    // Back to paying on time is not a missed payment.
    expect(diffReports(newer, report).filter((change) => change.kind === 'MISSED_PAYMENT')).toEqual([]);
  });

  it('reports utilisation only past the threshold, up as negative and down as positive', () => {
    const at = (creditUtilisation: number) => ({ ...report, summary: { ...report.summary, creditUtilisation } });
    expect(diffReports(at(20), at(29))).toEqual([]);
    expect(diffReports(at(20), at(45))[0]).toMatchObject({ kind: 'UTILISATION_UP', impact: 'NEGATIVE' });
    expect(diffReports(at(45), at(20))[0]).toMatchObject({ kind: 'UTILISATION_DOWN', impact: 'POSITIVE' });
    expect(diffReports(at(20), at(25), { utilisationThreshold: 5 })).toHaveLength(1);
  });

  it('tells a closed card (negative) from a repaid loan (positive)', () => {
    const newer = {
      ...report,
      accounts: [
        { ...card, closedDate: '2026-11-03' },
        { ...loan, closedDate: '2026-11-04', balance: 0 },
      ],
    };
    const changes = diffReports(report, newer);
    expect(changes.map((change) => [change.kind, change.impact])).toEqual([
      ['ACCOUNT_CLOSED', 'NEGATIVE'],
      ['ACCOUNT_CLOSED', 'POSITIVE'],
    ]);
  });

  it('explains a score rise with the changes that pushed it up first', () => {
    const newer = {
      ...report,
      score: 781,
      summary: { ...report.summary, creditUtilisation: 5 },
      enquiries: [
        { date: '2026-11-02', lender: 'HDFC Bank', purpose: 'CC' as const, amount: null },
        ...report.enquiries,
      ],
    };
    const changes = diffReports(report, newer);
    expect(changes[0]!.explanation).toContain('Mainly because: your credit utilisation went down.');
    const why = explainScoreChange(changes);
    expect(why).toMatchObject({ from: 760, to: 781, delta: 21 });
    expect(kinds(why!.reasons)).toEqual(['UTILISATION_DOWN', 'NEW_ENQUIRY']);
    expect(explainScoreChange(diffReports(report, report))).toBeNull();
  });

  it('says nothing about a score when either pull has none', () => {
    const unscored = { ...report, score: null, scoreState: 'NEW_TO_CREDIT' as const, rawScore: '0' };
    expect(diffReports(unscored, report)).toEqual([]);
    expect(diffReports(report, unscored)).toEqual([]);
  });

  it('writes report days as a customer reads them', () => {
    expect(dayInWords('2026-03-01')).toBe('1 March 2026');
    expect(dayInWords('2025-12-31')).toBe('31 December 2025');
  });

  it('reads the latest reported days past due, skipping unreported months', () => {
    expect(
      latestDpd({
        ...card,
        dpdHistory: [
          { month: '2026-11', dpd: null },
          { month: '2026-10', dpd: 15 },
        ],
      }),
    ).toBe(15);
    expect(latestDpd({ ...card, dpdHistory: [] })).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over generated reports

const day = fc
  .date({ min: new Date('2018-01-01T00:00:00Z'), max: new Date('2026-11-30T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const lender = fc.constantFrom('HDFC Bank', 'ICICI Bank', 'SBI Card', 'Axis Bank', 'Bajaj Finance');

const accountArb: fc.Arbitrary<CreditAccount> = fc.record({
  accountNumber: fc.integer({ min: 0, max: 9999 }).map((n) => `XXXXXXXX${String(n).padStart(4, '0')}`),
  type: fc.constantFrom(...ACCOUNT_TYPES),
  lender,
  ownership: fc.constant('INDIVIDUAL' as const),
  openedDate: day,
  closedDate: fc.option(day, { nil: null }),
  sanctionedAmount: fc.integer({ min: 0, max: 5_000_000 }),
  balance: fc.integer({ min: 0, max: 5_000_000 }),
  overdue: fc.integer({ min: 0, max: 100_000 }),
  writtenOff: fc.boolean(),
  settled: fc.boolean(),
  dpdHistory: fc.array(
    fc.record({ month: fc.constant('2026-10'), dpd: fc.option(fc.constantFrom(0, 15, 30, 60, 90), { nil: null }) }),
    { maxLength: 4 },
  ),
});

const reportArb: fc.Arbitrary<CreditReport> = fc
  .record({
    score: fc.option(fc.integer({ min: 300, max: 900 }), { nil: null }),
    utilisation: fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
    accounts: fc.array(accountArb, { maxLength: 6 }),
    enquiries: fc.array(
      fc.record({
        date: day,
        lender,
        purpose: fc.constantFrom(...ACCOUNT_TYPES),
        amount: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
      }),
      { maxLength: 5 },
    ),
  })
  .map(({ score, utilisation, accounts, enquiries }) => ({
    ...report,
    score,
    scoreState: score === null ? ('NEW_TO_CREDIT' as const) : ('SCORE' as const),
    rawScore: score === null ? '0' : String(score),
    summary: { ...report.summary, creditUtilisation: utilisation },
    accounts,
    enquiries,
  }));

describe('diffReports properties', () => {
  it('generates valid reports', () => {
    fc.assert(fc.property(reportArb, (generated) => creditReportSchema.safeParse(generated).success));
  });

  it('a report diffed with itself is empty', () => {
    fc.assert(fc.property(reportArb, (generated) => diffReports(generated, generated).length === 0));
  });

  it('is deterministic, ranked, and (kind, subject) is unique', () => {
    fc.assert(
      fc.property(reportArb, reportArb, (older, newer) => {
        const changes = diffReports(older, newer);
        expect(diffReports(structuredClone(older), structuredClone(newer))).toEqual(changes);
        const ids = changes.map((change) => `${change.kind}:${change.subjectKey}`);
        expect(new Set(ids).size).toBe(ids.length);
        // A score change heads the list; the rest never rise in weight.
        changes.slice(1).forEach((change, index) => {
          expect(change.kind.startsWith('SCORE')).toBe(false);
          if (index > 0) expect(change.weight).toBeLessThanOrEqual(changes[index]!.weight);
        });
        for (const change of changes) expect(change.explanation.length).toBeGreaterThan(20);
      }),
    );
  });

  it('names the score change exactly when both scores exist and differ, with its sign', () => {
    fc.assert(
      fc.property(reportArb, reportArb, (older, newer) => {
        const scoreChanges = diffReports(older, newer).filter((change) => change.subjectKey === 'score');
        if (older.score === null || newer.score === null || older.score === newer.score) {
          return scoreChanges.length === 0;
        }
        const up = newer.score > older.score;
        return scoreChanges.length === 1 && scoreChanges[0]!.kind === (up ? 'SCORE_UP' : 'SCORE_DOWN');
      }),
    );
  });

  it('counts each added enquiry once, and an added open account once', () => {
    fc.assert(
      fc.property(reportArb, accountArb, day, (base, extra, date) => {
        const added = { date, lender: 'Kotak Mahindra Bank', purpose: 'PL' as const, amount: 1_000 };
        const withEnquiry = { ...base, enquiries: [added, ...base.enquiries] };
        expect(kinds(diffReports(base, withEnquiry))).toEqual(['NEW_ENQUIRY']);
        const fresh = { ...extra, lender: 'IDFC FIRST Bank', closedDate: null };
        const withAccount = { ...base, accounts: [...base.accounts, fresh] };
        expect(kinds(diffReports(base, withAccount))).toEqual(['NEW_ACCOUNT']);
      }),
    );
  });
});
