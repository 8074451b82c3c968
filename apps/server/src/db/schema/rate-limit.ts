import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Sliding-window rate limit log, used when no Redis is configured (lib/rate-limit). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_hits_key_idx').on(table.key, table.hitAt),
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);
