import {
  BUREAUS,
  CREDIT_CONSENT_CONTRACTS,
  PraveshError,
  activeBureauRecord,
  canRefresh,
  istDay,
  nextRefreshDate,
  type Bureau,
  type BureauScoreRecord,
  type BureauScoreResponse,
  type CreditReport,
  type ReportStatusResponse,
  type ScoreMeterResponse,
} from '@pravesh/core';
import { BureauError, type BureauProvider, type BureauReportPull } from '../../providers/bureau/types.ts';
import type { AcceptedConsent, CreditPullSummary, CreditStore } from './store.ts';
import { bureauScoreOf, reportStatusOf, scoreMeterOf, scoreRecordsOf, statusEntryOf } from './views.ts';

export interface CreditServiceOptions {
  store: CreditStore;
  bureau: BureauProvider;
  /** The one clock (ModuleDeps.now). */
  now: () => number;
  /** How long a bureau may take before its call counts as timed out (config bureau.deadlineMs). */
  deadlineMs?: number;
  /** Where a failing bureau is reported (bureau and kind only: no customer data). */
  log?: { warn(details: object, message: string): void };
}

/** Why a bureau call failed, as the catalogue names it (core/credit/errors.ts). */
function catalogueKeyOf(error: unknown): 'bureauTimeout' | 'bureauUnavailable' | 'bureauConsentRequired' {
  if (error instanceof BureauError) {
    if (error.kind === 'timeout') return 'bureauTimeout';
    if (error.kind === 'consentMissing') return 'bureauConsentRequired';
  }
  // Anything else a provider throws (a network error of a real adapter) is the bureau failing.
  return 'bureauUnavailable';
}

/**
 * Credit scores and reports. Reads answer from the stored pulls only, never from the
 * bureau, so a slow or failing bureau never slows a score tile and the last stored report is still
 * served while the bureau is down. Only `pull` calls the bureau: on the customer's recorded
 * consent, for bureaus whose nextRefreshDate has come, storing each answer as a new version.
 */
