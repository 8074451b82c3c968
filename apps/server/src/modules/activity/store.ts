import { and, eq, max, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consentReceived } from '../../db/schema/consent.ts';
import { siteActivity } from '../../db/schema/activity.ts';

export type ActivityRow = typeof siteActivity.$inferSelect;
export type ActivityChange = Pick<ActivityRow, 'data' | 'leads' | 'sharedData' | 'customerId' | 'visitId'>;

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

  return {
    /**
     * Changes one visitor's entry for one site under a row lock, so concurrent writes to the same
     * entry merge instead of overwriting each other. `change` may throw (a catalogue error): the
     * transaction rolls back and nothing is stored.
     */
    async update(
      visitorId: string,
      siteId: number,
      change: (current: ActivityRow) => ActivityChange,
    ): Promise<ActivityRow> {
      return db.transaction(async (tx) => {
        const key = and(eq(siteActivity.visitorId, visitorId), eq(siteActivity.siteId, siteId));
        await tx.insert(siteActivity).values({ visitorId, siteId }).onConflictDoNothing();
        const [current] = await tx.select().from(siteActivity).where(key).for('update');
        if (!current) throw new Error('site activity row vanished inside its transaction');
        const [updated] = await tx
          .update(siteActivity)
          .set({ ...change(current), updatedAt: new Date() })
          .where(key)
          .returning();
        return updated!;
      });
    },

    async entries(query: ActivityQuery): Promise<ActivityRow[]> {
      return db
        .select()
        .from(siteActivity)
        .where(
          whose(
            query,
            eq(siteActivity.visitorId, query.visitorId),
            query.customerId ? eq(siteActivity.customerId, query.customerId) : undefined,
            query.siteId != null ? eq(siteActivity.siteId, query.siteId) : undefined,
          ),
        );
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
