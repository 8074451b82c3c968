import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mutualFundFolios, ondcLoans, walletProtectionPolicies } from '../../db/schema/holdings.ts';

export type FolioRow = typeof mutualFundFolios.$inferSelect;
export type PolicyRow = typeof walletProtectionPolicies.$inferSelect;
export type OndcLoanRow = typeof ondcLoans.$inferSelect;

/**
 * The holdings tables (db/schema/holdings.ts): reads by the access token's customer only, and the
 * writes the partner feeds (today: the demo seed) make. A write that meets a row already reported
 * (the same folio and scheme, policy or loan account) changes nothing, so feeding twice is harmless.
 */
export function createHoldingsStore(db: Database) {
  return {
    async folios(customerId: string): Promise<FolioRow[]> {
      return db.select().from(mutualFundFolios).where(eq(mutualFundFolios.customerId, customerId));
    },

    /** The policy with the latest end date: the current one, or the last to lapse. */
    async latestPolicy(customerId: string): Promise<PolicyRow | undefined> {
      const [row] = await db
        .select()
        .from(walletProtectionPolicies)
        .where(eq(walletProtectionPolicies.customerId, customerId))
        .orderBy(desc(walletProtectionPolicies.endDate), desc(walletProtectionPolicies.startDate))
        .limit(1);
      return row;
    },

    /** Newest disbursal first. */
    async loans(customerId: string): Promise<OndcLoanRow[]> {
      return db
        .select()
        .from(ondcLoans)
        .where(eq(ondcLoans.customerId, customerId))
        .orderBy(desc(ondcLoans.disbursedOn), desc(ondcLoans.loanId));
    },

    /** Answers how many rows were new. */
    async addFolios(rows: (typeof mutualFundFolios.$inferInsert)[]): Promise<number> {
      if (rows.length === 0) return 0;
      return (await db.insert(mutualFundFolios).values(rows).onConflictDoNothing().returning()).length;
    },

    async addPolicy(row: typeof walletProtectionPolicies.$inferInsert): Promise<number> {
      return (await db.insert(walletProtectionPolicies).values(row).onConflictDoNothing().returning()).length;
    },

    async addLoan(row: typeof ondcLoans.$inferInsert): Promise<number> {
      return (await db.insert(ondcLoans).values(row).onConflictDoNothing().returning()).length;
    },
  };
}

export type HoldingsStore = ReturnType<typeof createHoldingsStore>;
