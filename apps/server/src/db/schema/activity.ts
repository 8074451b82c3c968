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
    /** Set once the visitor is known to be this customer; lets other devices' entries merge in. */
    customerId: text('customer_id'),
    visitId: text('visit_id'),
    data: jsonb('data').$type<unknown[]>().notNull().default([]),
    leads: jsonb('leads').$type<unknown[]>().notNull().default([]),
    sharedData: jsonb('shared_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.siteId] }),
    index('site_activity_customer_idx').on(table.customerId),
  ],
);
