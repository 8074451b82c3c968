import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Analytics events (spec 000 §3 "Analytics event"), written by pbguc/event/produce. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    /** Client-generated, so a retried send is stored once. */
    eventId: uuid('event_id').notNull(),
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
    // The rest of the tracking data (spec 000 §3 "Tracking data").
    deviceId: text('device_id'),
    parentVisitId: text('parent_visit_id'),
    absoluteParentVisitId: text('absolute_parent_visit_id'),
    customerId: text('customer_id'),
    /** HMAC-SHA256 of the normalised mobile number; the number itself is never stored. */
    mobileHash: text('mobile_hash'),
    /** The siteId the event names; site_id above is the verified caller's. */
    reportedSiteId: integer('reported_site_id'),
    userState: text('user_state'),
    /**
     * The UTC day of received_at: the partition key (migration 0029, one partition a day, dropped
     * after PRAVESH_EVENTS_RETENTION_DAYS; db/daily-partitions.ts).
     */
    receivedOn: date('received_on').notNull(),
  },
  // Events arrive in time order, so a BRIN index (PostgreSQL §71) finds a time range at a fraction of a
  // B-tree's upkeep per insert: the (site_id, received_at) B-tree it replaced cost each stored event
  // about a sixth of its insert on PGlite. Reports read a time range, then the site.
  // A primary key of a partitioned table includes the partition key (PostgreSQL §5.12.2.3).
  (table) => [
    primaryKey({ name: 'analytics_events_pkey', columns: [table.eventId, table.receivedOn] }),
    index('analytics_events_received_brin').using('brin', table.receivedAt),
  ],
);
