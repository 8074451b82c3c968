import { type FetchStatus } from '@pravesh/core';
import { AggregatorError, type ConsentDetail } from '../../providers/aggregator/types.ts';
import { iso, type AggregatorServiceOptions } from './consent-records.ts';
import type { JobRow } from './store.ts';

/**
 * Fetches are durable jobs (aa_fetch_jobs): FI request → (the AA readies the data) → FI fetch, one
 * step per run, each step's outcome stored. Runs happen when the customer's screen polls
 * (fetchUserAccountInfo every 20 s, spec 001 §9) and from the module's background ticker; a job's
 * lease keeps two runs apart, the open-job index keeps one job per consent.
 */

const JOB_LEASE_MS = 60_000;
/** spec 001 §9 update retries at 20, 40, 100, 200 and 500 s: the job backs off on the same schedule. */
const RETRY_MS = [20_000, 40_000, 100_000, 200_000, 500_000] as const;

export function createFetchWorker(options: Pick<AggregatorServiceOptions, 'store' | 'provider' | 'now'>) {
  const { store, provider, now } = options;

  async function runJob(job: JobRow): Promise<void> {
    const at = now();
    const consent = await store.consentById(job.consentId);
    if (!consent) {
      await store.updateJob(job.jobId, { status: 'FAILED', lastError: 'consent gone' }, new Date(at));
      return;
    }
    const retry = async (reason: string) => {
      const attempts = job.attempts + 1;
      const delay = RETRY_MS[attempts - 1];
      await store.updateJob(
        job.jobId,
        delay === undefined
          ? { status: 'FAILED', attempts, lastError: reason }
          : { attempts, runAfter: new Date(at + delay), lastError: reason },
        new Date(at),
      );
    };
    try {
      if (job.status === 'QUEUED') {
        const detail = consent.detail as ConsentDetail;
        const { sessionId } = await provider.requestData(job.consentId, { from: detail.FIDataRange.from, to: iso(at) });
        await store.updateJob(job.jobId, { status: 'REQUESTED', sessionId, runAfter: new Date(at) }, new Date(at));
        return;
      }
      const result = await provider.fetchData(job.sessionId as string);
      const session = result.session;
      if (session.status === 'ACTIVE') {
        // Not ready yet: the next poll looks again.
        await store.updateJob(job.jobId, { runAfter: new Date(at) }, new Date(at));
        return;
      }
      if (session.status === 'COMPLETED') {
        for (const account of result.accounts) await store.storeAccountData(job.customerId, account, new Date(at));
        await store.updateJob(job.jobId, { status: 'COMPLETED', lastError: null }, new Date(at));
        await store.audit(
          job.customerId,
          'FI_FETCHED',
          job.consentId,
          { accounts: result.accounts.length },
          new Date(at),
        );
        return;
      }
      const reasons = session.accounts.map((account) => account.FIStatus).join(',');
      await store.updateJob(
        job.jobId,
        { status: 'FAILED', lastError: `session ${session.status}: ${reasons}` },
        new Date(at),
      );
    } catch (error) {
      if (error instanceof AggregatorError && ['unavailable', 'timeout', 'frequencyExceeded'].includes(error.kind)) {
        await retry(error.kind);
        return;
      }
      const reason = error instanceof AggregatorError ? error.kind : 'error';
      await store.updateJob(job.jobId, { status: 'FAILED', lastError: reason }, new Date(at));
      if (!(error instanceof AggregatorError)) throw error;
    }
  }

  /** Runs each due job (of one customer, or all) one step; a job another run holds is skipped. */
  async function advance(customerId?: string): Promise<void> {
    const at = now();
    for (const jobId of await store.dueJobIds(new Date(at), customerId)) {
      const job = await store.claimJob(jobId, new Date(at), new Date(at + JOB_LEASE_MS));
      if (job) await runJob(job);
    }
  }

  async function fetchStatusOf(customerId: string): Promise<FetchStatus> {
    const job = await store.latestJob(customerId);
    if (!job) return 'NOT_STARTED';
    if (job.status === 'QUEUED' || job.status === 'REQUESTED') return 'IN_PROGRESS';
    return job.status === 'COMPLETED' ? 'COMPLETED' : 'FAILED';
  }

  return { advance, fetchStatusOf };
}

export type FetchWorker = ReturnType<typeof createFetchWorker>;
