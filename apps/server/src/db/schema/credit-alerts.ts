import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportChangeDetails } from '@pravesh/core';

/**
 * Credit alerts (spec 001 §3 userAllAlerts, §7 creditAlerts): the changes between a
 * customer's two latest stored pulls of one bureau (core diffReports), stored once per pair. The
 * unique (customer, bureau, to_version, kind, subject_key) makes storing a pair again a no-op,
 * so the same pair of pulls always has the same alerts, however often it is looked at.
 */
export const creditAlerts = pgTable(
  'credit_alerts',
  {
    alertId: uuid('alert_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    bureau: text('bureau').notNull(),
    /** The two credit_pulls versions compared. */
    fromVersion: integer('from_version').notNull(),
    toVersion: integer('to_version').notNull(),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    impact: text('impact').notNull(),
    /** 1-based rank within the pair (a score change first). */
    rank: integer('rank').notNull(),
    title: text('title').notNull(),
    explanation: text('explanation').notNull(),
    details: jsonb('details').$type<ReportChangeDetails>().notNull(),
    /** The newer pull's time: what the customer sees as the alert's date. */
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [
    unique('credit_alerts_pair_unique').on(
      table.customerId,
      table.bureau,
      table.toVersion,
      table.kind,
      table.subjectKey,
    ),
    index('credit_alerts_customer_idx').on(table.customerId, table.pulledAt),
    check('credit_alerts_bureau_check', sql`${table.bureau} in ('CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX')`),
    check('credit_alerts_impact_check', sql`${table.impact} in ('POSITIVE', 'NEGATIVE')`),
    check('credit_alerts_versions_check', sql`${table.fromVersion} >= 1 and ${table.toVersion} > ${table.fromVersion}`),
  ],
);

/**
 * Which pairs of pulls have been compared, alerts or not: a pair that changed nothing is still
 * compared only once.
 */
export const creditAlertDerivations = pgTable(
  'credit_alert_derivations',
  {
    customerId: text('customer_id').notNull(),
    bureau: text('bureau').notNull(),
    toVersion: integer('to_version').notNull(),
    derivedAt: timestamp('derived_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.bureau, table.toVersion] })],
);

/** creditAlerts/subscribeBureauAlerts: the customer's choice per bureau; no row means subscribed. */
export const creditAlertSubscriptions = pgTable(
  'credit_alert_subscriptions',
  {
    customerId: text('customer_id').notNull(),
    bureau: text('bureau').notNull(),
    subscribed: boolean('subscribed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.bureau] }),
    check(
      'credit_alert_subscriptions_bureau_check',
      sql`${table.bureau} in ('CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX')`,
    ),
  ],
);
