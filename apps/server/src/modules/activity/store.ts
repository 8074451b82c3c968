import { and, eq, inArray, max, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consentReceived } from '../../db/schema/consent.ts';
import { siteActivity } from '../../db/schema/activity.ts';

export type ActivityRow = typeof siteActivity.$inferSelect;
export type ActivityChange = Pick<ActivityRow, 'data' | 'leads' | 'sharedData' | 'visitId'>;

/** The owner column of a customer's entry, or of a visitor's own (not signed in). */
const ownerOf = (customerId: string | null | undefined) => customerId ?? '';

export interface ActivityQuery {
  visitorId: string;
  customerId?: string | null | undefined;
  siteId?: number | null | undefined;
}

export function createActivityStore(db: Database) {
  /** Rows of this visitor, plus rows of the customer from other visitors when a customer is named. */
  function whose(query: ActivityQuery, visitor: SQL, customer: SQL | undefined, site: SQL | undefined) {
    const owner = customer ? or(visitor, customer) : visitor;
    return site ? and(owner, site) : owner;
  }

  /**
   * The entries a read answers: the visitor's own (stored without a customer), and with a (proven)
   * customer theirs too, from this visitor and every other. Never another customer's entry on the
   * same browser: a visitor id is no proof of anyone.
   */
  function readable(query: ActivityQuery): SQL {
    const visitor = eq(siteActivity.visitorId, query.visitorId);
    const own = query.customerId
      ? or(and(visitor, inArray(siteActivity.owner, ['', query.customerId])), eq(siteActivity.owner, query.customerId))!
      : and(visitor, eq(siteActivity.owner, ''))!;
    return query.siteId != null ? and(own, eq(siteActivity.siteId, query.siteId))! : own;
  }

  return {
    /**
     * Changes the entry of one visitor, site and owner (`customerId`, or none) under a row lock, so
     * concurrent writes to the same entry merge instead of overwriting each other. A customer's
     * write also takes in the visitor's own entry on that site (what they did before signing in,
     * spec 000 §4 sync flag): `change` gets it as `anonymous`, and it is gone once merged. `change`
     * may throw (a catalogue error): the transaction rolls back and nothing is stored.
     */
    async update(
      visitorId: string,
      siteId: number,
      customerId: string | null | undefined,
      change: (current: ActivityRow, anonymous: ActivityRow | undefined) => ActivityChange,
    ): Promise<ActivityRow> {
      return db.transaction(async (tx) => {
        const entry = (owner: string) =>
          and(eq(siteActivity.visitorId, visitorId), eq(siteActivity.siteId, siteId), eq(siteActivity.owner, owner));
        const owner = ownerOf(customerId);
        // Locked in one order (the visitor's own entry first) whoever writes.
        const [anonymous] = owner === '' ? [] : await tx.select().from(siteActivity).where(entry('')).for('update');
        await tx
          .insert(siteActivity)
          .values({ visitorId, siteId, owner, customerId: customerId ?? null })
          .onConflictDoNothing();
        const [current] = await tx.select().from(siteActivity).where(entry(owner)).for('update');
        if (!current) throw new Error('site activity row vanished inside its transaction');
        const [updated] = await tx
          .update(siteActivity)
          .set({ ...change(current, anonymous), updatedAt: new Date() })
          .where(entry(owner))
          .returning();
        if (anonymous) await tx.delete(siteActivity).where(entry(''));
        return updated!;
      });
    },

    async entries(query: ActivityQuery): Promise<ActivityRow[]> {
      return db.select().from(siteActivity).where(readable(query));
    },

    /** The latest consent received per site (spec 000 §3 consentRecievedDate). */
    async consentDates(query: ActivityQuery): Promise<Map<number, Date>> {
      const rows = await db
        .select({ siteId: consentReceived.siteId, receivedAt: max(consentReceived.receivedAt) })
        .from(consentReceived)
        .where(
          whose(
            query,
            eq(consentReceived.visitorId, query.visitorId),
            query.customerId ? eq(consentReceived.customerId, query.customerId) : undefined,
            query.siteId != null ? eq(consentReceived.siteId, query.siteId) : undefined,
          ),
        )
        .groupBy(consentReceived.siteId);
      return new Map(rows.flatMap((row) => (row.receivedAt ? [[row.siteId, row.receivedAt] as const] : [])));
    },
  };
}

export type ActivityStore = ReturnType<typeof createActivityStore>;
