import {
  BUREAUS,
  bandRanges,
  isValidScore,
  sortBureauRecords,
  type Bureau,
  type BureauScoreRecord,
  type BureauScoreResponse,
  type BureauStatusEntry,
  type ReportStatusResponse,
  type ScoreBand,
  type ScoreMeterResponse,
  type ScoreStateKind,
} from '@pravesh/core';
import type { CreditPullRow, CreditPullSummary } from './store.ts';

/**
 * Stored pulls in the shapes the routes answer with (core/credit/schemas.ts), written once so
 * every route keeps one shape: spec 000 §3 score records, spec 001 §3 report status, the
 * getBureauScore answer and the score meter.
 */

/** spec 000 §3 bureau score record of a stored pull. */
export function scoreRecordOf(row: CreditPullSummary): BureauScoreRecord {
  return {
    creditBureau: row.bureau as Bureau,
    score: row.score,
    previousScore: row.previousScore,
    scoreBand: row.scoreBand as ScoreBand | null,
    dateApplied: row.dateApplied.toISOString(),
    nextRefreshDate: row.nextRefreshAt.toISOString(),
    scoreState: row.scoreState as ScoreStateKind,
    rawScore: row.rawScore,
    riskIndex: row.riskIndex,
    isValidScore: isValidScore(row.score),
  };
}

/** getCreditScores' list: one record per bureau, latest day first, same day by bureau priority (spec 000 §9). */
export function scoreRecordsOf(rows: readonly CreditPullSummary[]): BureauScoreRecord[] {
  return sortBureauRecords(rows.map(scoreRecordOf));
}

/** getBureauScore: the record and the bureau's monthly history, oldest first. */
export function bureauScoreOf(row: CreditPullRow): BureauScoreResponse {
  return { ...scoreRecordOf(row), scoreHistory: row.scoreHistory };
}

/**
 * spec 001 §3 bureauList entry. A bureau never asked is NOT_REQUESTED; one without a file is
 * NO_HIT (no lastUpdated: there is no score to date); any other stored pull is REPORT_RECEIVED,
 * a new-to-credit file included (its report came, its score did not).
 */
export function statusEntryOf(bureau: Bureau, row: CreditPullSummary | undefined): BureauStatusEntry {
  const current: BureauStatusEntry['response']['creditReportInformation']['score']['current'] = row
    ? {
        score: row.score,
        lastUpdated: row.scoreState === 'NO_HIT' ? null : row.dateApplied.toISOString(),
        scoreState: row.scoreState as ScoreStateKind,
        rawScore: row.rawScore,
      }
    : { score: null, lastUpdated: null, scoreState: null, rawScore: null };
  return {
    creditBureauType: bureau,
    status: !row ? 'NOT_REQUESTED' : row.scoreState === 'NO_HIT' ? 'NO_HIT' : 'REPORT_RECEIVED',
    isValidScore: isValidScore(current.score),
    response: { creditReportInformation: { score: { current } } },
  };
}

/** reportStatus: every bureau in priority order, whether asked or not. */
export function reportStatusOf(rows: readonly CreditPullSummary[]): ReportStatusResponse {
  const bureauList = BUREAUS.map((bureau) =>
    statusEntryOf(
      bureau,
      rows.find((row) => row.bureau === bureau),
    ),
  );
  return { bureauList, isValidScore: bureauList.some((entry) => entry.isValidScore) };
}

/** The score meter: the pull's score on its bureau's band scale. */
export function scoreMeterOf(row: CreditPullSummary): ScoreMeterResponse {
  const bureau = row.bureau as Bureau;
  return {
    creditBureau: bureau,
    score: row.score,
    scoreBand: row.scoreBand as ScoreBand | null,
    scoreState: row.scoreState as ScoreStateKind,
    bands: bandRanges(bureau),
  };
}
