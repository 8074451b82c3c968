import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { createBatcher } from '../../../lib/batcher.ts';
import { IMMEDIATE, type GroupCommit } from '../group-commit.ts';
import { ssoCustomers } from '../../../db/schema/sso.ts';

export type Customer = typeof ssoCustomers.$inferSelect;

export function createCustomerStore(db: Database, now: () => number, options: { groupCommit?: GroupCommit } = {}) {
  /**
   * find-or-create of the numbers asked for meanwhile, in two statements per batch whatever its
   * size: the existing customers, then an insert of the missing ones (a number inserted by another
   * instance in between is read back).
   */
  const finds = createBatcher<string, Customer>({
    ...(options.groupCommit ?? IMMEDIATE),
    async flush(mobileNos) {
      const wanted = [...new Set(mobileNos)];
      const found = new Map<string, Customer>();
      for (const row of await db.select().from(ssoCustomers).where(inArray(ssoCustomers.mobileNo, wanted))) {
        found.set(row.mobileNo, row);
      }
      const missing = wanted.filter((mobileNo) => !found.has(mobileNo));
      if (missing.length > 0) {
        const at = new Date(now());
        const created = await db
          .insert(ssoCustomers)
          .values(missing.map((mobileNo) => ({ customerId: randomUUID(), mobileNo, createdAt: at, updatedAt: at })))
          .onConflictDoNothing({ target: ssoCustomers.mobileNo })
          .returning();
        for (const row of created) found.set(row.mobileNo, row);
        const raced = missing.filter((mobileNo) => !found.has(mobileNo));
        if (raced.length > 0) {
          for (const row of await db.select().from(ssoCustomers).where(inArray(ssoCustomers.mobileNo, raced))) {
            found.set(row.mobileNo, row);
          }
        }
      }
      return mobileNos.map((mobileNo) => {
        const customer = found.get(mobileNo);
        if (!customer) throw new Error('customer vanished between insert and read');
        return customer;
      });
    },
  });

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
    findOrCreate: (mobileNo: string): Promise<Customer> => finds.add(mobileNo),
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
