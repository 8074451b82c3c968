import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Purchases of the paid add-ons (spec 001 §1), one row per purchase. The row is
 * written before the gateway is asked anything, so a failure at any later step loses nothing: a
 * retry with the same idempotency key finds it and carries on from where it stopped.
 *
 * Everything a GST invoice needs is kept on the row at purchase time (CGST Rules rule 46): the
 * customer, the service's description and SAC code, its taxable value and rate (and the tax, so
 * taxable + tax is exactly what was paid), when it was paid, and the customer's state when known
 * (place of supply). Prices change later; an invoice shows what was bought.
 *
 * Exactly once: (customer, idempotency key) is unique, and so is a live purchase (CREATED, PENDING
 * or SUCCESS) per customer and add-on, so two tabs or a double click never pay twice.
 */
export const addOnPurchases = pgTable(
  'add_on_purchases',
  {
    purchaseId: uuid('purchase_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    addOn: text('add_on').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** CREATED (order being made / awaiting payment), PENDING (gateway not sure yet), SUCCESS, FAILED. */
    status: text('status').notNull(),
    /** GST-inclusive, what the customer pays. */
    amountPaise: integer('amount_paise').notNull(),
    taxableValuePaise: integer('taxable_value_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    gstPercent: integer('gst_percent').notNull(),
    currency: text('currency').notNull(),
    /** The service as the invoice describes it. */
    description: text('description').notNull(),
    sacCode: text('sac_code').notNull(),
    /** Place of supply: the customer's state code (GST state codes 01–38), when known. */
    customerStateCode: text('customer_state_code'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When onPaid (the invoice step) succeeded for this paid purchase; null: the sweep takes it again (migration 0034). */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('add_on_purchases_key_unique').on(table.customerId, table.idempotencyKey),
    uniqueIndex('add_on_purchases_live_unique')
      .on(table.customerId, table.addOn)
      .where(sql`status in ('CREATED', 'PENDING', 'SUCCESS')`),
    index('add_on_purchases_customer_idx').on(table.customerId, table.createdAt),
    index('add_on_purchases_hand_over_idx')
      .on(table.paidAt)
      .where(sql`status = 'SUCCESS' and handed_over_at is null`),
    check(
      'add_on_purchases_add_on_check',
      sql`${table.addOn} in ('CREDIT_HEALTH', 'CREDIT_ADVISOR', 'RECTIFICATION', 'COLLECTION')`,
    ),
    check('add_on_purchases_status_check', sql`${table.status} in ('CREATED', 'PENDING', 'SUCCESS', 'FAILED')`),
    check(
      'add_on_purchases_amount_check',
      sql`${table.amountPaise} = ${table.taxableValuePaise} + ${table.gstPaise} and ${table.taxableValuePaise} >= 0 and ${table.gstPaise} >= 0`,
    ),
    check('add_on_purchases_paid_check', sql`(${table.status} = 'SUCCESS') = (${table.paidAt} is not null)`),
  ],
);
