import { createConsentJourney } from './consent-journey.ts';
import { createConsentRecords, type AggregatorServiceOptions } from './consent-records.ts';
import { createDataReads } from './data-reads.ts';
import { createFetchWorker } from './fetch-worker.ts';

export { consentDetailFor, type AggregatorServiceOptions } from './consent-records.ts';

/**
 * Rules of the OVI service (spec 001 §4, §7, §9). Who is asking is always the access
 * token's customer: every read and write is scoped by that id, and a handle, link or account of
 * another customer answers aaNotFound. Time only through `now`.
 *
 * Fetches are durable jobs (aa_fetch_jobs): FI request → (the AA readies the data) → FI fetch, one
 * step per run, each step's outcome stored. Runs happen when the customer's screen polls
 * (fetchUserAccountInfo every 20 s, spec 001 §9) and from the module's background ticker; a job's
 * lease keeps two runs apart, the open-job index keeps one job per consent.
 *
 * The service is three parts over one set of consent records (consent-records.ts): the consent
 * journey (consent-journey.ts), the fetch worker (fetch-worker.ts) and the data reads (data-reads.ts).
 */
export function createAggregatorService(options: AggregatorServiceOptions) {
  const records = createConsentRecords(options);
  const worker = createFetchWorker(options);
  return {
    advance: worker.advance,
    ...createConsentJourney(options, records, worker),
    ...createDataReads(options, records, worker),
  };
}

export type AggregatorService = ReturnType<typeof createAggregatorService>;
