import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Support (spec 001 §2 support tabs, §7 getSupport, supportMail, chat/chatAllocation; issue 16 §1),
 * migration 0019.
 */

/** PostgreSQL's full-text document type (PGlite has it too); drizzle-orm has no built-in for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** FAQ categories, in the order the FAQs tab shows them. Product content: seeded by the migration. */
export const supportFaqCategories = pgTable('support_faq_categories', {
  categoryId: text('category_id').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull(),
});

/**
 * The FAQs. `search` is kept by the database from the question, the keywords (words customers use
 * that the text does not, such as "CIBIL" for a score question) and the answer, weighted in that
 * order, so a search is one GIN index lookup however many FAQs there are.
 */
export const supportFaqs = pgTable(
  'support_faqs',
  {
    faqId: text('faq_id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => supportFaqCategories.categoryId),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    keywords: text('keywords').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', keywords), 'A') || setweight(to_tsvector('english', answer), 'B')`,
    ),
  },
  (table) => [
    index('support_faqs_search_idx').using('gin', table.search),
    index('support_faqs_category_idx').on(table.categoryId, table.position),
  ],
);

/**
 * Queries sent from Submit A Query, one row per query. The reply address is kept only masked (spec
 * 001 §5): it goes out in the two mails and is not needed again, since a retry carries it anew. A
 * retry with the same request id meets (customer, request id) and answers the stored ticket;
 * `content_hash` (SHA-256 of the normalised query, address included) tells a retry from a new query
 * that reuses the id. `acknowledged_at` / `desk_notified_at` are set once each mail has gone, so a
 * retry after a mail failure sends only what is missing.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    ticketId: uuid('ticket_id').primaryKey(),
    reference: text('reference').notNull(),
    customerId: uuid('customer_id').notNull(),
    requestId: text('request_id').notNull(),
    contentHash: text('content_hash').notNull(),
    product: text('product').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    replyEmailMasked: text('reply_email_masked').notNull(),
    status: text('status').notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    deskNotifiedAt: timestamp('desk_notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('support_tickets_reference_unique').on(table.reference),
    uniqueIndex('support_tickets_request_unique').on(table.customerId, table.requestId),
    index('support_tickets_customer_idx').on(table.customerId, table.createdAt),
    check('support_tickets_status_check', sql`${table.status} in ('OPEN', 'RESOLVED')`),
  ],
);

/**
 * Chat agents and their capacity (GRIDSP chat/chatAllocation). `active_chats` moves only in the
 * same transaction as the chat it counts, by a conditional update, and the check below is the last
 * word: however many allocations run at once, no agent holds more chats than their capacity.
 */
export const supportAgents = pgTable(
  'support_agents',
  {
    agentId: uuid('agent_id').primaryKey(),
    /** The first name the agent introduces themselves with. */
    displayName: text('display_name').notNull(),
    capacity: integer('capacity').notNull(),
    activeChats: integer('active_chats').notNull().default(0),
    online: boolean('online').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('support_agents_capacity_check', sql`${table.capacity} > 0`),
    check('support_agents_active_check', sql`${table.activeChats} >= 0 and ${table.activeChats} <= ${table.capacity}`),
  ],
);

/**
 * Chats: WAITING in the queue (first come, first served by `seq`), ACTIVE with an agent, ENDED.
 * A customer has at most one live chat (the partial unique index), so asking again while waiting
 * is the same chat and keeps its place; asking is also how the page says it is still open.
 */
export const supportChats = pgTable(
  'support_chats',
  {
    chatId: uuid('chat_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    customerId: uuid('customer_id').notNull(),
    agentId: uuid('agent_id').references(() => supportAgents.agentId),
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** When the customer's page last asked (core CHAT_LIVENESS): a chat idle too long is ended. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('support_chats_live_unique')
      .on(table.customerId)
      .where(sql`status in ('WAITING', 'ACTIVE')`),
    index('support_chats_queue_idx')
      .on(table.seq)
      .where(sql`status = 'WAITING'`),
    check('support_chats_status_check', sql`${table.status} in ('WAITING', 'ACTIVE', 'ENDED')`),
    check(
      'support_chats_agent_check',
      sql`(${table.status} = 'ACTIVE') = (${table.agentId} is not null and ${table.endedAt} is null)`,
    ),
  ],
);
