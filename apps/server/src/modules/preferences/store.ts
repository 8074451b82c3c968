import { eq, sql } from 'drizzle-orm';
import { PREFERENCE_CHANNELS, type PreferenceBody, type PreferenceChannel } from '@pravesh/core';
import type { Database } from '../../db/client.ts';
import { customerPreferences } from '../../db/schema/preferences.ts';
import { ssoCustomers } from '../../db/schema/sso.ts';

export type PreferencesRow = typeof customerPreferences.$inferSelect;

const COUNTER = {
  sms: 'smsActionCount',
  call: 'callActionCount',
  whatsApp: 'whatsAppActionCount',
  email: 'emailActionCount',
} as const satisfies Record<PreferenceChannel, keyof PreferencesRow>;

/**
 * Communication preferences at rest (db/schema/preferences.ts). A change is one statement: the row
 * is inserted with its defaults or updated, and a channel's counter goes up only when its value
 * actually changes, so a retried request never counts twice (spec 001 §3 preferencesActionCount).
 */
export function createPreferencesStore(db: Database) {
  return {
    async get(customerId: string): Promise<PreferencesRow | undefined> {
      const [row] = await db.select().from(customerPreferences).where(eq(customerPreferences.customerId, customerId));
      return row;
    },

    async change(customerId: string, body: PreferenceBody, at: Date): Promise<PreferencesRow> {
      const first: typeof customerPreferences.$inferInsert = { customerId, updatedAt: at };
      const set: Record<string, unknown> = { updatedAt: at };
      for (const channel of PREFERENCE_CHANNELS) {
        const value = body[channel];
        if (value === undefined) continue;
        const column = customerPreferences[channel];
        const counter = customerPreferences[COUNTER[channel]];
        // A new row starts from "on": turning a channel off is its first action.
        first[channel] = value;
        first[COUNTER[channel]] = value ? 0 : 1;
        set[channel] = value;
        set[COUNTER[channel]] = sql`${counter} + case when ${column} is distinct from ${value} then 1 else 0 end`;
      }
      const [row] = await db
        .insert(customerPreferences)
        .values(first)
        .onConflictDoUpdate({ target: customerPreferences.customerId, set })
        .returning();
      return row!;
    },

    /** The customer's sealed number and email (the sign-on module's records), for a message to them. */
    async contactOf(customerId: string): Promise<{ mobileEnc: string | null; emailEnc: string | null } | undefined> {
      const [row] = await db
        .select({ mobileEnc: ssoCustomers.mobileEnc, emailEnc: ssoCustomers.emailEnc })
        .from(ssoCustomers)
        .where(eq(ssoCustomers.customerId, customerId));
      return row;
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
