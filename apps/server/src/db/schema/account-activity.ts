import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountActivityKind } from '@pravesh/core';

/**
 * The account's security events (lib/account-activity.ts), shown on My Account's active-devices
 * screen: a changed mobile number or email, a device signed out. `detail` is stored masked
 * ("••••••3210", "Computer · Chrome"): the screen needs no more, and a leaked row tells no more.
 */
export const accountActivity = pgTable(
  'account_activity',
  {
    id: uuid('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    kind: text('kind').$type<AccountActivityKind>().notNull(),
    detail: text('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('account_activity_customer_idx').on(table.customerId, table.occurredAt)],
);
