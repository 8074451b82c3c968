import { boolean, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Communication preferences (spec 001 §3 user slice preferencesData and preferencesActionCount),
 * migration 0015. One row per customer, written on the first change: no row
 * means every channel on and every counter 0. Every marketing message is checked against this row
 * (modules/preferences/contact.ts mayContact); transactional messages such as OTPs are not.
 */
export const customerPreferences = pgTable('customer_preferences', {
  customerId: uuid('customer_id').primaryKey(),
  sms: boolean('sms').notNull().default(true),
  call: boolean('call').notNull().default(true),
  whatsApp: boolean('whatsapp').notNull().default(true),
  email: boolean('email').notNull().default(true),
  /** How many times the customer changed each channel (spec 001 §3 preferencesActionCount). */
  smsActionCount: integer('sms_action_count').notNull().default(0),
  callActionCount: integer('call_action_count').notNull().default(0),
  whatsAppActionCount: integer('whatsapp_action_count').notNull().default(0),
  emailActionCount: integer('email_action_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
