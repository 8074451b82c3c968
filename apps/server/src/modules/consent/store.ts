import { and, asc, desc, eq, isNull, max, or, sql } from 'drizzle-orm';
import { executePrepared, resultRows, type Database } from '../../db/client.ts';
import { consentContracts, consentContractVersions, consentLedger, consentReceived } from '../../db/schema/consent.ts';

export type LedgerRow = typeof consentLedger.$inferSelect;
export type NewLedgerEntry = Omit<typeof consentLedger.$inferInsert, 'seq'>;
export type ContractRow = typeof consentContracts.$inferSelect;
export type ContractVersionRow = typeof consentContractVersions.$inferSelect;

export interface ContractSummary extends ContractRow {
  latestVersion: number | null;
  latestPublishedAt: Date | null;
}

/**
 * What an append does to consent_received, the cache getApplicationData reads (spec 000 §3
 * consentRecievedDate): an acceptance stores the date for the calling site, anything else (a
 * decline, a withdrawal) removes the subject's dates for the contract. The ledger stays the truth.
 */
export type ReceivedChange =
  | { kind: 'accepted'; visitorId: string; siteId: number; customerId: string | null; at: Date }
  | { kind: 'cleared'; visitorId: string; customerId: string | null };

/** The decision an append makes once it holds the subject's lock and sees the latest entry. */
export type AppendDecision = { append: NewLedgerEntry; received: ReceivedChange } | { existing: LedgerRow };

/** One of the subject's entries as puckar/check reads it. */
export interface CheckAnswer {
  version: number;
  action: 'respond' | 'withdraw';
  userValue: 'Y' | 'N';
}

export class ContractVersionTaken extends Error {
  override name = 'ContractVersionTaken';
}

