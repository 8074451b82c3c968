import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  AddOn,
  Bureau,
  BureauFile,
  HealthReportFile,
  PaymentStatus,
  ScoreBand,
  ScoreStateKind,
} from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { addOnPurchases } from '../../db/schema/add-ons.ts';
import { creditPulls } from '../../db/schema/credit.ts';
import { leadStatusHistory, leads } from '../../db/schema/leads.ts';
import { offerCatalogue, offerLenders } from '../../db/schema/offers.ts';

export type PurchaseRow = typeof addOnPurchases.$inferSelect;
export type NewPurchase = typeof addOnPurchases.$inferInsert;

/** A secured card the customer holds: a lead on a secured-card offer that reached CARD_ISSUED. */
export interface HeldSecuredCard {
  lenderId: string;
  lenderName: string;
  productName: string;
  issuedAt: Date;
}

export interface UnsecuredCardOffer {
  offerId: string;
  lenderId: string;
  lenderName: string;
  productName: string;
  bullets: string[];
  minBand: ScoreBand;
  creditLimit: { min: number; max: number } | null;
}

/**
 * The add-ons' own table (add_on_purchases) and the reads of stored data the eligibility rules
 * need: the customer's latest credit pull per bureau (the credit module's versioned table, read
 * only), their leads (a secured card held) and the offer catalogue (the unsecured card to step up
 * to). Nothing here writes outside add_on_purchases.
 */
