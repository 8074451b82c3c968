import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEAD_STATUSES, OPEN_LEAD_STATUSES } from '@pravesh/core';

/**
 * Leads: one row per application a customer started on a partner's site through
 * PCO/applyOffer or partner/quoteApply. It keeps a copy of what was applied to (offers change
 * later) and our lifecycle status with the partner's own status beside it (core leads/lifecycle.ts).
 *
 * Exactly once: at most one open lead per (customer, offer) — a partial unique index the apply's
 * INSERT … ON CONFLICT DO NOTHING relies on, so a retried or concurrent apply answers the same lead
 * and URL (ARCHITECTURE.md "every write a client may retry is idempotent"). Once a lead is closed
 * (rejected, completed, expired, withdrawn) the customer may apply to the offer again.
 */
/** SQL lists of core's statuses, so the checks and the partial index follow the one lifecycle (migration 0011 spells them out). */
const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const LEAD_STATUS_SQL = sqlList(LEAD_STATUSES);

export const leads = pgTable(
  'leads',
  {
    /** Random; also the opaque reference in the partner's continue URL (nothing else goes there). */
    leadId: uuid('lead_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    offerId: text('offer_id').notNull(),
    product: text('product').notNull(),
    lenderId: text('lender_id').notNull(),
    lenderName: text('lender_name').notNull(),
    productName: text('product_name').notNull(),
    partnerImage: text('partner_image'),
    /** Ours (core LEAD_STATUSES). */
    status: text('status').notNull(),
    /** The partner's own word for where the lead stands, as it sent it; null until it reports. */
    partnerStatus: text('partner_status'),
    /** The partner's continue URL with the reference: what every apply of this lead answers. */
    continueUrl: text('continue_url').notNull(),
    /** The visit and site the apply came from (analytics; never used to decide access). */
    visitId: text('visit_id'),
    siteId: integer('site_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('leads_open_offer_unique')
      .on(table.customerId, table.offerId)
      .where(sql.raw(`status in (${sqlList(OPEN_LEAD_STATUSES)})`)),
    index('leads_customer_idx').on(table.customerId, table.createdAt),
    check('leads_status_check', sql.raw(`status in (${LEAD_STATUS_SQL})`)),
  ],
);

/** Every status a lead went through, oldest first (spec 001 §3 leadDetails; core leads/lifecycle.ts). */
export const leadStatusHistory = pgTable(
  'lead_status_history',
  {
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.leadId, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    partnerStatus: text('partner_status'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('lead_status_history_lead_idx').on(table.leadId, table.entryId),
    check('lead_status_history_status_check', sql.raw(`status in (${LEAD_STATUS_SQL})`)),
  ],
);
