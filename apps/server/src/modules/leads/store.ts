import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { EXPIRING_LEAD_STATUSES, OPEN_LEAD_STATUSES, type DataItem, type LeadStatus } from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { siteActivity } from '../../db/schema/activity.ts';
import { leadStatusHistory, leads } from '../../db/schema/leads.ts';

export type LeadRow = typeof leads.$inferSelect;
export type LeadHistoryRow = typeof leadStatusHistory.$inferSelect;
export type NewLead = Omit<LeadRow, 'status' | 'partnerStatus' | 'updatedAt'>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a customer's lead shows up in recent activity (spec 000 §3 "Data item", site entry). */
export interface ActivityPlacement {
  siteId: number;
  item: DataItem;
}

/**
 * The recent-activity row of a customer's leads on one site. Leads are written server side, for the
 * customer, not for a browser's visitor id: a visitor id or visit id in a request is only a claim,
 * and writing under another visitor's row would merge that visitor's activity into this customer's
 * (getApplicationData merges rows by customer). A key of its own keeps the rows apart.
 */
export function leadActivityVisitorId(customerId: string): string {
  return `customer:${customerId}`;
}

function itemKey(item: { id: unknown; type?: unknown }): string {
  return `${String(item.type)}\u0001${String(item.id)}`;
}