export function createAddOnsStore(db: Database) {
  return {
    /** Inserts a new purchase; undefined when the key or a live purchase of the add-on already stands. */
    async insert(purchase: NewPurchase): Promise<PurchaseRow | undefined> {
      const [row] = await db.insert(addOnPurchases).values(purchase).onConflictDoNothing().returning();
      return row;
    },

    async byKey(customerId: string, idempotencyKey: string): Promise<PurchaseRow | undefined> {
      const [row] = await db
        .select()
        .from(addOnPurchases)
        .where(and(eq(addOnPurchases.customerId, customerId), eq(addOnPurchases.idempotencyKey, idempotencyKey)));
      return row;
    },

    /** A customer's purchase by id: another customer's id finds nothing. */
    async byId(customerId: string, purchaseId: string): Promise<PurchaseRow | undefined> {
      const [row] = await db
        .select()
        .from(addOnPurchases)
        .where(and(eq(addOnPurchases.customerId, customerId), eq(addOnPurchases.purchaseId, purchaseId)));
      return row;
    },

    /** The live (CREATED, PENDING or SUCCESS) purchase of one add-on; at most one (a unique index). */
    async live(customerId: string, addOn: AddOn): Promise<PurchaseRow | undefined> {
      const [row] = await db
        .select()
        .from(addOnPurchases)
        .where(
          and(
            eq(addOnPurchases.customerId, customerId),
            eq(addOnPurchases.addOn, addOn),
            inArray(addOnPurchases.status, ['CREATED', 'PENDING', 'SUCCESS']),
          ),
        );
      return row;
    },

    /** Every purchase, newest first. */
    async list(customerId: string, limit = 100): Promise<PurchaseRow[]> {
      return db
        .select()
        .from(addOnPurchases)
        .where(eq(addOnPurchases.customerId, customerId))
        .orderBy(desc(addOnPurchases.createdAt), desc(addOnPurchases.purchaseId))
        .limit(limit);
    },

    async setOrder(purchaseId: string, provider: string, orderId: string, now: Date): Promise<PurchaseRow> {
      const [row] = await db
        .update(addOnPurchases)
        .set({ provider, providerOrderId: orderId, updatedAt: now })
        .where(eq(addOnPurchases.purchaseId, purchaseId))
        .returning();
      return row!;
    },

    /**
     * Moves an open purchase (CREATED or PENDING) to `status`; undefined when it was no longer open
     * (another request settled it first), so whoever moved it to SUCCESS is the only one to act on it.
     */
    async settle(
      purchaseId: string,
      change: {
        status: PaymentStatus;
        providerPaymentId: string | null;
        failureReason: string | null;
        now: Date;
      },
    ): Promise<PurchaseRow | undefined> {
      const [row] = await db
        .update(addOnPurchases)
        .set({
          status: change.status,
          providerPaymentId: change.providerPaymentId,
          failureReason: change.failureReason,
          updatedAt: change.now,
          paidAt: change.status === 'SUCCESS' ? change.now : null,
        })
        .where(and(eq(addOnPurchases.purchaseId, purchaseId), inArray(addOnPurchases.status, ['CREATED', 'PENDING'])))
        .returning();
      return row;
    },

    /** The invoice step of a paid purchase succeeded (migration 0034). */
    async markHandedOver(purchaseId: string, at: Date): Promise<void> {
      await db
        .update(addOnPurchases)
        .set({ handedOverAt: at })
        .where(and(eq(addOnPurchases.purchaseId, purchaseId), isNull(addOnPurchases.handedOverAt)));
    },

    /** Paid purchases whose invoice step has not succeeded, paid before `paidBefore`, oldest first. */
    async notHandedOver(paidBefore: Date, limit: number): Promise<PurchaseRow[]> {
      return db
        .select()
        .from(addOnPurchases)
        .where(
          and(
            eq(addOnPurchases.status, 'SUCCESS'),
            isNull(addOnPurchases.handedOverAt),
            lt(addOnPurchases.paidAt, paidBefore),
          ),
        )
        .orderBy(asc(addOnPurchases.paidAt))
        .limit(limit);
    },

    /** The latest stored pull at each bureau, with its report (credit_pulls, read only). */
    async bureauFiles(customerId: string): Promise<BureauFile[]> {
      const rows = await db
        .selectDistinctOn([creditPulls.bureau], {
          bureau: creditPulls.bureau,
          scoreState: creditPulls.scoreState,
          score: creditPulls.score,
          scoreBand: creditPulls.scoreBand,
          dateApplied: creditPulls.dateApplied,
          report: creditPulls.report,
        })
        .from(creditPulls)
        .where(eq(creditPulls.customerId, customerId))
        .orderBy(creditPulls.bureau, desc(creditPulls.version));
      return rows.map((row) => ({
        bureau: row.bureau as Bureau,
        scoreState: row.scoreState as ScoreStateKind,
        score: row.score,
        scoreBand: row.scoreBand as ScoreBand | null,
        dateApplied: row.dateApplied.toISOString(),
        report: row.report,
      }));
    },

    /**
     * Each bureau's latest file with the report of the pull before it (the Credit Health Report's
     * "what changed"): the latest versions first, then only their predecessors' reports.
     */
    async bureauFilesWithPrevious(customerId: string): Promise<HealthReportFile[]> {
      const latest = await db
        .selectDistinctOn([creditPulls.bureau], {
          bureau: creditPulls.bureau,
          version: creditPulls.version,
          scoreState: creditPulls.scoreState,
          score: creditPulls.score,
          scoreBand: creditPulls.scoreBand,
          dateApplied: creditPulls.dateApplied,
          report: creditPulls.report,
        })
        .from(creditPulls)
        .where(eq(creditPulls.customerId, customerId))
        .orderBy(creditPulls.bureau, desc(creditPulls.version));
      const earlier = latest.filter((row) => row.version > 1);
      const previous =
        earlier.length === 0
          ? []
          : await db
              .select({ bureau: creditPulls.bureau, report: creditPulls.report })
              .from(creditPulls)
              .where(
                and(
                  eq(creditPulls.customerId, customerId),
                  or(
                    ...earlier.map((row) =>
                      and(eq(creditPulls.bureau, row.bureau), eq(creditPulls.version, row.version - 1)),
                    ),
                  ),
                ),
              );
      return latest.map((row) => ({
        bureau: row.bureau as Bureau,
        scoreState: row.scoreState as ScoreStateKind,
        score: row.score,
        scoreBand: row.scoreBand as ScoreBand | null,
        dateApplied: row.dateApplied.toISOString(),
        report: row.report,
        previous: previous.find((entry) => entry.bureau === row.bureau)?.report ?? null,
      }));
    },

    /** The customer's secured card, when a lead on a secured-card offer reached CARD_ISSUED (or later). */
    async securedCard(customerId: string): Promise<HeldSecuredCard | undefined> {
      const issued = db
        .select({ leadId: leadStatusHistory.leadId, at: sql<Date>`min(${leadStatusHistory.at})`.as('issued_at') })
        .from(leadStatusHistory)
        .where(eq(leadStatusHistory.status, 'CARD_ISSUED'))
        .groupBy(leadStatusHistory.leadId)
        .as('issued');
      const [row] = await db
        .select({
          lenderId: leads.lenderId,
          lenderName: leads.lenderName,
          productName: leads.productName,
          issuedAt: issued.at,
          updatedAt: leads.updatedAt,
        })
        .from(leads)
        .innerJoin(offerCatalogue, eq(offerCatalogue.offerId, leads.offerId))
        .leftJoin(issued, eq(issued.leadId, leads.leadId))
        .where(
          and(
            eq(leads.customerId, customerId),
            eq(offerCatalogue.cardKind, 'SECURED'),
            inArray(leads.status, ['CARD_ISSUED', 'COMPLETED']),
          ),
        )
        .orderBy(asc(leads.createdAt))
        .limit(1);
      if (!row) return undefined;
      return {
        lenderId: row.lenderId,
        lenderName: row.lenderName,
        productName: row.productName,
        issuedAt: row.issuedAt ? new Date(row.issuedAt) : row.updatedAt,
      };
    },

    /** Unsecured credit cards of the catalogue, easiest to get first. */
    async unsecuredCards(): Promise<UnsecuredCardOffer[]> {
      const rows = await db
        .select({
          offerId: offerCatalogue.offerId,
          lenderId: offerCatalogue.lenderId,
          lenderName: offerLenders.name,
          productName: offerCatalogue.productName,
          bullets: offerCatalogue.bullets,
          minBand: offerCatalogue.minBand,
          cardTerms: offerCatalogue.cardTerms,
        })
        .from(offerCatalogue)
        .innerJoin(offerLenders, eq(offerLenders.lenderId, offerCatalogue.lenderId))
        .where(and(eq(offerCatalogue.product, 'CC'), eq(offerCatalogue.cardKind, 'UNSECURED')))
        .orderBy(asc(offerCatalogue.rank), asc(offerCatalogue.offerId));
      return rows.map(({ cardTerms, ...row }) => ({
        ...row,
        minBand: row.minBand as ScoreBand,
        creditLimit: cardTerms?.creditLimit ?? null,
      }));
    },
  };
}

export type AddOnsStore = ReturnType<typeof createAddOnsStore>;
