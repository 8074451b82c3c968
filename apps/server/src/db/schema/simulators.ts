import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What the local simulators (providers/sms, email, payment, aggregator) "sent" or hold, kept in the
 * database so that every instance behind a balancer sees the same outbox, orders and AA requests,
 * and a restart keeps them (README "My Account", bank linking). A real provider stores none
 * of this: it keeps its own state on its side.
 */

/** The dev outbox (/dev/outbox): messages the SMS and email simulators kept, bounded on insert. */
export const simulatorOutbox = pgTable(
  'simulator_outbox',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order: newest first on the page, whichever instance kept it. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    templateId: text('template_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('simulator_outbox_seq_idx').on(table.seq), index('simulator_outbox_sent_idx').on(table.sentAt)],
);

/**
 * The payment and account-aggregator simulators' records (orders, settlements, consent requests,
 * FI sessions…): one JSON document per (kind, id), written as the simulator changes it.
 */
export const simulatorRecords = pgTable(
  'simulator_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    /** Insertion order, for the records kept as a queue (the payment simulator's next outcomes). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    record: jsonb('record').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('simulator_records_seq_idx').on(table.kind, table.seq),
  ],
);
