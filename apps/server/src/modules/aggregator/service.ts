import {
  AGGREGATOR_BANKS,
  AGGREGATOR_NAME,
  BALANCE_BANNER_STATES,
  CONSENT_WINDOW,
  EIGHT_DIGIT_OTP_FIPS,
  MIN_FETCH_INTERVAL_MS,
  POPULAR_BANK_FIPS,
  PURPOSE_CODES,
  PraveshError,
  TOP_BANK_FIPS,
  TOP_BANK_FIPS_DEVELOPMENT,
  TRANSACTIONS_PAGE_SIZE,
  aggregatorBank,
  aggregatorCustomerId,
  buildInsights,
  insightsStart,
  istDateOf,
  istDayStart,
  monthsUpTo,
  type InsightsResponse,
  type StatementQuery,
  type AccountsDetailResponse,
  type BalanceBannerState,
  type AaConsentStatus,
  type ConsentSummary,
  type CreateConsentResponse,
  type DecideResponse,
  type DeactivateResponse,
  type DiscoverResponse,
  type FetchStatus,
  type FinvuStateId,
  type GetStateResponse,
  type JourneyInitiateResponse,
  type JourneyStatusResponse,
  type RefreshResponse,
  type TransactionQuery,
  type TransactionsResponse,
  maskAccountNumber,
} from '@pravesh/core';
import type { FastifyBaseLogger } from 'fastify';
import { AggregatorError, type AggregatorProvider, type ConsentDetail } from '../../providers/aggregator/types.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import type { AccountRow, AggregatorStore, ConsentRow, JobRow } from './store.ts';

/**
 * Rules of the OVI service (issue 17 §2; spec 001 §4, §7, §9). Who is asking is always the access
 * token's customer: every read and write is scoped by that id, and a handle, link or account of
 * another customer answers aaNotFound. Time only through `now`.
 *
 * Fetches are durable jobs (aa_fetch_jobs): FI request → (the AA readies the data) → FI fetch, one
 * step per run, each step's outcome stored. Runs happen when the customer's screen polls
 * (fetchUserAccountInfo every 20 s, spec 001 §9) and from the module's background ticker; a job's
 * lease keeps two runs apart, the open-job index keeps one job per consent.
 */

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const JOB_LEASE_MS = 60_000;
/** spec 001 §9 update retries at 20, 40, 100, 200 and 500 s: the job backs off on the same schedule. */
const RETRY_MS = [20_000, 40_000, 100_000, 200_000, 500_000] as const;
/** Purpose of our consent: 102, customer spending patterns (the insights the banner offers). */
const PURPOSE_CODE = '102' as const;
const FIU_ID = 'KOSH-FIU';

export interface AggregatorServiceOptions {
  store: AggregatorStore;
  provider: AggregatorProvider;
  now: () => number;
  log: FastifyBaseLogger;
  refreshEnabled: boolean;
  /** spec 001 §9 feature switch "statement download from the aggregator". */
  statementEnabled: boolean;
  /**
   * The two test banks of spec 001 §3 (and the development top-bank list they lead) are for the
   * `local` environment only; every shared environment lists real banks, production's top five first.
   */
  testBanks: boolean;
  isCustomersMobile: (customerId: string, mobileNo: string) => Promise<boolean>;
}

const iso = (at: number) => new Date(at).toISOString();

/**
 * The stored copy of a ConsentDetail: the mobile number of `<mobile>@finvu` and of the MOBILE
 * identifier masked to its last 4 (spec 001 §5), so no table holds it in the clear (the AA keeps it).
 */
function withoutMobile(detail: ConsentDetail): ConsentDetail {
  const [number, handle] = detail.Customer.id.split('@');
  return {
    ...detail,
    Customer: {
      id: `${maskAccountNumber(number ?? '')}@${handle ?? ''}`,
      Identifiers: detail.Customer.Identifiers.map((identifier) =>
        identifier.type === 'MOBILE' ? { ...identifier, value: maskAccountNumber(identifier.value) } : identifier,
      ),
    },
  };
}

