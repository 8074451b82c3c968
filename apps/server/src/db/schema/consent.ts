import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Terms consent. A contract's published versions and the ledger of decisions are
// append-only: triggers in migration 0003 refuse UPDATE, DELETE and TRUNCATE on both, because an
// entry is proof of what a person agreed to (DPDP Act 2023 §6), and that proof names a version
// whose text must never change after it was shown.

/** A consent contract (spec 000 §3 consent config; one per consentId of the site list). */
export const consentContracts = pgTable('consent_contracts', {
  /** CONTRACT_ID_PATTERN: it becomes part of cookie names (spec 000 §9). */
  contractId: text('contract_id').primaryKey(),
  title: text('title').notNull(),
  /** The site whose consentId this is; null for the consent config's own contracts. */
  siteId: integer('site_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Published versions, numbered 1, 2, 3 … per contract; the markup is shown as is (sanitised in the browser). */
export const consentContractVersions = pgTable(
  'consent_contract_versions',
  {
    contractId: text('contract_id')
      .notNull()
      .references(() => consentContracts.contractId),
    version: integer('version').notNull(),
    markup: text('markup').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.version] }),
    check('consent_contract_versions_version_check', sql`${table.version} >= 1`),
  ],
);

/**
 * The consent ledger: every decision appended, never changed. The current state of a
 * subject and contract is its latest entry (highest seq). IP and user agent only as HMACs.
 */
export const consentLedger = pgTable(
  'consent_ledger',
  {
    entryId: uuid('entry_id').primaryKey(),
    /** Append order; recorded_at can tie (one clock tick), seq cannot. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** Who the entry speaks for: "c:<customerId>" for a signed-in customer, else "v:<visitorId>". */
    subject: text('subject').notNull(),
    contractId: text('contract_id').notNull(),
    contractVersion: integer('contract_version').notNull(),
    action: text('action').notNull(),
    userValue: text('user_value').notNull(),
    consentState: integer('consent_state').notNull(),
    customerId: text('customer_id'),
    visitorId: text('visitor_id').notNull(),
    visitId: text('visit_id'),
    /** The verified calling site (pass token). */
    siteId: integer('site_id').notNull(),
    /** The page address, decoded from the base64 the SDK sends. */
    pageUrl: text('page_url'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** HMAC-SHA256 under PRAVESH_PII_HASH_KEY: the raw address and user agent are never stored. */
    ipHash: text('ip_hash'),
    userAgentHash: text('user_agent_hash'),
    /** spec 000 §9 puckarCookieId<contractId> and the provider cookie id. */
    cookieId: text('cookie_id'),
    providerCookieId: text('provider_cookie_id'),
    environment: text('environment'),
    /** A withdrawal's reason, as the customer gave it. */
    reason: text('reason'),
    /**
     * The hash chain (migration 0006): filled by the consent_ledger_chain trigger
     * under a lock on the chain head, whatever the insert sends ($default only satisfies the type).
     */
    chainPosition: bigint('chain_position', { mode: 'number' })
      .notNull()
      .unique()
      .$default(() => 0),
    prevHash: text('prev_hash')
      .notNull()
      .$default(() => ''),
    entryHash: text('entry_hash')
      .notNull()
      .$default(() => ''),
  },
  (table) => [
    index('consent_ledger_subject_idx').on(table.subject, table.contractId, table.seq),
    index('consent_ledger_customer_idx').on(table.customerId, table.seq),
    foreignKey({
      name: 'consent_ledger_version_fk',
      columns: [table.contractId, table.contractVersion],
      foreignColumns: [consentContractVersions.contractId, consentContractVersions.version],
    }),
    // Data-rights steps (migration 0028, modules/data-rights) are ledger entries too.
    check(
      'consent_ledger_action_check',
      sql`${table.action} in ('respond', 'withdraw', 'export_requested', 'export_ready', 'erasure_requested', 'erasure_cancelled', 'erased')`,
    ),
    check('consent_ledger_user_value_check', sql`${table.userValue} in ('Y', 'N')`),
    check('consent_ledger_consent_state_check', sql`${table.consentState} in (1, 2)`),
  ],
);

/**
 * Consent received per visitor, site and contract (spec 000 §3 "consentRecievedDate"); written by
 * the consent capability, read by pbguc/getApplicationData.
 */
export const consentReceived = pgTable(
  'consent_received',
  {
    visitorId: text('visitor_id').notNull(),
    siteId: integer('site_id').notNull(),
    contractId: text('contract_id').notNull().default(''),
    customerId: text('customer_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.siteId, table.contractId] }),
    index('consent_received_customer_idx').on(table.customerId),
  ],
);

/** The last link of the consent ledger's hash chain: one row, written only by the chain trigger. */
export const consentLedgerChainHead = pgTable(
  'consent_ledger_chain_head',
  {
    id: boolean('id').primaryKey().default(true),
    lastPosition: bigint('last_position', { mode: 'number' }).notNull(),
    entryHash: text('entry_hash').notNull(),
  },
  (table) => [check('consent_ledger_chain_head_single_row', sql`${table.id}`)],
);
