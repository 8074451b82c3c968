import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Account aggregator (migration 0017). The AA keeps the customer's identity; we keep no
 * mobile number here: consent requests are known by their handle, linked accounts by the AA's link
 * reference, and only their masked numbers (spec 001 §5) are stored.
 */

/** One consent request at FINVU and, once approved, its artefact's id and status (ReBIT's two sets). */
export const aaConsents = pgTable(
  'aa_consents',
  {
    consentHandle: uuid('consent_handle').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    source: text('source').notNull(),
    templateId: text('template_id').notNull(),
    /** ReBIT consent request status: PENDING, READY, FAILED, APPROVED, REJECTED, EXPIRED. */
    requestStatus: text('request_status').notNull(),
    consentId: uuid('consent_id'),
    /** ReBIT consent status: ACTIVE, PAUSED, REVOKED, EXPIRED; null until approved. */
    consentStatus: text('consent_status'),
    /**
     * When the consent's state was last asked of the AA (migration 0030, the check per consent). No
     * longer written: the check is per customer (aaStatusChecks, migration 0032).
     */
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }),
    /** The ConsentDetail sent (with the customer's `<mobile>@finvu`, as the AA knows them). */
    detail: jsonb('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('aa_consents_customer_idx').on(table.customerId, table.createdAt),
    uniqueIndex('aa_consents_consent_id_unique').on(table.consentId),
  ],
);

/**
 * When the customer's consents were last asked of the AA (migration 0032): the pages ask at most
 * once a minute per customer, about every consent of theirs at once (modules/aggregator consent-records.ts).
 */
export const aaStatusChecks = pgTable('aa_status_checks', {
  customerId: uuid('customer_id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** spec 001 §4 Finvu state id per customer: where the journey stands. */
export const aaJourneyStates = pgTable('aa_journey_states', {
  customerId: uuid('customer_id').primaryKey(),
  stateId: text('state_id').notNull(),
  consentHandle: uuid('consent_handle'),
  /** The linking request waiting for the bank's OTP (one OTP modal at a time), and its consent request. */
  pendingLinkRef: uuid('pending_link_ref'),
  pendingLinkHandle: uuid('pending_link_handle'),
  /** The bank whose accounts the journey discovered or linked last (migration 0030). */
  fipId: text('fip_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A linked deposit account (its AA link reference) and, once fetched, its summary. */
export const aaAccounts = pgTable(
  'aa_accounts',
  {
    accountId: uuid('account_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    consentHandle: uuid('consent_handle').notNull(),
    linkRefNumber: text('link_ref_number').notNull(),
    fipId: text('fip_id').notNull(),
    maskedAccNumber: text('masked_acc_number').notNull(),
    accType: text('acc_type').notNull(),
    /** The account holder as the bank's Profile names them (ReBIT Holder.name; migration 0019), for the statement. */
    holderName: text('holder_name'),
    currentBalancePaise: bigint('current_balance_paise', { mode: 'number' }),
    balanceDateTime: timestamp('balance_date_time', { withTimezone: true }),
    branch: text('branch'),
    ifscCode: text('ifsc_code'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    /** How many of its fetched transactions are credits and debits (migration 0019): FI/transaction's totals. */
    creditCount: integer('credit_count').notNull().default(0),
    debitCount: integer('debit_count').notNull().default(0),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('aa_accounts_link_ref_unique').on(table.linkRefNumber),
    index('aa_accounts_customer_idx').on(table.customerId),
  ],
);

/** Fetched transactions (ReBIT deposit Transaction), amounts in paise. */
export const aaTransactions = pgTable(
  'aa_transactions',
  {
    accountId: uuid('account_id').notNull(),
    txnId: text('txn_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    type: text('type').notNull(),
    mode: text('mode').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currentBalancePaise: bigint('current_balance_paise', { mode: 'number' }).notNull(),
    transactionTimestamp: timestamp('transaction_timestamp', { withTimezone: true }).notNull(),
    valueDate: text('value_date').notNull(),
    narration: text('narration').notNull(),
    reference: text('reference').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.txnId] }),
    // Migration 0019: the FI/transaction page order (newest first, txnId breaking ties) read backwards
    // off the index, for All and for one type (Credit, Debit tabs), with the date range on it too.
    index('aa_transactions_account_page_idx').on(table.accountId, table.transactionTimestamp, table.txnId),
    index('aa_transactions_account_type_page_idx').on(
      table.accountId,
      table.type,
      table.transactionTimestamp,
      table.txnId,
    ),
    // Migration 0030: the deletion path (deActivateUserData, erasure) deletes by customer.
    index('aa_transactions_customer_idx').on(table.customerId),
  ],
);

/**
 * Durable fetch jobs: FI request → data ready → FI fetch, one step per run, its
 * progress stored so a restart resumes where it stood. At most one open job per consent (partial
 * unique index), and a lease so two instances never run the same job at once.
 */
export const aaFetchJobs = pgTable(
  'aa_fetch_jobs',
  {
    jobId: uuid('job_id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    consentId: uuid('consent_id').notNull(),
    /** QUEUED → REQUESTED (session open) → COMPLETED | FAILED. */
    status: text('status').notNull(),
    sessionId: text('session_id'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('aa_fetch_jobs_open_unique')
      .on(table.consentId)
      .where(sql`status in ('QUEUED', 'REQUESTED')`),
    index('aa_fetch_jobs_customer_idx').on(table.customerId, table.createdAt),
  ],
);

/** What happened to a customer's AA data, kept after the data itself is deleted (deActivateUserData). */
export const aaAudit = pgTable(
  'aa_audit',
  {
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: uuid('customer_id').notNull(),
    event: text('event').notNull(),
    consentId: uuid('consent_id'),
    detail: jsonb('detail').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('aa_audit_customer_idx').on(table.customerId, table.at)],
);