/** When a fetched account's data stands: the bank's balance time, else when we stored it. */
const dataAsOf = (account: AccountRow & { fetchedAt: Date }) => account.balanceDateTime ?? account.fetchedAt;

/** The AA's failures as catalogue errors: the AA down or slow is spec 001 §8's aggregator page error. */
function mapAggregatorError(error: unknown): never {
  if (error instanceof AggregatorError) {
    switch (error.kind) {
      case 'otpIncorrect':
        throw new PraveshError('otpIncorrect');
      case 'otpExpired':
        throw new PraveshError('otpIncorrectOnResend');
      case 'notFound':
        throw new PraveshError('aaNotFound');
      case 'invalidState':
        throw new PraveshError('aaStepNotAllowed');
      case 'consentNotActive':
        throw new PraveshError('aaConsentNotActive');
      case 'frequencyExceeded':
      case 'unavailable':
      case 'timeout':
        throw new PraveshError('aggregatorPageError');
    }
  }
  throw error;
}

async function aa<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    return mapAggregatorError(error);
  }
}

/**
 * The consent we ask FINVU for (issue 17 §1; spec 001 §9 consent window): STORE, PERIODIC, the
 * deposit accounts' profile, summary and transactions, purpose 102, valid startDays from `start`,
 * data endDays back, at most one fetch an hour.
 */
export function consentDetailFor(mobileNo: string, start: number): ConsentDetail {
  return {
    consentStart: iso(start),
    consentExpiry: iso(start + CONSENT_WINDOW.startDays * DAY_MS),
    consentMode: 'STORE',
    fetchType: 'PERIODIC',
    consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
    fiTypes: ['DEPOSIT'],
    DataConsumer: { id: FIU_ID, type: 'FIU' },
    Customer: { id: aggregatorCustomerId(mobileNo), Identifiers: [{ type: 'MOBILE', value: mobileNo }] },
    Purpose: {
      code: PURPOSE_CODE,
      refUri: 'https://api.rebit.org.in/aa/purpose/102.xml',
      text: PURPOSE_CODES[PURPOSE_CODE],
      Category: { type: 'string' },
    },
    FIDataRange: { from: iso(start - CONSENT_WINDOW.endDays * DAY_MS), to: iso(start) },
    DataLife: { unit: 'MONTH', value: 1 },
    // ReBIT: no more than once an hour.
    Frequency: { unit: 'HOUR', value: 1 },
  };
}

