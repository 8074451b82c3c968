import { describe, expect, it } from 'vitest';
import { activeBureauRecord, BUREAUS, diffReports, istDay, type Bureau, type CreditReport } from '@pravesh/core';
import { createBureauSimulator } from '../../providers/bureau/simulator.ts';
import { earlierDemoPull } from './demo-customers.ts';
import { DEMO_SCORE_LIFT, demoProfileOf } from '../../providers/bureau/demo-profiles.ts';

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0);
const consent = { reference: 'consent_ledger:demo', givenAt: NOW - 1000 };
const subject = demoProfileOf('9800000001', 'SCORED');

function pull(customerId: string, bureau: Bureau, now = NOW) {
  const simulator = createBureauSimulator({ now: () => now, profileOf: () => Promise.resolve(subject) });
  return simulator.pullReport({ bureau, customerId, consent });
}

/** The scored demo customer's file is keyed on their number, not on the id sign-up made. */
describe('the scored demo customer (9800000001)', () => {
  it('gets the same file at every bureau whatever their customer id', async () => {
    for (const bureau of BUREAUS) {
      const one = await pull('3b8a1c1e-8f0e-4c55-9a43-0f4e4a5c0b11', bureau);
      const other = await pull('f2d0c7b4-19a6-4f8e-b1b3-5c2d9e7a6a20', bureau);
      expect(other).toEqual(one);
    }
  });

  it('looks healthy: scored everywhere, no late payment, nothing written off, utilisation under 30 %', async () => {
    // Every month of two years: the file is healthy whenever the demo runs.
    for (const [bureau, month] of BUREAUS.flatMap((each) => Array.from({ length: 24 }, (_, m) => [each, m] as const))) {
      const answer = await pull('3b8a1c1e-8f0e-4c55-9a43-0f4e4a5c0b11', bureau, NOW + month * 30 * 86_400_000);
      expect(answer.state.kind).toBe('SCORE');
      const report = answer.report!;
      expect(report.score).toBeGreaterThanOrEqual(740);
      for (const account of report.accounts) {
        expect(account.writtenOff || account.settled).toBe(false);
        expect(account.dpdHistory.every((month) => (month.dpd ?? 0) === 0)).toBe(true);
      }
      expect(report.summary.creditUtilisation).toBeLessThan(30);
      // The latest month is the lift above the month before, as the earlier pull will say.
      const [before, latest] = answer.history.slice(-2);
      expect(latest!.score - before!.score).toBe(DEMO_SCORE_LIFT);
      expect(report.score).toBe(latest!.score);
    }
  });

  it('has an earlier pull a month before that differs by a new card, its enquiry and the score', async () => {
    const current = await pull('3b8a1c1e-8f0e-4c55-9a43-0f4e4a5c0b11', 'CIBIL');
    const earlier = earlierDemoPull(current, NOW - 31 * 86_400_000);
    expect(earlierDemoPull(current, NOW - 31 * 86_400_000)).toEqual(earlier);
    const changes = diffReports(earlier.report!, current.report!);
    const kinds = changes.map((change) => change.kind);
    expect(kinds[0]).toBe('SCORE_UP');
    expect(kinds).toEqual(expect.arrayContaining(['UTILISATION_DOWN', 'NEW_ACCOUNT', 'NEW_ENQUIRY']));
    expect(kinds).not.toContain('MISSED_PAYMENT');
    expect(changes[0]!.title).toBe(`Your score went up by ${DEMO_SCORE_LIFT} points`);
  });

  /** Every date a report carries, beside the report's own date: none may be later (one story). */
  function datesAfterReportDay(report: CreditReport): string[] {
    const day = istDay(report.lastUpdated)!;
    const month = day.slice(0, 7);
    return [
      ...report.accounts.flatMap((account) => [account.openedDate, account.closedDate ?? ''].filter((d) => d > day)),
      ...report.accounts.flatMap((account) => account.dpdHistory.map((entry) => entry.month).filter((m) => m > month)),
      ...report.enquiries.map((enquiry) => enquiry.date).filter((d) => d > day),
    ];
  }

  it('tells one story every day of the year: nothing in a report is dated after it, CIBIL is the active bureau', async () => {
    for (let days = 0; days < 365; days += 3) {
      const now = NOW + days * 86_400_000;
      const pulls = await Promise.all(
        BUREAUS.map((bureau) => pull('3b8a1c1e-8f0e-4c55-9a43-0f4e4a5c0b11', bureau, now)),
      );
      for (const answer of pulls) {
        expect(datesAfterReportDay(answer.report!), `${answer.bureau} on day ${days}`).toEqual([]);
      }
      const earlier = earlierDemoPull(pulls[0]!, now - 31 * 86_400_000);
      expect(datesAfterReportDay(earlier.report!), `earlier CIBIL on day ${days}`).toEqual([]);
      expect(Date.parse(earlier.report!.lastUpdated)).toBeLessThan(Date.parse(pulls[0]!.report!.lastUpdated));
      // The nudge's tile and the dashboard's first tab are the active bureau (spec 000 §9): CIBIL,
      // the bureau the seed's earlier pull (and so "Why your score changed") is about.
      const records = pulls.map((answer) => ({
        creditBureau: answer.bureau,
        dateApplied: answer.report!.lastUpdated,
        score: answer.report!.score,
      }));
      expect(activeBureauRecord(records)!.creditBureau).toBe('CIBIL');
    }
  });
});
