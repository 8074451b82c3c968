import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { ssoCustomers } from '../../../db/schema.ts';

export type Customer = typeof ssoCustomers.$inferSelect;

export function createCustomerStore(db: Database, now: () => number) {
  async function byMobile(mobileNo: string): Promise<Customer | undefined> {
    const [row] = await db.select().from(ssoCustomers).where(eq(ssoCustomers.mobileNo, mobileNo));
    return row;
  }
  return {
    byMobile,
    async byEmail(email: string): Promise<Customer | undefined> {
      const [row] = await db.select().from(ssoCustomers).where(eq(ssoCustomers.email, email.trim().toLowerCase()));
      return row;
    },
    async byId(customerId: string): Promise<Customer | undefined> {
      const [row] = await db.select().from(ssoCustomers).where(eq(ssoCustomers.customerId, customerId));
      return row;
    },
    /** The customer of a verified mobile number, created on first sign-in. */
    async findOrCreate(mobileNo: string): Promise<Customer> {
      const existing = await byMobile(mobileNo);
      if (existing) return existing;
      const at = new Date(now());
      const [created] = await db
        .insert(ssoCustomers)
        .values({ customerId: randomUUID(), mobileNo, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: ssoCustomers.mobileNo })
        .returning();
      if (created) return created;
      const raced = await byMobile(mobileNo);
      if (!raced) throw new Error('customer vanished between insert and read');
      return raced;
    },
    async update(customerId: string, fields: { email?: string | null; passwordHash?: string | null }): Promise<void> {
      await db
        .update(ssoCustomers)
        .set({
          ...(fields.email !== undefined ? { email: fields.email?.trim().toLowerCase() ?? null } : {}),
          ...(fields.passwordHash !== undefined ? { passwordHash: fields.passwordHash } : {}),
          updatedAt: new Date(now()),
        })
        .where(eq(ssoCustomers.customerId, customerId));
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