export function createAggregatorService(options: AggregatorServiceOptions) {
  const { store, provider, now, log } = options;

  function summary(row: ConsentRow): ConsentSummary {
    return {
      consentHandle: row.consentHandle,
      consentRequestStatus: row.requestStatus as ConsentSummary['consentRequestStatus'],
      consentId: row.consentId,
      consentStatus: (row.consentStatus as AaConsentStatus | null) ?? null,
      templateId: row.templateId,
      source: row.source as ConsentSummary['source'],
      ConsentDetail: row.detail as ConsentSummary['ConsentDetail'],
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Brings a stored consent in step with the AA (the customer may pause or revoke it in the AA's
   * app; it expires by time). A failing AA leaves the stored status: a read never fails for it.
   */
  async function sync(row: ConsentRow): Promise<ConsentRow> {
    const at = new Date(now());
    try {
      if (row.consentId === null) {
        if (row.requestStatus !== 'PENDING') return row;
        const status = await provider.consentHandleStatus(row.consentHandle);
        if (status.status === row.requestStatus) return row;
        await store.updateConsent(row.consentHandle, { requestStatus: status.status }, at);
        return { ...row, requestStatus: status.status };
      }
      if (row.consentStatus === 'REVOKED' || row.consentStatus === 'EXPIRED') return row;
      const artefact = await provider.fetchConsent(row.consentId);
      if (artefact.status === row.consentStatus) return row;
      await store.updateConsent(row.consentHandle, { consentStatus: artefact.status }, at);
      return { ...row, consentStatus: artefact.status };
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : 'aggregator error' }, 'aggregator consent sync failed');
      return row;
    }
  }

  /** The customer's newest approved consent (the one the data comes from), in step with the AA. */
  async function currentConsent(customerId: string): Promise<ConsentRow | undefined> {
    const rows = await store.consentsOf(customerId);
    const approved = rows.find((row) => row.consentId !== null);
    return approved ? sync(approved) : undefined;
  }

  async function ownConsent(customerId: string, consentHandle: string): Promise<ConsentRow> {
    const row = await store.consentOf(customerId, consentHandle);
    if (!row) throw new PraveshError('aaNotFound');
    return row;
  }

  async function stateOf(customerId: string): Promise<FinvuStateId> {
    return ((await store.journeyOf(customerId))?.stateId as FinvuStateId | undefined) ?? 'NO_USER_STATE_PRESENT';
  }

  /**
   * One of the customer's linked accounts whose data we may still show (transactions, statement,
   * insights): an account deActivateUserData deleted is aaDataDeleted, another customer's or an
   * unknown one aaNotFound; a consent never approved or revoked at the AA is aaConsentNotActive (its
   * data is no longer ours to show: ReBIT AA consent revocation ends the FIU's use of the data). An
   * expired consent's data is still shown: the customer sees what was fetched while it was valid.
   */
  async function consentedAccount(customerId: string, accountId: string): Promise<AccountRow> {
    const account = await store.accountOf(customerId, accountId);
    if (!account) {
      throw new PraveshError((await store.wasDeleted(customerId, accountId)) ? 'aaDataDeleted' : 'aaNotFound');
    }
    const consent = await store.consentOf(customerId, account.consentHandle);
    const status = consent ? (await sync(consent)).consentStatus : null;
    if (status === null || status === 'REVOKED') throw new PraveshError('aaConsentNotActive');
    return account;
  }

  /** A consented account (above) that has been fetched; one not fetched yet is aaDataNotReady. */
  async function readableAccount(customerId: string, accountId: string): Promise<AccountRow & { fetchedAt: Date }> {
    const account = await consentedAccount(customerId, accountId);
    if (account.fetchedAt === null) throw new PraveshError('aaDataNotReady');
    return account as AccountRow & { fetchedAt: Date };
  }

  // Fetch jobs -------------------------------------------------------------------------------

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

  /** spec 001 §4 balance banner: from the consent's real state and whether data is here. */
  function bannerOf(consent: ConsentRow | undefined, fetchStatus: FetchStatus, hasData: boolean): BalanceBannerState {
    if (!consent || consent.consentStatus === 'REVOKED') return 'aa_not_initiated';
    if (consent.consentStatus === 'EXPIRED') return 'consent_expired';
    if (fetchStatus === 'IN_PROGRESS' || !hasData) return 'data_fetch_in_progress';
    return 'data_available';
  }

  async function accountsDetail(customerId: string): Promise<AccountsDetailResponse> {
    await advance(customerId);
    const consent = await currentConsent(customerId);
    const fetchStatus = await fetchStatusOf(customerId);
    const accounts = await store.accountsOf(customerId);
    const fetched = accounts.filter((account) => account.currentBalancePaise !== null);
    const lastFetchedAt = fetched.reduce<number | null>(
      (latest, account) => Math.max(latest ?? 0, account.fetchedAt?.getTime() ?? 0),
      null,
    );
    const last = consent?.consentId ? await store.lastRequested(consent.consentId) : undefined;
    const nextAt = last ? last.createdAt.getTime() + MIN_FETCH_INTERVAL_MS : null;
    return {
      consentStatus: (consent?.consentStatus as AaConsentStatus | null | undefined) ?? null,
      fetchStatus,
      bannerState: bannerOf(consent, fetchStatus, fetched.length > 0),
      totalBalance: fetched.reduce((sum, account) => sum + (account.currentBalancePaise ?? 0), 0) / 100,
      lastFetchedAt: lastFetchedAt === null ? null : iso(lastFetchedAt),
      nextRefreshAt: nextAt !== null && nextAt > now() ? iso(nextAt) : null,
      accounts: accounts.map((account) => ({
        accountId: account.accountId,
        fipId: account.fipId,
        bankName: aggregatorBank(account.fipId)?.bankName ?? account.fipId,
        maskedAccNumber: maskAccountNumber(account.maskedAccNumber),
        accType: account.accType as 'SAVINGS' | 'CURRENT',
        currentBalance: account.currentBalancePaise === null ? null : account.currentBalancePaise / 100,
        balanceDateTime: account.balanceDateTime?.toISOString() ?? null,
        branch: account.branch,
        ifscCode: account.ifscCode,
      })),
    };
  }

  return {
    advance,

    async initiate(customerId: string): Promise<JourneyInitiateResponse> {
      return {
        aggregator: AGGREGATOR_NAME,
        stateId: await stateOf(customerId),
        consentWindow: { ...CONSENT_WINDOW },
        banks: AGGREGATOR_BANKS.filter((bank) => options.testBanks || !bank.test).map(
          ({ id, bankId, bankName, icon, logo }) => ({
            id,
            bankId,
            bankName,
            icon,
            logo,
          }),
        ),
        topBanks: [...(options.testBanks ? TOP_BANK_FIPS_DEVELOPMENT : TOP_BANK_FIPS)],
        popularBanks: [...POPULAR_BANK_FIPS],
        eightDigitOtpBanks: [...EIGHT_DIGIT_OTP_FIPS],
      };
    },

    async createConsent(
      customerId: string,
      mobileNo: string,
      source: 'pl' | 'myaccount',
      addAnotherBank = false,
    ): Promise<CreateConsentResponse> {
      if (!(await options.isCustomersMobile(customerId, mobileNo))) throw new PraveshError('aaMobileMismatch');
      const at = new Date(now());
      const current = await currentConsent(customerId);
      if (!addAnotherBank && current && (current.consentStatus === 'ACTIVE' || current.consentStatus === 'PAUSED')) {
        await store.setJourney(
          customerId,
          { stateId: 'CONSENT_ALREADY_GIVEN', consentHandle: current.consentHandle },
          at,
        );
        return {
          stateId: 'CONSENT_ALREADY_GIVEN',
          aaCustomerId: aggregatorCustomerId(mobileNo),
          consent: summary(current),
        };
      }
      const detail = consentDetailFor(mobileNo, now());
      const { consentHandle } = await aa(provider.requestConsent(detail));
      const row = await store.insertConsent({
        consentHandle,
        customerId,
        source,
        templateId: CONSENT_WINDOW.templateId,
        detail: withoutMobile(detail),
        at,
      });
      // The verified mobile number is the customer's AA login (spec 001 §4 AA_LOGIN).
      await store.setJourney(
        customerId,
        { stateId: 'AA_LOGIN', consentHandle, pendingLinkRef: null, pendingLinkHandle: null },
        at,
      );
      // The customer sees their own artefact whole; the stored copy keeps the number masked.
      return {
        stateId: 'AA_LOGIN',
        aaCustomerId: aggregatorCustomerId(mobileNo),
        consent: summary({ ...row, detail }),
      };
    },

    async userApplication(customerId: string): Promise<{ consents: ConsentSummary[] }> {
      const rows = await store.consentsOf(customerId);
      const synced = await Promise.all(rows.map((row) => sync(row)));
      return { consents: synced.map(summary) };
    },

    async getState(customerId: string): Promise<GetStateResponse> {
      const row = await store.journeyOf(customerId);
      return {
        stateId: (row?.stateId as FinvuStateId | undefined) ?? 'NO_USER_STATE_PRESENT',
        consentHandle: row?.consentHandle ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    },

    /** The journey reports where it stands (spec 001 §4's seven ids); a handle must be the customer's. */
    async stateCapture(
      customerId: string,
      stateId: FinvuStateId,
      consentHandle: string | undefined,
    ): Promise<GetStateResponse> {
      if (consentHandle !== undefined) await ownConsent(customerId, consentHandle);
      const at = new Date(now());
      await store.setJourney(customerId, { stateId, ...(consentHandle ? { consentHandle } : {}) }, at);
      return this.getState(customerId);
    },

    async discover(customerId: string, consentHandle: string, fipId: string): Promise<DiscoverResponse> {
      await ownConsent(customerId, consentHandle);
      const accounts = await aa(provider.discoverAccounts(consentHandle, fipId));
      const stateId: FinvuStateId = accounts.length > 0 ? 'ACCOUNT_DISCOVERED' : 'ACCOUNT_CHECKED_NOT_DISCOVERED';
      await store.setJourney(customerId, { stateId, consentHandle }, new Date(now()));
      return { stateId, fipId, accounts: [...accounts] };
    },

    async link(customerId: string, consentHandle: string, fipId: string, accRefNumbers: readonly string[]) {
      await ownConsent(customerId, consentHandle);
      const started = await aa(provider.linkAccounts(consentHandle, fipId, accRefNumbers));
      await store.setJourney(
        customerId,
        { pendingLinkRef: started.refNumber, pendingLinkHandle: consentHandle },
        new Date(now()),
      );
      return started;
    },

    async confirmLink(
      customerId: string,
      refNumber: string,
      otp: string,
    ): Promise<DiscoverResponse & { stateId: FinvuStateId }> {
      const journey = await store.journeyOf(customerId);
      if (!journey || journey.pendingLinkRef !== refNumber || !journey.pendingLinkHandle)
        throw new PraveshError('aaNotFound');
      const consentHandle = journey.pendingLinkHandle;
      const linked = await aa(provider.confirmLink(refNumber, otp));
      const at = new Date(now());
      await store.insertAccounts(customerId, consentHandle, linked, at);
      await store.setJourney(
        customerId,
        { stateId: 'ACCOUNT_LINKED', pendingLinkRef: null, pendingLinkHandle: null },
        at,
      );
      return {
        stateId: 'ACCOUNT_LINKED',
        fipId: linked[0]?.fipId ?? '',
        accounts: linked.map((account) => ({
          accRefNumber: account.linkRefNumber,
          maskedAccNumber: account.maskedAccNumber,
          accType: account.accType,
          fiType: 'DEPOSIT' as const,
        })),
      };
    },

    /** Approve: the artefact is fetched (request APPROVED, consent ACTIVE) and the first fetch queued. */
    async decide(customerId: string, consentHandle: string, decision: 'APPROVE' | 'REJECT'): Promise<DecideResponse> {
      const row = await ownConsent(customerId, consentHandle);
      const decided = await aa(provider.decideConsent(consentHandle, decision));
      const at = new Date(now());
      if (decision === 'REJECT' || decided.consentId === null) {
        await store.updateConsent(consentHandle, { requestStatus: decided.status }, at);
        return {
          stateId: await stateOf(customerId),
          consentRequestStatus: decided.status,
          consentStatus: null,
          verificationStatus: 'FAILED',
        };
      }
      const artefact = await aa(provider.fetchConsent(decided.consentId));
      const requestStatus = (await aa(provider.consentHandleStatus(consentHandle))).status;
      await store.updateConsent(
        row.consentHandle,
        { requestStatus, consentId: artefact.consentId, consentStatus: artefact.status },
        at,
      );
      await store.setJourney(customerId, { stateId: 'CONSENT_GIVEN', consentHandle }, at);
      await store.audit(
        customerId,
        'CONSENT_GIVEN',
        artefact.consentId,
        { fipIds: [...new Set(artefact.accounts.map((a) => a.fipId))] },
        at,
      );
      await store.enqueueJob(customerId, artefact.consentId, at);
      await advance(customerId);
      return {
        stateId: 'CONSENT_GIVEN',
        consentRequestStatus: requestStatus,
        consentStatus: artefact.status,
        verificationStatus: 'VERIFIED',
      };
    },

    accountsDetail,

    /** Every ACTIVE consent (one per "add another bank") is fetched again, each at most once an hour. */
    async refresh(customerId: string): Promise<RefreshResponse> {
      if (!options.refreshEnabled) throw new PraveshError('dataRefreshDisabled');
      const rows = await Promise.all((await store.consentsOf(customerId)).filter((row) => row.consentId).map(sync));
      const active = rows.filter((row) => row.consentStatus === 'ACTIVE');
      if (active.length === 0) throw new PraveshError('aaConsentNotActive');
      const at = now();
      let started = false;
      let waitUntil: number | null = null;
      for (const consent of active) {
        // ReBIT Frequency: at most one FI request an hour per consent.
        const last = await store.lastRequested(consent.consentId as string);
        const nextAt = last ? last.createdAt.getTime() + MIN_FETCH_INTERVAL_MS : 0;
        if (nextAt > at) {
          waitUntil = Math.min(waitUntil ?? nextAt, nextAt);
          continue;
        }
        // A consent whose fetch is already running joins it (created false): never two at once.
        const { created } = await store.enqueueJob(customerId, consent.consentId as string, new Date(at));
        started ||= created;
      }
      if (started) await advance(customerId);
      return {
        fetchStatus: await fetchStatusOf(customerId),
        started,
        nextRefreshAt: started ? iso(at + MIN_FETCH_INTERVAL_MS) : waitUntil === null ? null : iso(waitUntil),
      };
    },

    /** Revokes at the AA first (nothing is deleted if that fails), then deletes the data, keeping an audit entry. */
    async deactivate(customerId: string): Promise<DeactivateResponse> {
      const rows = await store.consentsOf(customerId);
      const at = new Date(now());
      let consentStatus: AaConsentStatus | null = null;
      for (const row of rows) {
        if (row.consentId === null || row.consentStatus === 'REVOKED') continue;
        if (row.consentStatus !== 'EXPIRED') await aa(provider.revokeConsent(row.consentId));
        await store.updateConsent(row.consentHandle, { consentStatus: 'REVOKED' }, at);
        consentStatus = 'REVOKED';
      }
      await store.cancelOpenJobs(customerId, at);
      const deleted = await store.deleteCustomerData(customerId);
      await store.clearJourney(customerId);
      await store.audit(
        customerId,
        'DATA_DEACTIVATED',
        rows.find((row) => row.consentId !== null)?.consentId ?? null,
        {
          deletedAccounts: deleted.accounts,
          deletedTransactions: deleted.transactions,
          // Random ids, nothing of the bank's: a later statement request can say the data is gone.
          deletedAccountIds: deleted.accountIds,
        },
        at,
      );
      return { consentStatus, deletedAccounts: deleted.accounts, deletedTransactions: deleted.transactions };
    },

    async transactions(customerId: string, query: TransactionQuery): Promise<TransactionsResponse> {
      // Not fetched yet is an empty first page (the screen says the data is on its way).
      const account = await consentedAccount(customerId, query.accountId);
      const type = query.type === 'Credit' ? 'CREDIT' : query.type === 'Debit' ? 'DEBIT' : undefined;
      const from = query.from ? new Date(istDayStart(query.from)) : undefined;
      const to = query.to ? new Date(istDayStart(query.to) + DAY_MS) : undefined;
      const pageSize = TRANSACTIONS_PAGE_SIZE;
      // Without a date range the account's stored counts are the total (counted when fetched).
      const counts = { CREDIT: account.creditCount, DEBIT: account.debitCount };
      const knownTotal = from || to ? undefined : type ? counts[type] : counts.CREDIT + counts.DEBIT;
      const { total, rows } = await store.transactionsPage(
        account.accountId,
        { ...(type ? { type } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) },
        { limit: pageSize, offset: (query.page - 1) * pageSize },
        knownTotal,
      );
      return {
        type: query.type,
        page: query.page,
        pageSize,
        totalRecords: total,
        pageCount: Math.ceil(total / pageSize),
        transactions: rows.map((row) => ({
          txnId: row.txnId,
          type: row.type as 'CREDIT' | 'DEBIT',
          mode: row.mode as TransactionsResponse['transactions'][number]['mode'],
          amount: row.amountPaise / 100,
          currentBalance: row.currentBalancePaise / 100,
          transactionTimestamp: `${new Date(row.transactionTimestamp.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`,
          valueDate: row.valueDate,
          narration: row.narration,
          reference: row.reference,
        })),
      };
    },

    /**
     * fi/transaction (spec 001 §7; §5 1, 2 or 3 months, PDF, YYYY/MM/DD): the months up to the day of
     * the account's last fetch (the data ends there), every transaction of them oldest first, the
     * balance before the first and after the last.
     */
    async statement(customerId: string, query: StatementQuery): Promise<{ fileName: string; pdf: Buffer }> {
      if (!options.statementEnabled) throw new PraveshError('aaStatementDisabled');
      const account = await readableAccount(customerId, query.accountId);
      const asOf = dataAsOf(account);
      const period = monthsUpTo(istDateOf(asOf.getTime()), query.months);
      const rows = await store.statementRows(
        account.accountId,
        new Date(istDayStart(period.from)),
        new Date(istDayStart(period.to) + DAY_MS),
      );
      const first = rows[0];
      const openingPaise = first
        ? first.currentBalancePaise + (first.type === 'CREDIT' ? -first.amountPaise : first.amountPaise)
        : ((await store.balanceBefore(account.accountId, new Date(istDayStart(period.from)))) ??
          account.currentBalancePaise ??
          0);
      const masked = maskAccountNumber(account.maskedAccNumber);
      const pdf = await renderStatementPdf({
        bankName: aggregatorBank(account.fipId)?.bankName ?? account.fipId,
        maskedAccNumber: masked,
        accType: account.accType as 'SAVINGS' | 'CURRENT',
        holderName: account.holderName,
        branch: account.branch,
        ifscCode: account.ifscCode,
        period,
        asOf,
        openingPaise,
        closingPaise: rows.at(-1)?.currentBalancePaise ?? openingPaise,
        rows: rows.map((row) => ({
          date: istDateOf(row.transactionTimestamp.getTime()),
          narration: row.narration,
          reference: row.reference,
          type: row.type as 'CREDIT' | 'DEBIT',
          amountPaise: row.amountPaise,
          balancePaise: row.currentBalancePaise,
        })),
      });
      return { fileName: `statement-${masked.slice(-4)}-${period.from}-to-${period.to}.pdf`, pdf };
    },

    /**
     * "View Insights" (issue 17 §4): money in and out by month and spending by category from the
     * fetched transactions of one account, or of every readable linked account (those not fetched
     * yet or whose consent is revoked are left out), as of the newest fetch.
     */
    async insights(customerId: string, accountId: string | undefined): Promise<InsightsResponse> {
      let accounts: (AccountRow & { fetchedAt: Date })[];
      if (accountId) {
        accounts = [await readableAccount(customerId, accountId)];
      } else {
        const readable = await Promise.all(
          (await store.accountsOf(customerId)).map((account) =>
            readableAccount(customerId, account.accountId).catch((error: unknown) => {
              if (error instanceof PraveshError) return undefined;
              throw error;
            }),
          ),
        );
        accounts = readable.filter((account) => account !== undefined);
      }
      if (accounts.length === 0) {
        return { ...buildInsights([], now()), asOf: null };
      }
      const asOf = Math.max(...accounts.map((account) => dataAsOf(account).getTime()));
      const rows = await store.insightRows(
        accounts.map((account) => account.accountId),
        new Date(insightsStart(asOf)),
      );
      const insights = buildInsights(
        rows.map((row) => ({
          type: row.type as 'CREDIT' | 'DEBIT',
          mode: row.mode as TransactionsResponse['transactions'][number]['mode'],
          narration: row.narration,
          amountPaise: row.amountPaise,
          at: row.at.getTime(),
        })),
        asOf,
      );
      return { ...insights, asOf: iso(asOf) };
    },

    async journeyStatus(customerId: string): Promise<JourneyStatusResponse> {
      const detail = await accountsDetail(customerId);
      return {
        bannerState: detail.bannerState,
        button: BALANCE_BANNER_STATES[detail.bannerState],
        stateId: await stateOf(customerId),
        consentStatus: detail.consentStatus,
        fetchStatus: detail.fetchStatus,
      };
    },
  };
}

export type AggregatorService = ReturnType<typeof createAggregatorService>;