/** A bureau call that has not answered by the deadline fails as a timeout; its late answer is dropped. */
function withDeadline<T>(call: Promise<T>, bureau: Bureau, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new BureauError('timeout', bureau, `${bureau}: no answer in ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

export function createCreditService({ store, bureau: provider, now, log, deadlineMs = 15_000 }: CreditServiceOptions) {
  const scoreRecordsByRead = new WeakMap<readonly CreditPullSummary[], BureauScoreRecord[]>();

  /** The bureau asked for, else the active bureau (spec 000 §9 priority, first with a valid score). */
  async function pullSummaryOf(customerId: string, bureau: Bureau | undefined): Promise<CreditPullSummary> {
    const rows = await store.latestPerBureau(customerId);
    const wanted = bureau ?? activeBureauRecord(scoreRecordsOf(rows))?.creditBureau;
    const row = rows.find((each) => each.bureau === wanted);
    if (!row) throw new PraveshError('creditReportNotFound');
    return row;
  }

  async function storedReport(customerId: string, bureau: Bureau | undefined): Promise<CreditReport> {
    const { bureau: found } = await pullSummaryOf(customerId, bureau);
    const row = await store.latest(customerId, found as Bureau);
    // A NO_HIT pull stores the state only: the bureau holds no report to show.
    if (!row?.report) throw new PraveshError('creditReportNotFound');
    return row.report;
  }

  async function consentOf(customerId: string): Promise<AcceptedConsent> {
    const consent = await store.acceptedConsent(customerId, CREDIT_CONSENT_CONTRACTS);
    if (!consent) throw new PraveshError('bureauConsentRequired');
    return consent;
  }

  return {
    /** myAccount/getCreditScores: one record per bureau, latest day first, same day by priority. */
    async scores(customerId: string): Promise<BureauScoreRecord[]> {
      const rows = await store.latestPerBureau(customerId);
      // A kept read (store.latestPerBureau) is the same array until the next pull: its records are
      // worked out once for it.
      let records = scoreRecordsByRead.get(rows);
      if (!records) scoreRecordsByRead.set(rows, (records = scoreRecordsOf(rows)));
      return records;
    },

    /** BSP bureauApplication/reportStatus: all four bureaus (spec 001 §3). */
    async reportStatus(customerId: string): Promise<ReportStatusResponse> {
      return reportStatusOf(await store.latestPerBureau(customerId));
    },

    /** BSP bureauApplication/getBureauScore: one bureau's record with its monthly history. */
    async bureauScore(customerId: string, bureau: Bureau | undefined): Promise<BureauScoreResponse> {
      const { bureau: found } = await pullSummaryOf(customerId, bureau);
      const row = await store.latest(customerId, found as Bureau);
      if (!row) throw new PraveshError('creditReportNotFound');
      return bureauScoreOf(row);
    },

    /** The bureau report GET and myAccount/getCreditReport: the latest stored report. */
    report: storedReport,

    /** The score meter: the score on its bureau's band scale. */
    async scoreMeter(customerId: string, bureau: Bureau | undefined): Promise<ScoreMeterResponse> {
      return scoreMeterOf(await pullSummaryOf(customerId, bureau));
    },

    /**
     * Pulls reports on the customer's recorded consent. Bureaus whose latest pull is
     * still fresh are not asked (nothing to pay for, nothing stored); when every bureau asked for is
     * fresh, bureauRefreshTooEarly names the day the first one may be refreshed. The others are
     * asked together; each answer is stored as a new version (the store re-checks freshness under
     * a lock, so two racing pulls store one). A bureau that fails stores nothing and shows as
     * REPORT_FAILED beside its previous score; when every bureau asked fails, the call fails with
     * the catalogue's bureau error (504 timeout, else 502) and nothing at all is stored.
     */
    async pull(customerId: string, bureaus: readonly Bureau[] = BUREAUS): Promise<ReportStatusResponse> {
      const consent = await consentOf(customerId);
      const asked = BUREAUS.filter((bureau) => bureaus.includes(bureau));
      const before = await store.latestPerBureau(customerId);
      const latestOf = (bureau: Bureau) => before.find((row) => row.bureau === bureau);
      const at = now();
      const due = asked.filter((bureau) => canRefresh(latestOf(bureau)?.nextRefreshAt.toISOString(), at));
      if (due.length === 0) {
        const first = Math.min(...asked.map((bureau) => latestOf(bureau)!.nextRefreshAt.getTime()));
        throw new PraveshError('bureauRefreshTooEarly', { date: istDay(first) ?? new Date(first).toISOString() });
      }

      const request = (bureau: Bureau) => ({
        bureau,
        customerId,
        consent: { reference: consent.reference, givenAt: consent.givenAt.getTime() },
      });
      const answers = await Promise.allSettled(
        due.map((bureau) => withDeadline(provider.pullReport(request(bureau)), bureau, deadlineMs)),
      );
      const failed = new Map<Bureau, unknown>();
      const received: BureauReportPull[] = [];
      answers.forEach((answer, index) => {
        if (answer.status === 'fulfilled') received.push(answer.value);
        else {
          failed.set(due[index]!, answer.reason);
          log?.warn({ bureau: due[index], failure: catalogueKeyOf(answer.reason) }, 'credit bureau pull failed');
        }
      });
      if (received.length === 0) {
        const keys = [...failed.values()].map(catalogueKeyOf);
        // One refusal of consent outranks the rest; a bureau that timed out everywhere is a timeout.
        throw new PraveshError(
          keys.includes('bureauConsentRequired')
            ? 'bureauConsentRequired'
            : keys.every((key) => key === 'bureauTimeout')
              ? 'bureauTimeout'
              : 'bureauUnavailable',
        );
      }

      for (const pull of received) {
        const pulledAt = now();
        await store.append(
          {
            customerId,
            bureau: pull.bureau,
            provider: provider.name,
            providerReference: pull.providerReference,
            state: pull.state,
            dateApplied: new Date(pull.report?.lastUpdated ?? pulledAt),
            pulledAt: new Date(pulledAt),
            nextRefreshAt: new Date(nextRefreshDate(pulledAt)),
            consentReference: consent.reference,
            report: pull.report,
            scoreHistory: pull.history,
          },
          new Date(pulledAt),
        );
      }

      const status = reportStatusOf(await store.latestPerBureau(customerId));
      // A failed bureau keeps its previous score in view, marked as not refreshed this time.
      for (const [bureau] of failed) {
        const index = status.bureauList.findIndex((entry) => entry.creditBureauType === bureau);
        status.bureauList[index] = { ...statusEntryOf(bureau, latestOf(bureau)), status: 'REPORT_FAILED' };
      }
      return status;
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
