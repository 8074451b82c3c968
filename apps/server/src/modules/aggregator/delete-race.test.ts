import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aaAccounts, aaTransactions } from '../../db/schema/aggregator.ts';
import { POSTGRES_URL } from '../../test/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../test/instance.ts';
import { seedBusyAccount } from './busy-account.ts';
import { createAggregatorStore } from './store.ts';

const AT = new Date(Date.UTC(2026, 10, 21, 6));

/**
 * deActivateUserData (and erasure) while a fetch is storing into the customer's account, on two
 * connections (PostgreSQL: PGlite runs one statement at a time). The fetch updates the account and
 * inserts transactions in one transaction (store storeAccountData); whichever commits first, the
 * customer's transactions are all gone afterwards.
 */
describe.skipIf(!POSTGRES_URL)("deleting a customer's bank data while a fetch stores into it", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(() => database?.dispose());

  it('leaves none of the fetch’s transactions behind', async () => {
    const store = createAggregatorStore(database.db);
    const customerId = randomUUID();
    const accountId = await seedBusyAccount(store, { customerId, transactions: 5, at: AT });
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let stored!: () => void;
    const storing = new Promise<void>((resolve) => (stored = resolve));
    const fetching = database.db.transaction(async (tx) => {
      await tx.update(aaAccounts).set({ fetchedAt: AT }).where(eq(aaAccounts.accountId, accountId));
      await tx.insert(aaTransactions).values({
        accountId,
        txnId: `late-${randomUUID()}`,
        customerId,
        type: 'CREDIT',
        mode: 'UPI',
        amountPaise: 100_00,
        currentBalancePaise: 500_00,
        transactionTimestamp: AT,
        valueDate: '2026-11-21',
        narration: 'UPI/CR/arrived mid-delete',
        reference: 'ref',
      });
      stored();
      await held;
    });
    await storing;
    const deleting = store.deleteCustomerData(customerId);
    // The delete is under way, waiting on the fetch's lock, when the fetch commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await fetching;
    await deleting;
    expect(await database.db.$count(aaTransactions, eq(aaTransactions.customerId, customerId))).toBe(0);
    expect(await database.db.$count(aaAccounts, eq(aaAccounts.customerId, customerId))).toBe(0);
  });
});
