import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Visits (spec 000 §3 "Visit"), written by POST /MSP/api/v1/visit in batched multi-row inserts.
 * The campaign fields are stored as sent: base64 where the spec says base64. Partitioned by day
 * (migration 0029): the table itself holds no rows, its daily partitions do.
 */
export const visits = pgTable(
  'visits',
  {
    /** Client-proposed (or server-made) UUID: a retried call is stored once. */
    visitId: uuid('visit_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    deviceId: text('device_id'),
    parentVisitId: text('parent_visit_id'),
    absoluteParentVisitId: text('absolute_parent_visit_id'),
    /** The verified calling site. */
    siteId: integer('site_id').notNull(),
    siteName: text('site_name'),
    /** When the browser says the visit started (createdAt / createdTime), else when it arrived. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Optional since migration 0008: spec 000 does not require it. */
    completeUrl: text('complete_url'),
    utmContent: text('utm_content'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmSource: text('utm_source'),
    utmName: text('utm_name'),
    utmTerm: text('utm_term'),
    utmTitle: text('utm_title'),
    utm: text('utm'),
    dataSource: text('data_source'),
    pbUtmCampaign: text('pb_utm_campaign'),
    pbUtmContent: text('pb_utm_content'),
    pbUtmMedium: text('pb_utm_medium'),
    pbUtmSource: text('pb_utm_source'),
    pbUtmTerm: text('pb_utm_term'),
    /** Device fingerprint hash from the verified pass token. */
    deviceHash: text('device_hash'),
    /** Transaction time: every row of one batched insert shares it. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The UTC day the server took the visit, by its clock: the partition key (migration 0029, one
     * partition a day, dropped after PRAVESH_VISITS_RETENTION_DAYS; db/daily-partitions.ts).
     */
    receivedOn: date('received_on').notNull(),
  },
  // Visits are written on every page view and read by no request: the only index besides the key is
  // a BRIN on the arrival time, for exports and analytics that read them by time, and it costs
  // inserts almost nothing. B-tree indexes on visitor and on (site, arrival) took a fifth of the
  // database's CPU per visit and 6 % of visits/s (bench/visit-ingestion.ts) for queries nothing
  // makes.
  // A primary key of a partitioned table includes the partition key (PostgreSQL §5.12.2.3).
  (table) => [
    primaryKey({ name: 'visits_pkey', columns: [table.visitId, table.receivedOn] }),
    index('visits_received_brin').using('brin', table.receivedAt),
  ],
);
