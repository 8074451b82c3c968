import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  canRefresh,
  isValidScore,
  scoreBand,
  type Bureau,
  type CreditReport,
  type ScoreHistoryPoint,
  type ScoreState,
} from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { GenerationCounter, Generations } from '../../lib/generations.ts';
import { createKeptReads, type CountLookup } from '../../lib/kept-reads.ts';
import { consentLedger } from '../../db/schema/consent.ts';
import { creditPulls } from '../../db/schema/credit.ts';

export type CreditPullRow = typeof creditPulls.$inferSelect;
/** A pull without its report and history: what the score tile and reportStatus read. */
export type CreditPullSummary = Omit<CreditPullRow, 'report' | 'scoreHistory'>;

/** One answer of the bureau provider, as the credit service hands it over to be stored. */
export interface NewCreditPull {
  customerId: string;
  bureau: Bureau;
  provider: string;
  providerReference: string;
  state: ScoreState;
  /** When the bureau last (re)scored; the pull time for a NO_HIT. */
  dateApplied: Date;
  pulledAt: Date;
  /** The earliest the next pull may happen (core score-rules nextRefreshDate). */
  nextRefreshAt: Date;
  consentReference: string;
  report: CreditReport | null;
  scoreHistory: readonly ScoreHistoryPoint[];
}

/** The recorded consent a pull relies on: an acceptance in the consent ledger. */
export interface AcceptedConsent {
  /** "consent_ledger:<entryId>", stored with every pull it allowed. */
  reference: string;
  contractId: string;
  givenAt: Date;
}

/** A stored new version, or the latest version that is still fresh (nothing stored). */
export type AppendResult = { stored: CreditPullRow } | { tooEarly: CreditPullRow };

const { report: _report, scoreHistory: _history, ...summaryColumns } = getTableColumns(creditPulls);

/**
 * The score a new pull moved from: the latest earlier version's score (or, when that one had
 * none, the score before it); for a first pull, the bureau's score the month before, so the very
 * first tile can already say why it moved. null when there is none: never a made-up number.
 */
function previousScoreOf(latest: CreditPullRow | undefined, pull: NewCreditPull): number | null {
  if (latest) return latest.score ?? latest.previousScore;
  if (pull.state.kind !== 'SCORE' || pull.scoreHistory.length < 2) return null;
  const before = pull.scoreHistory[pull.scoreHistory.length - 2]!.score;
  return isValidScore(before) ? before : null;
}

/** How many change counters the customers' pulls are spread over (see latestPerBureau). */
export const PULL_COUNTER_BUCKETS = 64;
/** How many customers' latest pulls are kept in memory at most; past it the oldest go. */
export const MAX_REMEMBERED_CUSTOMERS = 10_000;
/** How many bytes those customers' pulls may hold at most (lib/kept-reads.ts estimates them). */
export const MAX_REMEMBERED_PULL_BYTES = 16 * 1024 * 1024;

/** The change counter of a customer's pulls: one of PULL_COUNTER_BUCKETS, by FNV-1a of the id. */
function pullCounterName(customerId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < customerId.length; i += 1) {
    hash = Math.imul(hash ^ customerId.charCodeAt(i), 0x01000193);
  }
  return `credit-pulls:${(hash >>> 0) % PULL_COUNTER_BUCKETS}`;
}

export interface CreditStoreOptions {
  /**
   * Change counters (lib/generations.ts): with them, each customer's latest pulls are kept in
   * memory until a pull of theirs (or of a customer sharing their counter) is stored on any
   * instance. Without them every read goes to the database.
   */
  generations?: Generations;
  /** Told whether each latest-pulls read was answered from memory (metrics). */
  countLookup?: CountLookup | undefined;
}

/**
 * Versioned credit pulls: an append is the next version of (customer, bureau) and
 * never overwrites one (the database also refuses any UPDATE of the table); a pull before the
 * latest version's nextRefreshDate is not stored.
 */
