import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The one pg-core schema; PGlite and PostgreSQL share it. Each capability adds its tables here
 * and generates a migration with `npm run db:generate`.
 */

/** Analytics events (spec 000 §3 "Analytics event"), written by pbguc/event/produce. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    /** Client-generated, so a retried send is stored once. */
    eventId: uuid('event_id').primaryKey(),
    siteId: integer('site_id').notNull(),
    event: text('event').notNull(),
    category: text('category'),
    action: text('action'),
    label: text('label'),
    pageType: text('page_type'),
    userType: text('user_type'),
    clientId: text('client_id'),
    lob: text('lob'),
    visitorId: text('visitor_id'),
    visitId: text('visit_id'),
    pageUrl: text('page_url'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** Device fingerprint hash from the verified pass token. */
    deviceHash: text('device_hash'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_site_received_idx').on(table.siteId, table.receivedAt)],
);
