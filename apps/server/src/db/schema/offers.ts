import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CardTerms, InsuranceTerms, LoanTerms } from '@pravesh/core';

/**
 * The offer catalogue: lenders and their offers. Which of them a customer is
 * pre-approved for is decided per request by core offerRules over the customer's stored bureau
 * pulls, so nothing per customer is stored here. Demo rows come from the seed step
 * (`npm run seed`, cli/seed.ts), never from a migration.
 */
export const offerLenders = pgTable(
  'offer_lenders',
  {
    lenderId: text('lender_id').primaryKey(),
    /** The name customers know (brand). */
    name: text('name').notNull(),
    /** The legal name RBI's KFS requires before applying (reference "Loan offers"). */
    legalName: text('legal_name').notNull(),
    /** The brand colour of the served partner image (#rrggbb). */
    brandColour: text('brand_colour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('offer_lenders_brand_colour_check', sql`${table.brandColour} ~ '^#[0-9a-fA-F]{6}$'`)],
);

export const offerCatalogue = pgTable(
  'offer_catalogue',
  {
    offerId: text('offer_id').primaryKey(),
    lenderId: text('lender_id')
      .notNull()
      .references(() => offerLenders.lenderId),
    /** core OFFER_PRODUCTS. */
    product: text('product').notNull(),
    productName: text('product_name').notNull(),
    bannerTitle: text('banner_title').notNull(),
    /** spec 000 §3 features.shortDescriptionApp: 1 to 6 bullets. */
    bullets: jsonb('bullets').$type<string[]>().notNull(),
    /** spec 000 §3 statement.statementText: segments separated by ^^. */
    statementText: text('statement_text').notNull(),
    /** Cards only: SECURED (against a fixed deposit) or UNSECURED. */
    cardKind: text('card_kind'),
    /** The lowest score band the lender pre-approves this offer for (core offerRules). */
    minBand: text('min_band').notNull(),
    /** Order within its product, best first. */
    rank: integer('rank').notNull(),
    /** Last day the offer stands; null shows spec 000 §9's placeholder 2030-12-12. */
    validTill: date('valid_till', { mode: 'string' }),
    /** The partner's apply / continue page; the leads service adds its lead reference. */
    applyUrl: text('apply_url').notNull(),
    /** Loans: the terms their RBI Key Facts Statement is computed from (core computeLoanKfs). */
    loanTerms: jsonb('loan_terms').$type<LoanTerms>(),
    /** Cards: fees, limit range and rewards. */
    cardTerms: jsonb('card_terms').$type<CardTerms>(),
    /** Insurance (INS): cover, premium, waiting and free-look periods (migration 0018). */
    insuranceTerms: jsonb('insurance_terms').$type<InsuranceTerms>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('offer_catalogue_product_rank_idx').on(table.product, table.rank),
    check('offer_catalogue_product_check', sql`${table.product} in ('PL', 'CC', 'HL', 'BL', 'LAP', 'INS')`),
    check(
      'offer_catalogue_bullets_check',
      sql`jsonb_typeof(${table.bullets}) = 'array' and jsonb_array_length(${table.bullets}) between 1 and 6`,
    ),
    check(
      'offer_catalogue_min_band_check',
      sql`${table.minBand} in ('EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIR', 'LOW', 'VERY_LOW')`,
    ),
    // A card carries card terms and its kind, a loan its KFS terms, insurance its policy terms:
    // exactly one disclosure each.
    check(
      'offer_catalogue_disclosure_check',
      sql`(${table.product} = 'CC' and ${table.cardTerms} is not null and ${table.loanTerms} is null and ${table.insuranceTerms} is null and ${table.cardKind} in ('SECURED', 'UNSECURED'))
        or (${table.product} = 'INS' and ${table.insuranceTerms} is not null and ${table.loanTerms} is null and ${table.cardTerms} is null and ${table.cardKind} is null)
        or (${table.product} not in ('CC', 'INS') and ${table.loanTerms} is not null and ${table.cardTerms} is null and ${table.insuranceTerms} is null and ${table.cardKind} is null)`,
    ),
  ],
);

export type OfferLenderRow = typeof offerLenders.$inferSelect;
export type OfferCatalogueRow = typeof offerCatalogue.$inferSelect;
