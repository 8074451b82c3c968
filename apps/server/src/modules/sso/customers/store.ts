import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { createBatcher } from '../../../lib/batcher.ts';
import { IMMEDIATE, type GroupCommit } from '../../../lib/group-commit.ts';
import { ssoCustomers } from '../../../db/schema/sso.ts';
import type { PiiCipher } from '../../../auth/pii-cipher.ts';

// The customer record is shared with the OTP service (lib/otp), which reads customers in its own statement.
export { customerFromRow, type Customer, type CustomerRow } from '../../../lib/customer-record.ts';
import { customerFromRow, type Customer, type CustomerRow } from '../../../lib/customer-record.ts';

export function createCustomerStore(
  db: Database,
  now: () => number,
  options: { groupCommit?: GroupCommit; pii: PiiCipher },
) {
  const { pii } = options;
  const toCustomer = (row: CustomerRow) => customerFromRow(pii, row);
  const byMobileHash = (hashes: string[]) =>
    db.select().from(ssoCustomers).where(inArray(ssoCustomers.mobileHash, hashes));

  /**
   * find-or-create of the numbers asked for meanwhile, in two statements per batch whatever its
   * size: the existing customers, then an insert of the missing ones (a number inserted by another
   * instance in between is read back). Numbers are found by their keyed hash.
   */
  const finds = createBatcher<string, Customer>({
    ...(options.groupCommit ?? IMMEDIATE),
    async flush(mobileNos) {
      const hashOf = new Map(mobileNos.map((mobileNo) => [mobileNo, pii.hash('mobile', mobileNo)]));
      const wanted = [...new Set(hashOf.values())];
      const found = new Map<string, CustomerRow>();
      for (const row of await byMobileHash(wanted)) found.set(row.mobileHash!, row);
      const missing = [...new Set(mobileNos)].filter((mobileNo) => !found.has(hashOf.get(mobileNo)!));
      if (missing.length > 0) {
        const at = new Date(now());
        const created = await db
          .insert(ssoCustomers)
          .values(
            missing.map((mobileNo) => ({
              customerId: randomUUID(),
              mobileHash: hashOf.get(mobileNo)!,
              mobileEnc: pii.encrypt('mobile', mobileNo),
              createdAt: at,
              updatedAt: at,
            })),
          )
          .onConflictDoNothing({ target: ssoCustomers.mobileHash })
          .returning();
        for (const row of created) found.set(row.mobileHash!, row);
        const raced = wanted.filter((hash) => !found.has(hash));
        if (raced.length > 0) for (const row of await byMobileHash(raced)) found.set(row.mobileHash!, row);
      }
      return mobileNos.map((mobileNo) => {
        const row = found.get(hashOf.get(mobileNo)!);
        if (!row) throw new Error('customer vanished between insert and read');
        return toCustomer(row);
      });
    },
  });

  async function byMobile(mobileNo: string): Promise<Customer | undefined> {
    const [row] = await byMobileHash([pii.hash('mobile', mobileNo)]);
    return row && toCustomer(row);
  }

  return {
    byMobile,
    async byEmail(email: string): Promise<Customer | undefined> {
      const [row] = await db
        .select()
        .from(ssoCustomers)
        .where(eq(ssoCustomers.emailHash, pii.hash('email', email)));
      return row && toCustomer(row);
    },
    async byId(customerId: string): Promise<Customer | undefined> {
      const [row] = await db.select().from(ssoCustomers).where(eq(ssoCustomers.customerId, customerId));
      return row && toCustomer(row);
    },
    /** The customer of a verified mobile number, created on first sign-in. */
    findOrCreate: (mobileNo: string): Promise<Customer> => finds.add(mobileNo),
    async update(customerId: string, fields: { email?: string | null; passwordHash?: string | null }): Promise<void> {
      const email = fields.email?.trim().toLowerCase() ?? null;
      await db
        .update(ssoCustomers)
        .set({
          ...(fields.email !== undefined
            ? {
                emailHash: email === null ? null : pii.hash('email', email),
                emailEnc: email === null ? null : pii.encrypt('email', email),
              }
            : {}),
          ...(fields.passwordHash !== undefined ? { passwordHash: fields.passwordHash } : {}),
          updatedAt: new Date(now()),
        })
        .where(eq(ssoCustomers.customerId, customerId));
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
