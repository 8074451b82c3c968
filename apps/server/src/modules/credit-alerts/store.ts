import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Bureau, CreditReport, ReportChange } from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { creditPulls } from '../../db/schema/credit.ts';
import { creditAlertDerivations, creditAlertSubscriptions, creditAlerts } from '../../db/schema/credit-alerts.ts';

export type CreditAlertRow = typeof creditAlerts.$inferSelect;

/** One stored pull as the diff needs it. */
export interface StoredPull {
  bureau: Bureau;
  version: number;
  pulledAt: Date;
  report: CreditReport | null;
}

/** A pair of a bureau's latest pulls that has not been compared yet. */
export interface PendingPair {
  bureau: Bureau;
  older: StoredPull;
  newer: StoredPull;
}

/**
 * Credit alerts' tables (db/schema/credit-alerts.ts), and the one read of credit_pulls they need:
 * consecutive versions of a bureau. credit_pulls is only read here, never written (its
 * versions are the credit module's, and the database refuses any UPDATE of them).
 */
/** How far back a read compares pairs not compared yet: two years of monthly pulls. */
const PAIRS_LOOKED_AT = 24;

export function createCreditAlertsStore(db: Database) {
  return {
    /** Each bureau's latest version number (bureaus without a pull are absent). */
    async latestVersions(customerId: string): Promise<Map<Bureau, number>> {
      const rows = await db
        .select({ bureau: creditPulls.bureau, version: max(creditPulls.version) })
        .from(creditPulls)
        .where(eq(creditPulls.customerId, customerId))
        .groupBy(creditPulls.bureau);
      return new Map(rows.map((row) => [row.bureau as Bureau, row.version ?? 0]));
    },

    /**
     * Every pair of consecutive pulls of a bureau not compared yet, among its newest
     * PAIRS_LOOKED_AT, oldest first, with the two reports. Not only the newest pair: a bureau pulled
     * twice between two reads (the nudge pulls too) would skip the changes of the middle pull, and a
     * new account still there in the newest pull shows in no newer pair. Reads reports only for
     * pairs still to compare, so a settled customer's read costs two small queries.
     */
    async pendingPairs(customerId: string, latest: Map<Bureau, number>): Promise<PendingPair[]> {
      const candidates = [...latest].filter(([, version]) => version >= 2);
      if (candidates.length === 0) return [];
      const derived = await db
        .select({ bureau: creditAlertDerivations.bureau, toVersion: creditAlertDerivations.toVersion })
        .from(creditAlertDerivations)
        .where(eq(creditAlertDerivations.customerId, customerId));
      const done = new Set(derived.map((row) => `${row.bureau}:${row.toVersion}`));
      const pending = candidates.flatMap(([bureau, newest]) => {
        const versions: [Bureau, number][] = [];
        for (let version = Math.max(2, newest - PAIRS_LOOKED_AT + 1); version <= newest; version += 1) {
          if (!done.has(`${bureau}:${version}`)) versions.push([bureau, version]);
        }
        return versions;
      });
      if (pending.length === 0) return [];
      const rows = await db
        .select({
          bureau: creditPulls.bureau,
          version: creditPulls.version,
          pulledAt: creditPulls.pulledAt,
          report: creditPulls.report,
        })
        .from(creditPulls)
        .where(
          and(
            eq(creditPulls.customerId, customerId),
            or(
              ...pending.map(([bureau, version]) =>
                and(eq(creditPulls.bureau, bureau), inArray(creditPulls.version, [version - 1, version])),
              ),
            ),
          ),
        );
      return pending.flatMap(([bureau, version]) => {
        const find = (wanted: number) => rows.find((row) => row.bureau === bureau && row.version === wanted);
        const older = find(version - 1);
        const newer = find(version);
        return older && newer
          ? [{ bureau, older: { ...older, bureau }, newer: { ...newer, bureau } } satisfies PendingPair]
          : [];
      });
    },

    /**
     * Stores the alerts of one compared pair and marks the pair compared, in one transaction. A
     * pair stored before (two first reads racing) changes nothing: the unique key of credit_alerts
     * and the derivations' primary key turn the repeat into no-ops.
     */
    async storePair(customerId: string, pair: PendingPair, changes: readonly ReportChange[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        if (changes.length > 0) {
          await tx
            .insert(creditAlerts)
            .values(
              changes.map((change, index) => ({
                alertId: randomUUID(),
                customerId,
                bureau: pair.bureau,
                fromVersion: pair.older.version,
                toVersion: pair.newer.version,
                kind: change.kind,
                subjectKey: change.subjectKey,
                impact: change.impact,
                rank: index + 1,
                title: change.title,
                explanation: change.explanation,
                details: change.details,
                pulledAt: pair.newer.pulledAt,
                createdAt: now,
              })),
            )
            .onConflictDoNothing();
        }
        await tx
          .insert(creditAlertDerivations)
          .values({ customerId, bureau: pair.bureau, toVersion: pair.newer.version, derivedAt: now })
          .onConflictDoNothing();
      });
    },

    /** The customer's alerts, newest pull first, then bureau and rank; dismissed ones left out unless asked. */
    async alerts(customerId: string, options: { withDismissed?: boolean } = {}): Promise<CreditAlertRow[]> {
      return db
        .select()
        .from(creditAlerts)
        .where(
          and(
            eq(creditAlerts.customerId, customerId),
            options.withDismissed ? undefined : isNull(creditAlerts.dismissedAt),
          ),
        )
        .orderBy(desc(creditAlerts.pulledAt), asc(creditAlerts.bureau), asc(creditAlerts.rank))
        .limit(500);
    },

    /**
     * The date of one stored report (its dateApplied: the bureau's lastUpdated, the "Last updated"
     * of the score card), so what cites a report cites it by the date the customer sees on it.
     */
    async reportDate(customerId: string, bureau: Bureau, version: number): Promise<Date | undefined> {
      const [row] = await db
        .select({ dateApplied: creditPulls.dateApplied })
        .from(creditPulls)
        .where(
          and(eq(creditPulls.customerId, customerId), eq(creditPulls.bureau, bureau), eq(creditPulls.version, version)),
        )
        .limit(1);
      return row?.dateApplied;
    },

    /** The alerts of one compared pair, dismissed or not, by rank. */
    async pairAlerts(customerId: string, bureau: Bureau, toVersion: number): Promise<CreditAlertRow[]> {
      return db
        .select()
        .from(creditAlerts)
        .where(
          and(
            eq(creditAlerts.customerId, customerId),
            eq(creditAlerts.bureau, bureau),
            eq(creditAlerts.toVersion, toVersion),
          ),
        )
        .orderBy(asc(creditAlerts.rank));
    },

    /**
     * Marks the customer's alerts read (or dismissed, which also reads them). The first mark's time
     * is kept: marking again changes nothing. When any id is not one of this customer's alerts,
     * nothing is marked and undefined is answered.
     */
    async mark(
      customerId: string,
      alertIds: readonly string[],
      state: 'READ' | 'DISMISSED',
      now: Date,
    ): Promise<CreditAlertRow[] | undefined> {
      const ids = [...new Set(alertIds)];
      return db.transaction(async (tx) => {
        const owned = and(eq(creditAlerts.customerId, customerId), inArray(creditAlerts.alertId, ids));
        const found = await tx.select({ alertId: creditAlerts.alertId }).from(creditAlerts).where(owned).for('update');
        if (found.length !== ids.length) return undefined;
        return tx
          .update(creditAlerts)
          .set({
            readAt: sql`coalesce(${creditAlerts.readAt}, ${now.toISOString()}::timestamptz)`,
            ...(state === 'DISMISSED'
              ? { dismissedAt: sql`coalesce(${creditAlerts.dismissedAt}, ${now.toISOString()}::timestamptz)` }
              : {}),
          })
          .where(owned)
          .returning();
      });
    },

    /** The customer's subscription choices (bureaus without a row are subscribed). */
    async subscriptions(customerId: string): Promise<Map<Bureau, boolean>> {
      const rows = await db
        .select({ bureau: creditAlertSubscriptions.bureau, subscribed: creditAlertSubscriptions.subscribed })
        .from(creditAlertSubscriptions)
        .where(eq(creditAlertSubscriptions.customerId, customerId));
      return new Map(rows.map((row) => [row.bureau as Bureau, row.subscribed]));
    },

    /** Records the customer's choice for one bureau (the latest choice stands). */
    async subscribe(customerId: string, bureau: Bureau, subscribed: boolean, now: Date): Promise<void> {
      await db
        .insert(creditAlertSubscriptions)
        .values({ customerId, bureau, subscribed, updatedAt: now })
        .onConflictDoUpdate({
          target: [creditAlertSubscriptions.customerId, creditAlertSubscriptions.bureau],
          set: { subscribed, updatedAt: now },
        });
    },
  };
}

export type CreditAlertsStore = ReturnType<typeof createCreditAlertsStore>;
