import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { AccountActivityItem, AccountActivityKind } from '@pravesh/core';
import type { Database } from '../db/client.ts';
import { accountActivity } from '../db/schema/account-activity.ts';

/** The database, or a transaction of it: an event is recorded with the change it describes. */
export type ActivityWriter = Pick<Database, 'insert'>;

export interface AccountEvent {
  customerId: string;
  kind: AccountActivityKind;
  /** Already masked: the new number or email as the customer saw it confirmed, or the device's name. */
  detail?: string | null | undefined;
}

/** How many events the screen shows: the recent ones are what a customer checks for surprises. */
export const ACCOUNT_ACTIVITY_SHOWN = 20;

/**
 * The account's security events (spec 001 §2 active-devices; ASVS 5.0 V6.3.7 / 4.0.3 V2.2.3: a
 * customer learns of a change to how they sign in). Shared by the modules that make such changes
 * (profile's contact change, the sign-on sessions' device sign-out), so it lives here, not in one of
 * them. Customer ids are kept lower-cased, as the sessions compare them.
 */
export function createAccountActivity(db: Database, now: () => number) {
  return {
    /** Records one event; pass the transaction of the change so that both land or neither. */
    async record(event: AccountEvent, writer: ActivityWriter = db): Promise<void> {
      await writer.insert(accountActivity).values({
        id: randomUUID(),
        customerId: event.customerId.toLowerCase(),
        kind: event.kind,
        detail: event.detail ?? null,
        occurredAt: new Date(now()),
      });
    },

    /** The customer's latest events, newest first. */
    async recent(customerId: string, limit = ACCOUNT_ACTIVITY_SHOWN): Promise<AccountActivityItem[]> {
      const rows = await db
        .select()
        .from(accountActivity)
        .where(eq(accountActivity.customerId, customerId.toLowerCase()))
        .orderBy(desc(accountActivity.occurredAt), desc(accountActivity.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        at: row.occurredAt.toISOString(),
        detail: row.detail,
      }));
    },
  };
}

export type AccountActivity = ReturnType<typeof createAccountActivity>;