export function createConsentStore(db: Database) {
  return {
    async contract(contractId: string): Promise<ContractRow | undefined> {
      const [row] = await db.select().from(consentContracts).where(eq(consentContracts.contractId, contractId));
      return row;
    },

    async latestVersion(contractId: string): Promise<ContractVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(consentContractVersions)
        .where(eq(consentContractVersions.contractId, contractId))
        .orderBy(desc(consentContractVersions.version))
        .limit(1);
      return row;
    },

    async version(contractId: string, version: number): Promise<ContractVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(consentContractVersions)
        .where(and(eq(consentContractVersions.contractId, contractId), eq(consentContractVersions.version, version)));
      return row;
    },

    /**
     * What puckar/check needs in one round trip (it runs on every page with a consent panel): the
     * latest version with its markup, and the subject's answers to the contract, newest first.
     * Undefined when the contract has no published version.
     */
    async checkState(
      subject: string,
      contractId: string,
    ): Promise<{ latest: ContractVersionRow; answers: CheckAnswer[] } | undefined> {
      const answers = sql<CheckAnswer[] | null>`(
        select json_agg(json_build_object('version', e.contract_version, 'action', e.action, 'userValue', e.user_value)
                        order by e.seq desc)
        from (
          select ${consentLedger.contractVersion}, ${consentLedger.action}, ${consentLedger.userValue}, ${consentLedger.seq}
          from ${consentLedger}
          where ${consentLedger.subject} = ${subject} and ${consentLedger.contractId} = ${contractId}
          order by ${consentLedger.seq} desc
          limit 200
        ) e
      )`;
      const [row] = await db
        .select({ version: consentContractVersions, answers })
        .from(consentContractVersions)
        .where(eq(consentContractVersions.contractId, contractId))
        .orderBy(desc(consentContractVersions.version))
        .limit(1);
      return row ? { latest: row.version, answers: row.answers ?? [] } : undefined;
    },

    /**
     * The answers of many (subject, contract) pairs in one round trip, newest first per pair, for
     * puckar/check calls that arrive together. The pairs travel as one JSON parameter,
     * so the statement's text never changes and runs prepared; each pair reads its newest 200
     * entries through consent_ledger_subject_idx.
     */
    async answersOf(pairs: readonly { subject: string; contractId: string }[]): Promise<CheckAnswer[][]> {
      if (pairs.length === 0) return [];
      const items = pairs.map(({ subject, contractId }, i) => ({ i, s: subject, c: contractId }));
      // Flat rows, newest first per pair: building JSON per pair in the database cost more than
      // reading the entries (PGlite: ~200 µs per pair with json_agg).
      const result = await executePrepared(
        db,
        'consent_check_answers',
        sql`select x.i, e.contract_version as "version", e.action, e.user_value as "userValue"
          from json_to_recordset(${JSON.stringify(items)}::json) as x(i integer, s text, c text)
          cross join lateral (
            select l.contract_version, l.action, l.user_value, l.seq
            from ${consentLedger} l
            where l.subject = x.s and l.contract_id = x.c
            order by l.seq desc
            limit 200
          ) e
          order by x.i, e.seq desc`,
      );
      const answers: CheckAnswer[][] = pairs.map(() => []);
      for (const row of resultRows<CheckAnswer & { i: number }>(result)) {
        answers[row.i]!.push({ version: row.version, action: row.action, userValue: row.userValue });
      }
      return answers;
    },

    /** Every entry of a subject, oldest first (the history export). */
    async subjectEntries(subject: string): Promise<LedgerRow[]> {
      return db.select().from(consentLedger).where(eq(consentLedger.subject, subject)).orderBy(asc(consentLedger.seq));
    },

    /**
     * Appends at most one entry for (subject, contract). A transaction-scoped advisory lock on the
     * pair serialises concurrent calls, so `decide` sees the true latest entry: a retried request
     * finds its own first entry and answers it instead of appending a second (idempotency), and the
     * received cache changes in the same transaction as the ledger. `decide` may throw a catalogue
     * error: the transaction rolls back and nothing is stored.
     */
    async append(
      subject: string,
      contractId: string,
      decide: (latest: LedgerRow | undefined) => AppendDecision,
    ): Promise<{ entry: LedgerRow; appended: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consent:${subject}:${contractId}`}, 0))`);
        const [latest] = await tx
          .select()
          .from(consentLedger)
          .where(and(eq(consentLedger.subject, subject), eq(consentLedger.contractId, contractId)))
          .orderBy(desc(consentLedger.seq))
          .limit(1);
        const decision = decide(latest);
        if ('existing' in decision) return { entry: decision.existing, appended: false };
        const [entry] = await tx.insert(consentLedger).values(decision.append).returning();
        const change = decision.received;
        if (change.kind === 'accepted') {
          await tx
            .insert(consentReceived)
            .values({
              visitorId: change.visitorId,
              siteId: change.siteId,
              contractId,
              customerId: change.customerId,
              receivedAt: change.at,
            })
            .onConflictDoUpdate({
              target: [consentReceived.visitorId, consentReceived.siteId, consentReceived.contractId],
              set: { customerId: change.customerId, receivedAt: change.at },
            });
        } else {
          // A customer's dates on every device go; on this device, the anonymous visitor's too. A
          // row of another customer who used the same browser is not this subject's to clear.
          const anonymousHere = and(
            eq(consentReceived.visitorId, change.visitorId),
            isNull(consentReceived.customerId),
          );
          await tx
            .delete(consentReceived)
            .where(
              and(
                eq(consentReceived.contractId, contractId),
                change.customerId
                  ? or(eq(consentReceived.customerId, change.customerId), anonymousHere)
                  : anonymousHere,
              ),
            );
        }
        return { entry: entry!, appended: true };
      });
    },

    /** Creates missing contracts and gives each a first version where it has none (idempotent). */
    async seed(
      contracts: readonly { contractId: string; title: string; siteId: number | null; markup: string }[],
      at: Date,
      publishedBy: string,
    ): Promise<number> {
      if (contracts.length === 0) return 0;
      return db.transaction(async (tx) => {
        await tx
          .insert(consentContracts)
          .values(contracts.map(({ contractId, title, siteId }) => ({ contractId, title, siteId, createdAt: at })))
          .onConflictDoNothing();
        // Version 1 exists exactly when the contract has any version: numbering starts at 1.
        const inserted = await tx
          .insert(consentContractVersions)
          .values(
            contracts.map(({ contractId, markup }) => ({
              contractId,
              version: 1,
              markup,
              publishedAt: at,
              publishedBy,
            })),
          )
          .onConflictDoNothing()
          .returning({ contractId: consentContractVersions.contractId });
        return inserted.length;
      });
    },

    async createContract(contract: { contractId: string; title: string; siteId: number | null }, at: Date) {
      const [row] = await db
        .insert(consentContracts)
        .values({ ...contract, createdAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /**
     * Publishes the next version (max + 1). A per-contract lock keeps two operators publishing at once from
     * both taking one number; the primary key would refuse the second anyway.
     */
    async publish(contractId: string, markup: string, publishedBy: string, at: Date): Promise<ContractVersionRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consent-publish:${contractId}`}, 0))`);
        const [current] = await tx
          .select({ version: max(consentContractVersions.version) })
          .from(consentContractVersions)
          .where(eq(consentContractVersions.contractId, contractId));
        const version = (current?.version ?? 0) + 1;
        const [row] = await tx
          .insert(consentContractVersions)
          .values({ contractId, version, markup, publishedAt: at, publishedBy })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ContractVersionTaken(`version ${version} of ${contractId} was published at the same time`);
        return row;
      });
    },

    async listContracts(): Promise<ContractSummary[]> {
      const [contracts, versions] = await Promise.all([
        db.select().from(consentContracts).orderBy(asc(consentContracts.contractId)),
        db
          .select({
            contractId: consentContractVersions.contractId,
            version: consentContractVersions.version,
            publishedAt: consentContractVersions.publishedAt,
          })
          .from(consentContractVersions)
          .orderBy(asc(consentContractVersions.version)),
      ]);
      const latest = new Map(versions.map((version) => [version.contractId, version]));
      return contracts.map((contract) => ({
        ...contract,
        latestVersion: latest.get(contract.contractId)?.version ?? null,
        latestPublishedAt: latest.get(contract.contractId)?.publishedAt ?? null,
      }));
    },
  };
}

export type ConsentStore = ReturnType<typeof createConsentStore>;
