import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A customer's data export (DPDP Act 2023 §11), built in the background by whichever instance takes
 * its lease; the JSON file (gzipped, base64) lives here until file_expires_at, then the row keeps no file.
 * At most one open export per customer (partial unique index).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    exportId: uuid('export_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    /** The site the request came from (the ledger entries name it). */
    siteId: integer('site_id').notNull(),
    /** QUEUED → BUILDING → READY | FAILED; READY → EXPIRED when the file is deleted. */
    status: text('status').notNull(),
    partsDone: integer('parts_done').notNull().default(0),
    partsTotal: integer('parts_total').notNull().default(0),
    fileGzipBase64: text('file_gzip_base64'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    fileExpiresAt: timestamp('file_expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('data_exports_open_unique')
      .on(table.customerId)
      .where(sql`status in ('QUEUED', 'BUILDING')`),
    index('data_exports_customer_idx').on(table.customerId, table.requestedAt),
  ],
);

/**
 * Account deletion requests (DPDP Act 2023 §12): SCHEDULED until erase_after (the cooling-off
 * period), then ERASED by the erasure job, or CANCELLED by the customer before. At most one
 * scheduled request per customer; a lease keeps two instances from erasing the same account at once.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    requestId: uuid('request_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    /** The site the request came from (the ledger entries name it). */
    siteId: integer('site_id').notNull(),
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_deletions_scheduled_unique')
      .on(table.customerId)
      .where(sql`status = 'SCHEDULED'`),
    index('account_deletions_due_idx').on(table.status, table.eraseAfter),
  ],
);
