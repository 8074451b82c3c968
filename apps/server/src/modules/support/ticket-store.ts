import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';
import { supportTickets } from '../../db/schema/support.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;

/** Which of a ticket's two mails (db/schema/support.ts acknowledged_at, desk_notified_at). */
export type TicketMail = 'acknowledgedAt' | 'deskNotifiedAt';

/** Tickets at rest (db/schema/support.ts). Every read names the customer: no one reads another's. */
export function createTicketStore(db: Database) {
  return {
    /** The new row, or undefined when the request id or the reference is already taken. */
    async insert(row: NewTicket): Promise<TicketRow | undefined> {
      const [inserted] = await db.insert(supportTickets).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async byRequest(customerId: string, requestId: string): Promise<TicketRow | undefined> {
      const [row] = await db
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.customerId, customerId), eq(supportTickets.requestId, requestId)));
      return row;
    },

    async recent(customerId: string, limit: number): Promise<TicketRow[]> {
      return db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.customerId, customerId))
        .orderBy(desc(supportTickets.createdAt), desc(supportTickets.reference))
        .limit(limit);
    },

    /**
     * Claims a mail before it is sent: true for exactly one caller while it is unsent, so two
     * retries arriving together never mail twice. A failed send gives the claim back (unclaim).
     */
    async claim(ticketId: string, mail: TicketMail, at: Date): Promise<boolean> {
      const column = supportTickets[mail];
      const claimed = await db
        .update(supportTickets)
        .set({ [mail]: at })
        .where(and(eq(supportTickets.ticketId, ticketId), isNull(column)))
        .returning({ ticketId: supportTickets.ticketId });
      return claimed.length === 1;
    },

    /**
     * The account's email, sealed (auth/pii-cipher.ts), or null when it has none. It is only ever
     * stored after its owner typed the code mailed to it (profile's contact change), so it is the
     * one address an acknowledgement may go to.
     */
    async accountEmailOf(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ emailEnc: ssoCustomers.emailEnc })
        .from(ssoCustomers)
        .where(eq(ssoCustomers.customerId, customerId));
      return row?.emailEnc ?? null;
    },

    async unclaim(ticketId: string, mail: TicketMail): Promise<void> {
      await db
        .update(supportTickets)
        .set({ [mail]: null })
        .where(eq(supportTickets.ticketId, ticketId));
    },
  };
}

export type TicketStore = ReturnType<typeof createTicketStore>;
