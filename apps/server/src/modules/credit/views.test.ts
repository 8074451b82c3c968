import {
  bureauScoreResponseSchema,
  creditScoresResponseSchema,
  reportStatusResponseSchema,
  scoreMeterResponseSchema,
} from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import type { CreditPullRow } from './store.ts';
import { bureauScoreOf, reportStatusOf, scoreMeterOf, scoreRecordsOf } from './views.ts';

function row(overrides: Partial<CreditPullRow>): CreditPullRow {
  return {
    pullId: '00000000-0000-4000-8000-000000000001',
    customerId: 'c-1',
    bureau: 'CIBIL',
    version: 1,
    provider: 'simulator',
    providerReference: 'ref',
    scoreState: 'SCORE',
    score: 781,
    rawScore: '781',
    riskIndex: null,
    scoreBand: 'VERY_GOOD',
    previousScore: 764,
    dateApplied: new Date('2026-11-20T00:30:00Z'),
    pulledAt: new Date('2026-11-25T06:30:00Z'),
    nextRefreshAt: new Date('2026-12-25T06:30:00Z'),
    consentReference: 'consent-1',
    report: null,
    scoreHistory: [
      { month: '2026-10', score: 764 },
      { month: '2026-11', score: 781 },
    ],
    ...overrides,
  };
}

describe('credit views', () => {
  const rows = [
    row({ bureau: 'EQUIFAX', score: 702, rawScore: '702', scoreBand: 'GOOD' }),
    row({ bureau: 'EXPERIAN', scoreState: 'NO_HIT', score: null, rawScore: '0', scoreBand: null, previousScore: null }),
    row({ bureau: 'CIBIL', dateApplied: new Date('2026-11-19T00:30:00Z') }),
  ];

  it('lists score records latest day first, same day by bureau priority, in the spec shape', () => {
    const records = creditScoresResponseSchema.parse(scoreRecordsOf(rows));
    expect(records.map((record) => record.creditBureau)).toEqual(['EXPERIAN', 'EQUIFAX', 'CIBIL']);
    expect(records[0]).toMatchObject({ score: null, scoreState: 'NO_HIT', rawScore: '0', isValidScore: false });
  });

  it('answers reportStatus for all four bureaus, asked or not', () => {
    const status = reportStatusResponseSchema.parse(reportStatusOf(rows));
    expect(status.bureauList.map((entry) => [entry.creditBureauType, entry.status])).toEqual([
      ['CIBIL', 'REPORT_RECEIVED'],
      ['EXPERIAN', 'NO_HIT'],
      ['HIGHMARK', 'NOT_REQUESTED'],
      ['EQUIFAX', 'REPORT_RECEIVED'],
    ]);
    expect(status.bureauList[0]!.response.creditReportInformation.score.current).toEqual({
      score: 781,
      lastUpdated: '2026-11-19T00:30:00.000Z',
      scoreState: 'SCORE',
      rawScore: '781',
    });
    expect(status.bureauList[1]!.response.creditReportInformation.score.current.lastUpdated).toBeNull();
    expect(status.isValidScore).toBe(true);
    expect(reportStatusOf([rows[1]!]).isValidScore).toBe(false);
    const ntc = reportStatusOf([
      row({ scoreState: 'NEW_TO_CREDIT', score: null, rawScore: '3', riskIndex: 3, scoreBand: null }),
    ]);
    expect(ntc.bureauList[0]).toMatchObject({ status: 'REPORT_RECEIVED', isValidScore: false });
  });

  it('answers getBureauScore and the score meter in their shapes', () => {
    const score = bureauScoreResponseSchema.parse(bureauScoreOf(rows[2]!));
    expect(score.scoreHistory).toHaveLength(2);
    const meter = scoreMeterResponseSchema.parse(scoreMeterOf(rows[0]!));
    expect(meter.bands[0]).toEqual({ band: 'EXCELLENT', min: 751, max: 900 });
    expect(meter.bands.at(-1)).toEqual({ band: 'VERY_LOW', min: 300, max: 499 });
  });
});
