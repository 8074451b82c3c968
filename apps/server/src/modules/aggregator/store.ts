import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  aaAccounts,
  aaAudit,
  aaConsents,
  aaFetchJobs,
  aaJourneyStates,
  aaStatusChecks,
  aaTransactions,
} from '../../db/schema/aggregator.ts';
import type { ConsentDetail, DepositAccountData, LinkedAccount } from '../../providers/aggregator/types.ts';

/** The aggregator module's tables (db/schema/aggregator.ts, migration 0017). Time comes from the caller. */

export type ConsentRow = typeof aaConsents.$inferSelect;
export type AccountRow = typeof aaAccounts.$inferSelect;
export type JobRow = typeof aaFetchJobs.$inferSelect;
export type JourneyRow = typeof aaJourneyStates.$inferSelect;
export type TransactionRow = typeof aaTransactions.$inferSelect;

export interface TransactionFilter {
  type?: 'CREDIT' | 'DEBIT';
  from?: Date;
  to?: Date;
}

export const OPEN_JOB_STATUSES = ['QUEUED', 'REQUESTED'] as const;
const INSERT_CHUNK = 500;

export function createAggregatorStore(db: Database) {
  /**
   * The queries of one FI/transaction page, newest first with txnId breaking ties. A page in the
   * older half of the account is read from the oldest end instead (and turned round after), so no
   * page skips more than half the rows: OFFSET reads and discards every row it skips.
   */
  function pageQueries(
    accountId: string,
    filter: TransactionFilter,
    page: { limit: number; offset: number },
    total: number,
  ) {
    const conditions: SQL[] = [eq(aaTransactions.accountId, accountId)];
    if (filter.type) conditions.push(eq(aaTransactions.type, filter.type));
    if (filter.from) conditions.push(gte(aaTransactions.transactionTimestamp, filter.from));
    if (filter.to) conditions.push(lt(aaTransactions.transactionTimestamp, filter.to));
    const where = and(...conditions);
    const end = Math.min(page.offset + page.limit, total);
    const fromOldest = total - end < page.offset;
    const order = fromOldest
      ? [asc(aaTransactions.transactionTimestamp), asc(aaTransactions.txnId)]
      : [desc(aaTransactions.transactionTimestamp), desc(aaTransactions.txnId)];
    return {
      total: db.select({ total: count() }).from(aaTransactions).where(where),
      fromOldest,
      rows: db
        .select()
        .from(aaTransactions)
        .where(where)
        .orderBy(...order)
        .limit(fromOldest ? Math.max(0, end - page.offset) : page.limit)
        .offset(fromOldest ? total - end : page.offset),
    };
  }

  return {
    async insertConsent(row: {
      consentHandle: string;
      customerId: string;
      source: string;
      templateId: string;
      detail: ConsentDetail;
      at: Date;
    }): Promise<ConsentRow> {
      const [inserted] = await db
        .insert(aaConsents)
        .values({ ...row, requestStatus: 'PENDING', createdAt: row.at, updatedAt: row.at })
        .returning();
      return inserted as ConsentRow;
    },

    consentsOf(customerId: string): Promise<ConsentRow[]> {
      return db
        .select()
        .from(aaConsents)
        .where(eq(aaConsents.customerId, customerId))
        .orderBy(desc(aaConsents.createdAt));
    },

    async consentOf(customerId: string, consentHandle: string): Promise<ConsentRow | undefined> {
      const [row] = await db
        .select()
        .from(aaConsents)
        .where(and(eq(aaConsents.customerId, customerId), eq(aaConsents.consentHandle, consentHandle)));
      return row;
    },

    async consentById(consentId: string): Promise<ConsentRow | undefined> {
      const [row] = await db.select().from(aaConsents).where(eq(aaConsents.consentId, consentId));
      return row;
    },

    async updateConsent(
      consentHandle: string,
      change: Partial<Pick<ConsentRow, 'requestStatus' | 'consentId' | 'consentStatus'>>,
      at: Date,
    ): Promise<void> {
      await db
        .update(aaConsents)
        .set({ ...change, updatedAt: at })
        .where(eq(aaConsents.consentHandle, consentHandle));
    },

    /**
     * Stores the consent of an approved request, once: false when its consent was stored already
     * (the customer's decision on our page and a status check that saw the approval at the AA may
     * both get here), so what follows an approval (audit, first fetch) happens once.
     */
    async adoptConsent(
      consentHandle: string,
      change: Pick<ConsentRow, 'requestStatus' | 'consentId' | 'consentStatus'>,
      at: Date,
    ): Promise<boolean> {
      const adopted = await db
        .update(aaConsents)
        .set({ ...change, updatedAt: at })
        .where(and(eq(aaConsents.consentHandle, consentHandle), isNull(aaConsents.consentId)))
        .returning({ consentHandle: aaConsents.consentHandle });
      return adopted.length > 0;
    },

    /**
     * Takes the turn to ask the AA about this customer's consents: true for the one caller (of any
     * instance) that inserts the customer's row or finds its last check older than `notAfter`, false
     * for everyone else until then. One statement: ON CONFLICT DO UPDATE locks the row, so a second
     * caller waits for the first and then sees its newer time.
     */
    async claimStatusCheck(customerId: string, at: Date, notAfter: Date): Promise<boolean> {
      const claimed = await db
        .insert(aaStatusChecks)
        .values({ customerId, checkedAt: at })
        .onConflictDoUpdate({
          target: aaStatusChecks.customerId,
          set: { checkedAt: at },
          setWhere: lte(aaStatusChecks.checkedAt, notAfter),
        })
        .returning({ customerId: aaStatusChecks.customerId });
      return claimed.length > 0;
    },

    async journeyOf(customerId: string): Promise<JourneyRow | undefined> {
      const [row] = await db.select().from(aaJourneyStates).where(eq(aaJourneyStates.customerId, customerId));
      return row;
    },

    async setJourney(
      customerId: string,
      change: {
        stateId?: string;
        consentHandle?: string | null;
        pendingLinkRef?: string | null;
        pendingLinkHandle?: string | null;
        fipId?: string | null;
      },
      at: Date,
    ): Promise<void> {
      await db
        .insert(aaJourneyStates)
        .values({ customerId, stateId: change.stateId ?? 'NO_USER_STATE_PRESENT', ...change, updatedAt: at })
        .onConflictDoUpdate({ target: aaJourneyStates.customerId, set: { ...change, updatedAt: at } });
    },

    async clearJourney(customerId: string): Promise<void> {
      await db.delete(aaJourneyStates).where(eq(aaJourneyStates.customerId, customerId));
    },

    async insertAccounts(
      customerId: string,
      consentHandle: string,
      linked: readonly LinkedAccount[],
      at: Date,
    ): Promise<void> {
      if (linked.length === 0) return;
      await db
        .insert(aaAccounts)
        .values(
          linked.map((account) => ({
            accountId: crypto.randomUUID(),
            customerId,
            consentHandle,
            linkRefNumber: account.linkRefNumber,
            fipId: account.fipId,
            maskedAccNumber: account.maskedAccNumber,
            accType: account.accType,
            linkedAt: at,
          })),
        )
        .onConflictDoNothing();
    },

    /**
     * The customer's accounts under a consent they approved. Linking (the bank's OTP) comes before
     * approval: accounts linked under a request the customer then declined are not shared, and
     * listing them would show accounts waiting forever for data.
     */
    /** The accounts linked under one consent request, in the order they were linked. */
    async accountsUnder(customerId: string, consentHandle: string): Promise<AccountRow[]> {
      return db
        .select()
        .from(aaAccounts)
        .where(and(eq(aaAccounts.customerId, customerId), eq(aaAccounts.consentHandle, consentHandle)))
        .orderBy(asc(aaAccounts.linkedAt), asc(aaAccounts.linkRefNumber));
    },

    /** The accounts shown: under an approved consent the customer has not revoked. */
    async accountsOf(customerId: string): Promise<AccountRow[]> {
      const rows = await db
        .select({ account: aaAccounts })
        .from(aaAccounts)
        .innerJoin(aaConsents, eq(aaConsents.consentHandle, aaAccounts.consentHandle))
        .where(
          and(
            eq(aaAccounts.customerId, customerId),
            isNotNull(aaConsents.consentId),
            or(isNull(aaConsents.consentStatus), ne(aaConsents.consentStatus, 'REVOKED')),
          ),
        )
        .orderBy(asc(aaAccounts.linkedAt), asc(aaAccounts.fipId));
      return rows.map((row) => row.account);
    },

    /**
     * The financial data fetched under one consent, erased when the customer revokes it at the AA
     * (DPDP Act §8(7): erase on withdrawal of consent; ReBIT: revocation ends the FIU's use of the
     * data): its accounts' transactions, balances and bank details. The account references stay
     * (bank, masked number), so a read of one answers aaConsentNotActive rather than notFound.
     * The accounts are locked first, so a fetch storing into one at the same moment waits and
     * finds it erased, or is erased whole. Answers how many accounts were erased.
     */
    async eraseConsentData(consentHandle: string): Promise<number> {
      return db.transaction(async (tx) => {
        const accounts = await tx
          .select({ accountId: aaAccounts.accountId })
          .from(aaAccounts)
          .where(eq(aaAccounts.consentHandle, consentHandle))
          .for('update');
        const ids = accounts.map((account) => account.accountId);
        if (ids.length === 0) return 0;
        await tx.delete(aaTransactions).where(inArray(aaTransactions.accountId, ids));
        await tx
          .update(aaAccounts)
          .set({
            holderName: null,
            currentBalancePaise: null,
            balanceDateTime: null,
            branch: null,
            ifscCode: null,
            fetchedAt: null,
            creditCount: 0,
            debitCount: 0,
          })
          .where(inArray(aaAccounts.accountId, ids));
        return ids.length;
      });
    },

    async accountOf(customerId: string, accountId: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(aaAccounts)
        .where(and(eq(aaAccounts.customerId, customerId), eq(aaAccounts.accountId, accountId)));
      return row;
    },

    /** One delivered account's summary and transactions (repeats of a txnId are kept once). */
    async storeAccountData(customerId: string, data: DepositAccountData, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const [account] = await tx
          .update(aaAccounts)
          .set({
            currentBalancePaise: Math.round(data.Summary.currentBalance * 100),
            balanceDateTime: new Date(data.Summary.balanceDateTime),
            branch: data.Summary.branch,
            ifscCode: data.Summary.ifscCode,
            holderName: data.Profile.Holders.Holder.map((holder) => holder.name).join(' & ') || null,
            fetchedAt: at,
          })
          .where(and(eq(aaAccounts.customerId, customerId), eq(aaAccounts.linkRefNumber, data.linkRefNumber)))
          .returning({ accountId: aaAccounts.accountId });
        if (!account) return;
        const rows = data.Transactions.Transaction.map((txn) => ({
          accountId: account.accountId,
          txnId: txn.txnId,
          customerId,
          type: txn.type,
          mode: txn.mode,
          amountPaise: Math.round(txn.amount * 100),
          currentBalancePaise: Math.round(txn.currentBalance * 100),
          transactionTimestamp: new Date(txn.transactionTimestamp),
          valueDate: txn.valueDate,
          narration: txn.narration,
          reference: txn.reference,
        }));
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          await tx
            .insert(aaTransactions)
            .values(rows.slice(i, i + INSERT_CHUNK))
            .onConflictDoNothing();
        }
        // The account's totals, counted once a fetch rather than on every page read.
        const counted = await tx
          .select({ type: aaTransactions.type, total: count() })
          .from(aaTransactions)
          .where(eq(aaTransactions.accountId, account.accountId))
          .groupBy(aaTransactions.type);
        const of = (type: string) => Number(counted.find((row) => row.type === type)?.total ?? 0);
        await tx
          .update(aaAccounts)
          .set({ creditCount: of('CREDIT'), debitCount: of('DEBIT') })
          .where(eq(aaAccounts.accountId, account.accountId));
      });
    },

    /**
     * One FI/transaction page and the filter's total (counted unless the caller knows it: the
     * account's stored counts serve the tabs without a date range). Both read the page indexes of
     * migration 0019 (see transactions-page.test.ts, which EXPLAINs them at 10,000 rows).
     */
    async transactionsPage(
      accountId: string,
      filter: TransactionFilter,
      page: { limit: number; offset: number },
      knownTotal?: number,
    ): Promise<{ total: number; rows: TransactionRow[] }> {
      const total = knownTotal ?? Number((await pageQueries(accountId, filter, page, 0).total)[0]?.total ?? 0);
      if (page.offset >= total) return { total, rows: [] };
      const queries = pageQueries(accountId, filter, page, total);
      const rows = await queries.rows;
      return { total, rows: queries.fromOldest ? rows.reverse() : rows };
    },

    /** The two queries of transactionsPage, unrun (so a test can EXPLAIN exactly them). */
    transactionsPageQueries: pageQueries,

    /**
     * deActivateUserData: the fetched data goes; the audit entry stays (with the ids, see wasDeleted).
     * The accounts are locked first: a fetch storing into one (storeAccountData updates the account,
     * then inserts its transactions) is waited for, so the delete of transactions, a statement of
     * its own, sees what it stored. Deleting the transactions first left a fetch's uncommitted rows
     * behind, with no account, never erased.
     */
    async deleteCustomerData(
      customerId: string,
    ): Promise<{ accounts: number; transactions: number; accountIds: string[] }> {
      return db.transaction(async (tx) => {
        await tx
          .select({ accountId: aaAccounts.accountId })
          .from(aaAccounts)
          .where(eq(aaAccounts.customerId, customerId))
          .for('update');
        const transactions = await tx
          .delete(aaTransactions)
          .where(eq(aaTransactions.customerId, customerId))
          .returning({ txnId: aaTransactions.txnId });
        const accounts = await tx
          .delete(aaAccounts)
          .where(eq(aaAccounts.customerId, customerId))
          .returning({ accountId: aaAccounts.accountId });
        // Nothing of theirs is left to check with the AA (every consent is revoked first).
        await tx.delete(aaStatusChecks).where(eq(aaStatusChecks.customerId, customerId));
        return {
          accounts: accounts.length,
          transactions: transactions.length,
          accountIds: accounts.map((account) => account.accountId),
        };
      });
    },

    /** Whether deActivateUserData deleted this account of this customer (its audit entry names it). */
    async wasDeleted(customerId: string, accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ entryId: aaAudit.entryId })
        .from(aaAudit)
        .where(
          and(
            eq(aaAudit.customerId, customerId),
            eq(aaAudit.event, 'DATA_DEACTIVATED'),
            sql`${aaAudit.detail} -> 'deletedAccountIds' ? ${accountId}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The statement's transactions, oldest first: from inclusive, to exclusive. */
    statementRows(accountId: string, from: Date, to: Date): Promise<TransactionRow[]> {
      return db
        .select()
        .from(aaTransactions)
        .where(
          and(
            eq(aaTransactions.accountId, accountId),
            gte(aaTransactions.transactionTimestamp, from),
            lt(aaTransactions.transactionTimestamp, to),
          ),
        )
        .orderBy(asc(aaTransactions.transactionTimestamp), asc(aaTransactions.txnId));
    },

    /** The balance after the account's last transaction before `before` (undefined when none). */
    async balanceBefore(accountId: string, before: Date): Promise<number | undefined> {
      const [row] = await db
        .select({ balance: aaTransactions.currentBalancePaise })
        .from(aaTransactions)
        .where(and(eq(aaTransactions.accountId, accountId), lt(aaTransactions.transactionTimestamp, before)))
        .orderBy(desc(aaTransactions.transactionTimestamp), desc(aaTransactions.txnId))
        .limit(1);
      return row?.balance;
    },

    /** What insights sum: the accounts' transactions from `from` on. */
    insightRows(accountIds: readonly string[], from: Date) {
      if (accountIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          type: aaTransactions.type,
          mode: aaTransactions.mode,
          narration: aaTransactions.narration,
          amountPaise: aaTransactions.amountPaise,
          at: aaTransactions.transactionTimestamp,
        })
        .from(aaTransactions)
        .where(and(inArray(aaTransactions.accountId, [...accountIds]), gte(aaTransactions.transactionTimestamp, from)));
    },

    async audit(
      customerId: string,
      event: string,
      consentId: string | null,
      detail: Record<string, unknown>,
      at: Date,
    ): Promise<void> {
      await db.insert(aaAudit).values({ customerId, event, consentId, detail, at });
    },

    // Fetch jobs ------------------------------------------------------------------------------

    /** A new open job for the consent, or the one already open (the partial unique index decides). */
    async enqueueJob(customerId: string, consentId: string, at: Date): Promise<{ job: JobRow; created: boolean }> {
      const inserted = await db
        .insert(aaFetchJobs)
        .values({
          jobId: crypto.randomUUID(),
          customerId,
          consentId,
          status: 'QUEUED',
          runAfter: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return { job: inserted[0], created: true };
      const [open] = await db
        .select()
        .from(aaFetchJobs)
        .where(and(eq(aaFetchJobs.consentId, consentId), inArray(aaFetchJobs.status, [...OPEN_JOB_STATUSES])));
      return { job: open as JobRow, created: false };
    },

    async latestJob(customerId: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(aaFetchJobs)
        .where(eq(aaFetchJobs.customerId, customerId))
        .orderBy(desc(aaFetchJobs.createdAt))
        .limit(1);
      return row;
    },

    /** The last job of the consent that asked the AA for data (its FI request time bounds the next). */
    async lastRequested(consentId: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(aaFetchJobs)
        .where(and(eq(aaFetchJobs.consentId, consentId), sql`${aaFetchJobs.sessionId} is not null`))
        .orderBy(desc(aaFetchJobs.createdAt))
        .limit(1);
      return row;
    },

    async dueJobIds(at: Date, customerId?: string): Promise<string[]> {
      const conditions: SQL[] = [
        inArray(aaFetchJobs.status, [...OPEN_JOB_STATUSES]),
        lte(aaFetchJobs.runAfter, at),
        or(isNull(aaFetchJobs.leaseUntil), lt(aaFetchJobs.leaseUntil, at)) as SQL,
      ];
      if (customerId) conditions.push(eq(aaFetchJobs.customerId, customerId));
      const rows = await db
        .select({ jobId: aaFetchJobs.jobId })
        .from(aaFetchJobs)
        .where(and(...conditions))
        .orderBy(asc(aaFetchJobs.runAfter))
        .limit(20);
      return rows.map((row) => row.jobId);
    },

    /** Takes the job's lease if nobody holds it (one conditional UPDATE: two instances cannot both win). */
    async claimJob(jobId: string, at: Date, leaseUntil: Date): Promise<JobRow | undefined> {
      const [row] = await db
        .update(aaFetchJobs)
        .set({ leaseUntil, updatedAt: at })
        .where(
          and(
            eq(aaFetchJobs.jobId, jobId),
            inArray(aaFetchJobs.status, [...OPEN_JOB_STATUSES]),
            or(isNull(aaFetchJobs.leaseUntil), lt(aaFetchJobs.leaseUntil, at)),
          ),
        )
        .returning();
      return row;
    },

    async updateJob(
      jobId: string,
      change: Partial<Pick<JobRow, 'status' | 'sessionId' | 'attempts' | 'runAfter' | 'lastError'>>,
      at: Date,
    ): Promise<void> {
      await db
        .update(aaFetchJobs)
        .set({ ...change, leaseUntil: null, updatedAt: at })
        .where(eq(aaFetchJobs.jobId, jobId));
    },

    async cancelOpenJobs(customerId: string, at: Date): Promise<void> {
      await db
        .update(aaFetchJobs)
        .set({ status: 'FAILED', lastError: 'consent revoked', leaseUntil: null, updatedAt: at })
        .where(and(eq(aaFetchJobs.customerId, customerId), inArray(aaFetchJobs.status, [...OPEN_JOB_STATUSES])));
    },
  };
}

export type AggregatorStore = ReturnType<typeof createAggregatorStore>;
