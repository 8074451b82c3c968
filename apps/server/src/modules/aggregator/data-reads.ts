import {
  BALANCE_BANNER_STATES,
  MIN_FETCH_INTERVAL_MS,
  PraveshError,
  TRANSACTIONS_PAGE_SIZE,
  aggregatorBank,
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
  type FetchStatus,
  type JourneyStatusResponse,
  type RefreshResponse,
  type TransactionQuery,
  type TransactionsResponse,
  maskAccountNumber,
} from '@pravesh/core';
import { renderStatementPdf } from './statement-pdf.ts';
import { DAY_MS, dataAsOf, iso, type AggregatorServiceOptions, type ConsentRecords } from './consent-records.ts';
import type { FetchWorker } from './fetch-worker.ts';
import type { AccountRow, ConsentRow } from './store.ts';

/**
 * What the customer reads of their fetched bank data (spec 001 §4, §5, §7): the
 * accounts and balance banner, refreshes, transactions, statements and insights. An account is
 * read only while its consent allows (ConsentRecords.consentedAccount).
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

export function createDataReads(options: AggregatorServiceOptions, records: ConsentRecords, worker: FetchWorker) {
  const { store, now } = options;
  const { consentsInStep, currentConsent, stateOf, consentedAccount, readableAccount } = records;
  const { advance, fetchStatusOf } = worker;

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
    accountsDetail,

    /** Every ACTIVE consent (one per "add another bank") is fetched again, each at most once an hour. */
    async refresh(customerId: string): Promise<RefreshResponse> {
      if (!options.refreshEnabled) throw new PraveshError('dataRefreshDisabled');
      const rows = (await consentsInStep(customerId)).filter((row) => row.consentId);
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

    async transactions(customerId: string, query: TransactionQuery): Promise<TransactionsResponse> {
      // Not fetched yet is an empty first page (the screen says the data is on its way).
      // Dates are YYYY-MM-DD (the schema's), so their text orders as the days do.
      if (query.from && query.to && query.from > query.to) throw new PraveshError('aaDateRangeInvalid');
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
     * "View Insights": money in and out by month and spending by category from the
     * fetched transactions of one account, or of every readable linked account (those not fetched
     * yet or whose consent is revoked are left out), as of the newest fetch.
     */
    async insights(customerId: string, accountId: string | undefined): Promise<InsightsResponse> {
      let accounts: (AccountRow & { fetchedAt: Date })[];
      if (accountId) {
        accounts = [await readableAccount(customerId, accountId)];
      } else {
        // One account after another, not side by side: the customer's accounts share one once-a-minute
        // check with the AA (consent-records.ts), and a read beside the one that learns of a
        // revocation would still hold the stored, stale state and show the revoked data.
        accounts = [];
        for (const account of await store.accountsOf(customerId)) {
          const readable = await readableAccount(customerId, account.accountId).catch((error: unknown) => {
            if (error instanceof PraveshError) return undefined;
            throw error;
          });
          if (readable) accounts.push(readable);
        }
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
