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
 * Support (spec 001 §2 support tabs, §7 getSupport, supportMail, chat/chatAllocation), migration 0019;
 * live chat (agents' sign-in, messages, ratings, canned answers), migration 0027.
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
    /** The desk sign-in (lower-cased); null for an agent who cannot sign in. */
    email: text('email'),
    /** scrypt, as customers' passwords (modules/sso/customers/passwords.ts). */
    passwordHash: text('password_hash'),
  },
  (table) => [
    uniqueIndex('support_agents_email_unique').on(table.email),
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
    /** The customer's rating of the ended chat, 1 to 5. */
    rating: integer('rating'),
    /** The query the chat became when no agent was on duty (support_tickets.reference). */
    ticketReference: text('ticket_reference'),
    transcriptMailedAt: timestamp('transcript_mailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('support_chats_live_unique')
      .on(table.customerId)
      .where(sql`status in ('WAITING', 'ACTIVE')`),
    index('support_chats_queue_idx')
      .on(table.seq)
      .where(sql`status = 'WAITING'`),
    index('support_chats_agent_idx')
      .on(table.agentId)
      .where(sql`status = 'ACTIVE'`),
    index('support_chats_customer_idx').on(table.customerId, table.seq),
    check('support_chats_rating_check', sql`${table.rating} is null or ${table.rating} between 1 and 5`),
    check('support_chats_status_check', sql`${table.status} in ('WAITING', 'ACTIVE', 'ENDED')`),
    check(
      'support_chats_agent_check',
      sql`(${table.status} = 'ACTIVE') = (${table.agentId} is not null and ${table.endedAt} is null)`,
    ),
  ],
);

/**
 * A desk sign-in: the SHA-256 of the random session cookie's value (the value itself is never
 * stored, so a read of this table signs no one in), ended by sign-out or by `expires_at`.
 */
export const supportAgentSessions = pgTable(
  'support_agent_sessions',
  {
    sessionHash: text('session_hash').primaryKey(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => supportAgents.agentId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('support_agent_sessions_agent_idx').on(table.agentId)],
);

/**
 * The messages of a chat, its transcript. `message_id` is the sender's own id, so a resent message
 * is stored once; `seq` orders the transcript and is what a reconnecting stream resumes after.
 */
export const supportChatMessages = pgTable(
  'support_chat_messages',
  {
    messageId: uuid('message_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => supportChats.chatId, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    agentId: uuid('agent_id').references(() => supportAgents.agentId),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('support_chat_messages_chat_idx').on(table.chatId, table.seq),
    check('support_chat_messages_author_check', sql`${table.author} in ('CUSTOMER', 'AGENT', 'SYSTEM')`),
  ],
);

/** The desk's canned answers, in the order the console lists them (seeded by migration 0027). */
export const supportCannedAnswers = pgTable('support_canned_answers', {
  answerId: text('answer_id').primaryKey(),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
});
