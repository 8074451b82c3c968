import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * GST tax invoices (CGST rule 46; ../shared/reference/india-credit-and-invoices.md).
 *
 * `invoice_series`: one row per Indian financial year holding the last serial given out. Issuing
 * an invoice bumps it with INSERT … ON CONFLICT DO UPDATE … RETURNING in the same transaction as
 * the invoice row: the update holds the row's lock until commit, so concurrent issues line up one
 * after the other, and a transaction that rolls back takes its bump with it — the series has no
 * gaps and no repeats (works the same on PGlite and PostgreSQL).
 *
 * `invoices`: one per purchase (purchase_id unique: issuing is idempotent), with everything printed
 * on it copied in at issue time (supplier, recipient, amounts), because an issued tax invoice never
 * changes when configuration or profiles do later.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    /** "2026-27" (core financialYearOf). */
    financialYear: text('financial_year').primaryKey(),
    lastSerial: integer('last_serial').notNull(),
  },
  (table) => [check('invoice_series_serial_check', sql`${table.lastSerial} >= 1`)],
);

export const invoices = pgTable(
  'invoices',
  {
    invoiceId: uuid('invoice_id').primaryKey(),
    /** The add-on purchase it bills (the addons module's id); one invoice per purchase. */
    purchaseId: text('purchase_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    /** Rule 46(b): ≤ 16 of A–Z 0–9 - /, e.g. KOSH/2627/000001. */
    invoiceNumber: text('invoice_number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierAddress: text('supplier_address').notNull(),
    supplierGstin: text('supplier_gstin').notNull(),
    supplierStateCode: text('supplier_state_code').notNull(),
    /** Null when the customer's name is not known (a B2C invoice may then name none). */
    recipientName: text('recipient_name'),
    /** Only ever the masked number (spec 001 §5 masking): the invoice needs to identify, not reach. */
    recipientMobileMasked: text('recipient_mobile_masked').notNull(),
    /** The recipient's state when known; null means unknown (place of supply is then the supplier's). */
    recipientStateCode: text('recipient_state_code'),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    description: text('description').notNull(),
    sacCode: text('sac_code').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    gstRateBasisPoints: integer('gst_rate_basis_points').notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
  },
  (table) => [
    uniqueIndex('invoices_purchase_unique').on(table.purchaseId),
    uniqueIndex('invoices_number_unique').on(table.invoiceNumber),
    uniqueIndex('invoices_series_unique').on(table.financialYear, table.serial),
    index('invoices_customer_idx').on(table.customerId, table.issuedAt),
    check('invoices_number_check', sql`${table.invoiceNumber} ~ '^[A-Z0-9/-]{1,16}$'`),
    check('invoices_sac_check', sql`${table.sacCode} ~ '^99[0-9]{4}$'`),
    check(
      'invoices_amounts_check',
      sql`${table.taxablePaise} >= 0 and ${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`,
    ),
  ],
);
