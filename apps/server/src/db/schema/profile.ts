import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Profile and personal details (spec 001 §3 utility slice and reference lists),
 * migration 0020.
 *
 * Reference data: Indian cities and banks and the turnover bands are the same in every environment,
 * so migration 0020 writes them (a few hundred rows: every database, tests included, has them at
 * once). The employer list is tens of thousands of rows: the seed step writes it (modules/profile/
 * employers-seed.ts), so migrating a test database stays fast and production can load its own
 * licensed register into the same two tables instead.
 */

/** Cities for the address picker (utility/city); `topRank` orders the short list (utility/getTopCity). */
export const refCities = pgTable('ref_cities', {
  cityId: integer('city_id').primaryKey(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  /** 1, 2, … for the cities shown first; null for the rest. */
  topRank: smallint('top_rank'),
});

/**
 * Banks and other financial institutions (utility/institution/{category}); category 4 is banks, the
 * list the spec's path names. `topRank` orders utility/getTopInstitution (spec 001 §9 "Top banks:
 * five (HDFC, SBI, ICICI, Axis, Kotak) in production").
 */
export const refInstitutions = pgTable('ref_institutions', {
  institutionId: integer('institution_id').primaryKey(),
  category: smallint('category').notNull(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  topRank: smallint('top_rank'),
});

/** Annual turnover bands (utility/getAnnualTurnoveRange), whole rupees, [min, max). */
export const refTurnoverRanges = pgTable('ref_turnover_ranges', {
  rangeId: integer('range_id').primaryKey(),
  label: text('label').notNull(),
  minRupees: integer('min_rupees').notNull(),
  maxRupees: integer('max_rupees'),
});

/**
 * Employers (utility/employer). `nameKey` is the name lower-cased with punctuation as spaces
 * (modules/profile/employer-search.ts); `weight` ranks large, well-known employers before small ones.
 */
export const refEmployers = pgTable(
  'ref_employers',
  {
    employerId: integer('employer_id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [index('ref_employers_name_key_idx').on(table.nameKey.op('text_pattern_ops'))],
);

/**
 * Every word of every employer's name (legal-form words such as "Private Limited" left out), so
 * "tata cons" finds "Tata Consultancy Services Limited" by word prefixes. `rank` is the answer's
 * order, fixed when the list is written: names whose FIRST word it is, then the rest; within each,
 * larger employers, then by name. A search is then an index-only range scan of (word, rank,
 * employer_id) and a top-N of small integers; only the answer's ~20 rows visit ref_employers for
 * their names. text_pattern_ops makes `word LIKE 'cons%'` a range scan under any collation, on
 * PGlite and PostgreSQL alike, with no extension to install.
 */
export const refEmployerWords = pgTable(
  'ref_employer_words',
  {
    word: text('word').notNull(),
    rank: integer('rank').notNull(),
    employerId: integer('employer_id').notNull(),
  },
  (table) => [
    uniqueIndex('ref_employer_words_word_idx').on(table.word.op('text_pattern_ops'), table.rank, table.employerId),
    index('ref_employer_words_employer_idx').on(table.employerId, table.word.op('text_pattern_ops')),
  ],
);

/**
 * A customer's personal details: one row per customer, written on the first save.
 * Everything in it is personal data, so it is kept as one AES-256-GCM ciphertext under the PII
 * keyring (auth/pii-cipher.ts, field "personalDetails"; rotated by `npm run pii -- reencrypt`).
 */
export const customerProfiles = pgTable('customer_profiles', {
  customerId: uuid('customer_id').primaryKey(),
  detailsEnc: text('details_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