export function createLeadsStore(db: Database) {
  const openLead = (customerId: string, offerId: string) =>
    db
      .select()
      .from(leads)
      .where(
        and(
          eq(leads.customerId, customerId),
          eq(leads.offerId, offerId),
          inArray(leads.status, [...OPEN_LEAD_STATUSES]),
        ),
      );

  /** Puts the lead's item into the customer's recent activity of its site (replacing it by id and type). */
  async function placeActivity(tx: Transaction, lead: LeadRow, placement: ActivityPlacement): Promise<void> {
    const visitorId = leadActivityVisitorId(lead.customerId);
    // The customer's own entry (owner: migration 0033), as the activity module keys them.
    const owner = lead.customerId;
    const key = and(
      eq(siteActivity.visitorId, visitorId),
      eq(siteActivity.siteId, placement.siteId),
      eq(siteActivity.owner, owner),
    );
    await tx
      .insert(siteActivity)
      .values({ visitorId, siteId: placement.siteId, customerId: lead.customerId, owner })
      .onConflictDoNothing();
    const [row] = await tx.select().from(siteActivity).where(key).for('update');
    if (!row) throw new Error('recent-activity row vanished inside its transaction');
    const data = (row.data as DataItem[]).filter((item) => itemKey(item) !== itemKey(placement.item));
    await tx
      .update(siteActivity)
      .set({ data: [...data, placement.item], visitId: lead.visitId ?? row.visitId, updatedAt: lead.updatedAt })
      .where(key);
  }

  /** Marks locked stale rows EXPIRED: status, a history entry and the recent-activity item each. */
  async function expireRows(
    tx: Transaction,
    stale: readonly LeadRow[],
    at: Date,
    activity: (row: LeadRow) => ActivityPlacement | null,
  ): Promise<number> {
    for (const row of stale) {
      const [updated] = await tx
        .update(leads)
        .set({ status: 'EXPIRED', updatedAt: at })
        .where(eq(leads.leadId, row.leadId))
        .returning();
      await tx
        .insert(leadStatusHistory)
        .values({ leadId: row.leadId, status: 'EXPIRED', partnerStatus: row.partnerStatus, at });
      const placement = activity(updated!);
      if (placement) await placeActivity(tx, updated!, placement);
    }
    return stale.length;
  }

  return {
    /**
     * Creates the customer's open lead for the offer, or answers the one there is (exactly once:
     * the partial unique index leads_open_offer_unique decides between concurrent applies; the
     * loser's INSERT waits for the winner's commit, does nothing, and reads the winner's row).
     * The lead, its first history entry and its recent-activity item are written together or not at all.
     */
    async createOnce(
      lead: NewLead,
      activity: (row: LeadRow) => ActivityPlacement | null,
    ): Promise<{ lead: LeadRow; created: boolean }> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(leads)
            .values({ ...lead, status: 'CREATED', partnerStatus: null, updatedAt: lead.createdAt })
            .onConflictDoNothing()
            .returning();
          if (!row) return null;
          await tx.insert(leadStatusHistory).values({ leadId: row.leadId, status: row.status, at: row.createdAt });
          const placement = activity(row);
          if (placement) await placeActivity(tx, row, placement);
          return row;
        });
        if (created) return { lead: created, created: true };
        const [existing] = await openLead(lead.customerId, lead.offerId);
        if (existing) return { lead: existing, created: false };
        // The open lead closed between the conflict and the read: the next attempt creates a new one.
      }
      throw new Error('could not create or find the open lead');
    },

    /**
     * Expires the customer's applications that have not moved since `before` (core isLeadStale):
     * status EXPIRED, a history entry and the recent-activity item, under the rows' locks so a
     * partner's report in between is not overwritten. Answers how many expired.
     */
    async expireStale(
      customerId: string,
      before: Date,
      at: Date,
      activity: (row: LeadRow) => ActivityPlacement | null,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const stale = await tx
          .select()
          .from(leads)
          .where(
            and(
              eq(leads.customerId, customerId),
              inArray(leads.status, [...EXPIRING_LEAD_STATUSES]),
              lte(leads.updatedAt, before),
            ),
          )
          .for('update');
        return expireRows(tx, stale, at, activity);
      });
    },

    /**
     * The scheduled expiry (every customer's stale applications, a batch at a time). Several
     * instances run it at once: FOR UPDATE SKIP LOCKED (PostgreSQL §SELECT "The Locking Clause")
     * gives each a different set of rows and never one that a customer's read or a partner's
     * report holds, and a row another transaction moved in between no longer matches the WHERE
     * once its lock is taken, so each lead expires once, with one history entry. Answers how many.
     */
    async expireDue(
      before: Date,
      at: Date,
      limit: number,
      activity: (row: LeadRow) => ActivityPlacement | null,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const stale = await tx
          .select()
          .from(leads)
          .where(and(inArray(leads.status, [...EXPIRING_LEAD_STATUSES]), lte(leads.updatedAt, before)))
          .orderBy(asc(leads.updatedAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        return expireRows(tx, stale, at, activity);
      });
    },

    /** The customer's leads, newest first. */
    async list(customerId: string): Promise<LeadRow[]> {
      return db
        .select()
        .from(leads)
        .where(eq(leads.customerId, customerId))
        .orderBy(desc(leads.createdAt), desc(leads.leadId));
    },

    /** One lead of this customer only (another customer's id answers nothing). */
    async find(customerId: string, leadId: string): Promise<LeadRow | undefined> {
      const [row] = await db
        .select()
        .from(leads)
        .where(and(eq(leads.leadId, leadId), eq(leads.customerId, customerId)));
      return row;
    },

    /** A lead by its reference, for the partner routes (who may read it is the service's rule). */
    async byReference(leadId: string): Promise<LeadRow | undefined> {
      const [row] = await db.select().from(leads).where(eq(leads.leadId, leadId));
      return row;
    },

    async history(leadId: string): Promise<LeadHistoryRow[]> {
      return db
        .select()
        .from(leadStatusHistory)
        .where(eq(leadStatusHistory.leadId, leadId))
        .orderBy(asc(leadStatusHistory.entryId));
    },

    /**
     * Changes a lead's status under a row lock, so two reports of one lead apply one after the
     * other against the status each finds. `decide` may throw (a catalogue error): nothing is
     * written. It answers null to leave the lead unchanged, or the new status and partner status.
     */
    async changeStatus(
      leadId: string,
      at: Date,
      decide: (current: LeadRow) => { status: LeadStatus; partnerStatus: string | null } | null,
      activity: (row: LeadRow) => ActivityPlacement | null,
    ): Promise<LeadRow | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(leads).where(eq(leads.leadId, leadId)).for('update');
        if (!current) return undefined;
        const change = decide(current);
        if (!change) return current;
        const [updated] = await tx
          .update(leads)
          .set({ status: change.status, partnerStatus: change.partnerStatus, updatedAt: at })
          .where(eq(leads.leadId, leadId))
          .returning();
        await tx
          .insert(leadStatusHistory)
          .values({ leadId, status: change.status, partnerStatus: change.partnerStatus, at });
        const placement = activity(updated!);
        if (placement) await placeActivity(tx, updated!, placement);
        return updated!;
      });
    },
  };
}

export type LeadsStore = ReturnType<typeof createLeadsStore>;
