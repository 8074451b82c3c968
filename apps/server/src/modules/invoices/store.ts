import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoiceSeries, invoices } from '../../db/schema/invoices.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
/** An invoice before its place in the series is known. */
export type NewInvoice = Omit<InvoiceRow, 'serial' | 'invoiceNumber' | 'reverseCharge'>;

/** Thrown inside the transaction to undo its serial when the purchase already has an invoice. */
class AlreadyIssued extends Error {}

export function createInvoicesStore(db: Database) {
  const byPurchase = async (purchaseId: string) => {
    const [row] = await db.select().from(invoices).where(eq(invoices.purchaseId, purchaseId));
    return row;
  };

  return {
    byPurchase,

    /**
     * Issues the purchase's invoice exactly once, numbered next in its financial year's series.
     * The series row is bumped (INSERT … ON CONFLICT DO UPDATE … RETURNING takes its row lock until
     * commit) and the invoice inserted in one transaction. When the purchase already has an
     * invoice (a retry, or a concurrent issue that committed first) the transaction is rolled
     * back, bump included, and the existing invoice is answered: no gap, no second invoice.
     */
    async issueOnce(
      invoice: NewInvoice,
      numberOf: (serial: number) => string,
    ): Promise<{ invoice: InvoiceRow; created: boolean }> {
      const existing = await byPurchase(invoice.purchaseId);
      if (existing) return { invoice: existing, created: false };
      try {
        const created = await db.transaction(async (tx) => {
          const [series] = await tx
            .insert(invoiceSeries)
            .values({ financialYear: invoice.financialYear, lastSerial: 1 })
            .onConflictDoUpdate({
              target: invoiceSeries.financialYear,
              set: { lastSerial: sql`${invoiceSeries.lastSerial} + 1` },
            })
            .returning();
          const serial = series!.lastSerial;
          const [row] = await tx
            .insert(invoices)
            .values({ ...invoice, serial, invoiceNumber: numberOf(serial), reverseCharge: false })
            .onConflictDoNothing({ target: invoices.purchaseId })
            .returning();
          if (!row) throw new AlreadyIssued();
          return row;
        });
        return { invoice: created, created: true };
      } catch (error) {
        if (!(error instanceof AlreadyIssued)) throw error;
        const winner = await byPurchase(invoice.purchaseId);
        if (!winner) throw new Error('invoice of the purchase vanished after its conflict', { cause: error });
        return { invoice: winner, created: false };
      }
    },

    /** The customer's invoices, newest first. */
    async list(customerId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, customerId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.serial));
    },

    /** One invoice of this customer only (another customer's id answers nothing). */
    async find(customerId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.invoiceId, invoiceId), eq(invoices.customerId, customerId)));
      return row;
    },
  };
}

export type InvoicesStore = ReturnType<typeof createInvoicesStore>;
