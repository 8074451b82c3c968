import { asc, eq, getTableColumns, gte, isNull, or } from 'drizzle-orm';
import type { CardTerms, InsuranceTerms, LoanTerms, OfferProduct, ScoreBand } from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { offerCatalogue, offerLenders } from '../../db/schema/offers.ts';

/** A catalogue offer with its lender, as the service reads it. */
export interface CatalogueEntry {
  readonly offerId: string;
  readonly product: OfferProduct;
  readonly productName: string;
  readonly bannerTitle: string;
  readonly bullets: readonly string[];
  readonly statementText: string;
  readonly cardKind: 'SECURED' | 'UNSECURED' | null;
  readonly minBand: ScoreBand;
  readonly rank: number;
  readonly validTill: string | null;
  readonly applyUrl: string;
  readonly loanTerms: LoanTerms | null;
  readonly cardTerms: CardTerms | null;
  readonly insuranceTerms: InsuranceTerms | null;
  readonly lender: {
    readonly id: string;
    readonly name: string;
    readonly legalName: string;
    readonly brandColour: string;
  };
}

export interface NewLender {
  readonly lenderId: string;
  readonly name: string;
  readonly legalName: string;
  readonly brandColour: string;
}

export interface NewCatalogueOffer {
  readonly offerId: string;
  readonly lenderId: string;
  readonly product: OfferProduct;
  readonly productName: string;
  readonly bannerTitle: string;
  readonly bullets: readonly string[];
  readonly statementText: string;
  readonly cardKind: 'SECURED' | 'UNSECURED' | null;
  readonly minBand: ScoreBand;
  readonly rank: number;
  readonly validTill: string | null;
  readonly applyUrl: string;
  readonly loanTerms: LoanTerms | null;
  readonly cardTerms: CardTerms | null;
  /** Insurance (INS) only; absent for loans and cards. */
  readonly insuranceTerms?: InsuranceTerms | null;
}

const offerColumns = getTableColumns(offerCatalogue);

/** The offer catalogue (db/schema/offers.ts): read by the offers service, written by the seed step. */
export function createOffersStore(db: Database) {
  return {
    /**
     * Offers still valid on `today` (YYYY-MM-DD, Indian calendar day), with their lenders, by
     * product then rank. An offer without an end date stays valid (spec 000 §9 placeholder).
     */
    async activeCatalogue(today: string): Promise<CatalogueEntry[]> {
      const rows = await db
        .select({
          ...offerColumns,
          lenderName: offerLenders.name,
          legalName: offerLenders.legalName,
          brandColour: offerLenders.brandColour,
        })
        .from(offerCatalogue)
        .innerJoin(offerLenders, eq(offerLenders.lenderId, offerCatalogue.lenderId))
        .where(or(isNull(offerCatalogue.validTill), gte(offerCatalogue.validTill, today)))
        .orderBy(asc(offerCatalogue.product), asc(offerCatalogue.rank), asc(offerCatalogue.offerId));
      return rows.map((row) => ({
        offerId: row.offerId,
        product: row.product as OfferProduct,
        productName: row.productName,
        bannerTitle: row.bannerTitle,
        bullets: row.bullets,
        statementText: row.statementText,
        cardKind: row.cardKind as CatalogueEntry['cardKind'],
        minBand: row.minBand as ScoreBand,
        rank: row.rank,
        validTill: row.validTill,
        applyUrl: row.applyUrl,
        loanTerms: row.loanTerms,
        cardTerms: row.cardTerms,
        insuranceTerms: row.insuranceTerms,
        lender: { id: row.lenderId, name: row.lenderName, legalName: row.legalName, brandColour: row.brandColour },
      }));
    },

    /**
     * Adds lenders and offers that are not there yet and leaves existing rows as they are, so the
     * seed may run any number of times (and an operator's edits survive it). Answers how many
     * rows it added.
     */
    async seed(
      lenders: readonly NewLender[],
      offers: readonly NewCatalogueOffer[],
      at: Date,
    ): Promise<{ lenders: number; offers: number }> {
      return db.transaction(async (tx) => {
        const addedLenders =
          lenders.length === 0
            ? []
            : await tx
                .insert(offerLenders)
                .values(lenders.map((lender) => ({ ...lender, createdAt: at })))
                .onConflictDoNothing()
                .returning({ id: offerLenders.lenderId });
        const addedOffers =
          offers.length === 0
            ? []
            : await tx
                .insert(offerCatalogue)
                .values(offers.map((offer) => ({ ...offer, bullets: [...offer.bullets], createdAt: at })))
                .onConflictDoNothing()
                .returning({ id: offerCatalogue.offerId });
        return { lenders: addedLenders.length, offers: addedOffers.length };
      });
    },
  };
}

export type OffersStore = ReturnType<typeof createOffersStore>;