export function createCreditStore(db: Database, options: CreditStoreOptions = {}) {
  // The score tile's read (getCreditScores, reportStatus) runs on every signed-in page view: the
  // reads of every request in one event-loop turn go as one prepared statement (PGlite runs queries
  // on the event loop itself, so one statement per request bounds the route's throughput
  // bench, getCreditScores against a no-op route), as puckar/check's reads do.
  const latestOfMany = db
    .selectDistinctOn([creditPulls.customerId, creditPulls.bureau], summaryColumns)
    .from(creditPulls)
    .where(sql`${creditPulls.customerId} = any(${sql.placeholder('customerIds')}::text[])`)
    .orderBy(creditPulls.customerId, creditPulls.bureau, desc(creditPulls.version))
    .prepare('credit_latest_per_bureau');
  const latestReads = createBatcher<string, CreditPullSummary[]>({
    maxWaitMs: 'turn',
    maxBatchSize: 200,
    maxConcurrentFlushes: 2,
    async flush(customerIds) {
      const byCustomer = new Map<string, CreditPullSummary[]>();
      for (const row of await latestOfMany.execute({ customerIds: [...new Set(customerIds)] })) {
        byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row]);
      }
      return customerIds.map((customerId) => byCustomer.get(customerId) ?? []);
    },
  });

  const counterOf = (customerId: string): GenerationCounter | undefined =>
    options.generations?.counter(pullCounterName(customerId));
  const kept = createKeptReads<readonly CreditPullSummary[]>({
    maxEntries: MAX_REMEMBERED_CUSTOMERS,
    maxBytes: MAX_REMEMBERED_PULL_BYTES,
    countLookup: options.countLookup,
  });

  /**
   * The latest pulls of one customer. The score tile asks on every signed-in page view and pulls
   * change about monthly, so with change counters a read is kept (lib/kept-reads.ts) until a pull
   * is stored. The counters are shared by PULL_COUNTER_BUCKETS groups of customers: bounded Redis
   * keys, and one customer's pull empties a 64th of the cache, not all of it. Without a known
   * generation (PostgreSQL without Redis, a Redis failure) the database answers every time.
   */
  function latestPerBureau(customerId: string): Promise<readonly CreditPullSummary[]> {
    return kept.read(customerId, counterOf(customerId), () => latestReads.add(customerId));
  }

  return {
    /** The latest version for one bureau, with its report. */
    async latest(customerId: string, bureau: Bureau): Promise<CreditPullRow | undefined> {
      const [row] = await db
        .select()
        .from(creditPulls)
        .where(and(eq(creditPulls.customerId, customerId), eq(creditPulls.bureau, bureau)))
        .orderBy(desc(creditPulls.version))
        .limit(1);
      return row;
    },

    /** The latest version at each bureau that has one, without reports; order with core sortBureauRecords. */
    latestPerBureau,

    /** Every stored version for one bureau, newest first, without reports. */
    async versions(customerId: string, bureau: Bureau, limit = 24): Promise<CreditPullSummary[]> {
      return db
        .select(summaryColumns)
        .from(creditPulls)
        .where(and(eq(creditPulls.customerId, customerId), eq(creditPulls.bureau, bureau)))
        .orderBy(desc(creditPulls.version))
        .limit(limit);
    },

    /** One stored version with its report. */
    async version(customerId: string, bureau: Bureau, version: number): Promise<CreditPullRow | undefined> {
      const [row] = await db
        .select()
        .from(creditPulls)
        .where(
          and(eq(creditPulls.customerId, customerId), eq(creditPulls.bureau, bureau), eq(creditPulls.version, version)),
        );
      return row;
    },

    /**
     * The customer's standing acceptance of one of `contractIds` (core CREDIT_CONSENT_CONTRACTS):
     * per contract the latest ledger entry of the customer's subject (consent module:
     * "c:<customerId>", lower case), counted only when it accepts (respond, Y); a later decline or
     * withdrawal ends it. The newest such acceptance when several stand. Reads the ledger only.
     */
    async acceptedConsent(customerId: string, contractIds: readonly string[]): Promise<AcceptedConsent | undefined> {
      const latest = await db
        .selectDistinctOn([consentLedger.contractId], {
          entryId: consentLedger.entryId,
          contractId: consentLedger.contractId,
          action: consentLedger.action,
          userValue: consentLedger.userValue,
          recordedAt: consentLedger.recordedAt,
        })
        .from(consentLedger)
        .where(
          and(
            eq(consentLedger.subject, `c:${customerId.toLowerCase()}`),
            inArray(consentLedger.contractId, [...contractIds]),
          ),
        )
        .orderBy(consentLedger.contractId, desc(consentLedger.seq));
      const accepted = latest
        .filter((entry) => entry.action === 'respond' && entry.userValue === 'Y')
        .sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime())[0];
      return (
        accepted && {
          reference: `consent_ledger:${accepted.entryId}`,
          contractId: accepted.contractId,
          givenAt: accepted.recordedAt,
        }
      );
    },

    /**
     * Stores `pull` as the next version unless the latest one is still fresh at `now`. The check
     * and the insert hold a transaction-scoped advisory lock on (customer, bureau), so two pulls
     * racing past the service's own check store one version, not two.
     */
    async append(pull: NewCreditPull, now: Date): Promise<AppendResult> {
      const result = await appendUnderLock(pull, now);
      // Committed: every kept read of this customer's counter is stale now, here and elsewhere.
      if ('stored' in result) await counterOf(pull.customerId)?.bump();
      return result;
    },
  };

  function appendUnderLock(pull: NewCreditPull, now: Date): Promise<AppendResult> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`credit:${pull.customerId}:${pull.bureau}`}, 0))`,
      );
      const [latest] = await tx
        .select()
        .from(creditPulls)
        .where(and(eq(creditPulls.customerId, pull.customerId), eq(creditPulls.bureau, pull.bureau)))
        .orderBy(desc(creditPulls.version))
        .limit(1);
      if (latest && !canRefresh(latest.nextRefreshAt.toISOString(), now.getTime())) return { tooEarly: latest };
      const score = pull.state.kind === 'SCORE' ? pull.state.score : null;
      const [stored] = await tx
        .insert(creditPulls)
        .values({
          pullId: randomUUID(),
          customerId: pull.customerId,
          bureau: pull.bureau,
          version: (latest?.version ?? 0) + 1,
          provider: pull.provider,
          providerReference: pull.providerReference,
          scoreState: pull.state.kind,
          score,
          rawScore: pull.state.kind === 'SCORE' ? String(pull.state.score) : pull.state.rawCode,
          riskIndex: pull.state.kind === 'NEW_TO_CREDIT' ? pull.state.riskIndex : null,
          scoreBand: scoreBand(pull.bureau, score),
          previousScore: previousScoreOf(latest, pull),
          dateApplied: pull.dateApplied,
          pulledAt: pull.pulledAt,
          nextRefreshAt: pull.nextRefreshAt,
          consentReference: pull.consentReference,
          report: pull.report,
          scoreHistory: [...pull.scoreHistory],
        })
        .returning();
      return { stored: stored! };
    });
  }
}

export type CreditStore = ReturnType<typeof createCreditStore>;
