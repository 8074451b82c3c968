import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { CreditReport, ScoreHistoryPoint } from '@pravesh/core';

/**
 * Credit bureau pulls, one row per pull and never changed: a new pull is the next
 * version for (customer, bureau) and never overwrites the old one, which the database itself
 * enforces (migration 0009: UPDATE is refused). DELETE stays possible for erasure of a
 * customer's data. The latest version is what the score tile and the dashboard show.
 */
export const creditPulls = pgTable(
  'credit_pulls',
  {
    pullId: uuid('pull_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    bureau: text('bureau').notNull(),
    /** 1, 2, … per (customer, bureau), in pull order. */
    version: integer('version').notNull(),
    /** Which provider answered ("simulator" or a real adapter's name). */
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    /** SCORE, NO_HIT or NEW_TO_CREDIT (core score-rules ScoreState). */
    scoreState: text('score_state').notNull(),
    /** Set exactly when score_state is SCORE: never a fake number for "no score". */
    score: integer('score'),
    /** The bureau's own value (e.g. CIBIL -1 / 0 / NTC index), kept beside the normalised state. */
    rawScore: text('raw_score'),
    riskIndex: integer('risk_index'),
    scoreBand: text('score_band'),
    /** The most recent score before this pull (previous versions, else the bureau's history). */
    previousScore: integer('previous_score'),
    /** When the bureau last (re)scored: spec 000 §3 dateApplied. */
    dateApplied: timestamp('date_applied', { withTimezone: true }).notNull(),
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull(),
    /** spec 000 §3 nextRefreshDate: no new pull before it. */
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }).notNull(),
    /** The recorded consent the pull relied on. */
    consentReference: text('consent_reference').notNull(),
    /** The report; null for NO_HIT (the bureau holds no file). */
    report: jsonb('report').$type<CreditReport>(),
    scoreHistory: jsonb('score_history').$type<ScoreHistoryPoint[]>().notNull(),
  },
  (table) => [
    // Also the index every read uses: a customer's latest version per bureau.
    unique('credit_pulls_version_unique').on(table.customerId, table.bureau, table.version),
    check('credit_pulls_bureau_check', sql`${table.bureau} in ('CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX')`),
    check('credit_pulls_version_check', sql`${table.version} >= 1`),
    check('credit_pulls_state_check', sql`${table.scoreState} in ('SCORE', 'NO_HIT', 'NEW_TO_CREDIT')`),
    check(
      'credit_pulls_score_check',
      sql`(${table.scoreState} = 'SCORE') = (${table.score} is not null) and (${table.score} is null or ${table.score} between 300 and 900)`,
    ),
    check(
      'credit_pulls_previous_score_check',
      sql`${table.previousScore} is null or ${table.previousScore} between 300 and 900`,
    ),
    check(
      'credit_pulls_band_check',
      sql`${table.scoreBand} is null or ${table.scoreBand} in ('EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIR', 'LOW', 'VERY_LOW')`,
    ),
  ],
);
