import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Shared activity per visitor and site (spec 000 §3 "Site entry": data items, leads, sharedData),
 * written by POST /MSP/api/v1/pbguc/activity and read by pbguc/getApplicationData for the
 * historical merge after sign-in (spec 000 §4 sync flag).
 */
export const siteActivity = pgTable(
  'site_activity',
  {
    visitorId: text('visitor_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** The customer who stored the entry, signed in; lets their other devices' entries merge in. */
    customerId: text('customer_id'),
    /**
     * The entry's owner in the key: the customer id, or '' for a visitor not signed in (migration
     * 0033). Each customer on a shared browser has an entry of their own, never another's.
     */
    owner: text('owner').notNull().default(''),
    visitId: text('visit_id'),
    data: jsonb('data').$type<unknown[]>().notNull().default([]),
    leads: jsonb('leads').$type<unknown[]>().notNull().default([]),
    sharedData: jsonb('shared_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.siteId, table.owner] }),
    index('site_activity_customer_idx').on(table.customerId),
  ],
);
