import { randomUUID } from 'node:crypto';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/client.ts';
import { aaAccounts } from '../../db/schema/aggregator.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/instance.ts';
import { seedBusyAccount } from './busy-account.ts';
import { createAggregatorStore, type AccountRow, type AggregatorStore, type TransactionFilter } from './store.ts';

const AT = new Date(Date.UTC(2026, 10, 21, 6));
const DAY = 86_400_000;

/**
 * The FI/transaction page at volume ("an account with 10,000 transactions"): the page
 * and its total read the indexes of migration 0019, never the whole table, and the order is
 * right. Other accounts' rows are in the table too, as in a real database, and statistics are
 * fresh (ANALYZE), so the planner chooses as it would in production.
 */
describe.each(DATABASE_KINDS)('FI/transaction page query at 10,000 rows on %s', (kind) => {
  let database: TestDatabase;
  let store: AggregatorStore;
  let accountId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = createAggregatorStore(database.db);
    accountId = await seedBusyAccount(store, { customerId: randomUUID(), transactions: 10_000, at: AT });
    // Other customers' accounts: the busy one is a fifth of the table (in production a far smaller share).
    for (let i = 0; i < 40; i++) {
      await seedBusyAccount(store, { customerId: randomUUID(), transactions: 1_000, at: AT });
    }
    await database.db.execute(sql`vacuum analyze aa_transactions`);
  }, 180_000);
  afterAll(() => database?.dispose());

  async function plan(query: SQLWrapper): Promise<string> {
    // One row per plan line, in the column "QUERY PLAN".
    const rows = resultRows<Record<string, string>>(await database.db.execute(sql`explain ${query}`));
    return rows.map((row) => Object.values(row)[0]).join('\n');
  }

  const filters: [string, TransactionFilter][] = [
    ['All', {}],
    ['Credit', { type: 'CREDIT' }],
    ['Debit', { type: 'DEBIT' }],
    ['All, one month', { from: new Date(AT.getTime() - 30 * DAY), to: AT }],
    ['Debit, one month', { type: 'DEBIT', from: new Date(AT.getTime() - 30 * DAY), to: AT }],
  ];

  it.each(filters)('%s: the page and its total are index reads, not a scan of the table', async (_name, filter) => {
    const counting = store.transactionsPageQueries(accountId, filter, { limit: 20, offset: 0 }, 0);
    const total = Number((await counting.total)[0]?.total);
    expect(total).toBeGreaterThan(100);
    const totalPlan = await plan(counting.total);
    expect(totalPlan, totalPlan).toMatch(/Index (Only )?Scan.* on aa_transactions/);
    expect(totalPlan, totalPlan).not.toMatch(/Seq Scan on aa_transactions/);
    // The first page, one just before and one just past the middle, and the last.
    for (const offset of [0, Math.floor(total / 2) - 20, Math.floor(total / 2) + 20, total - 20]) {
      const queries = store.transactionsPageQueries(accountId, filter, { limit: 20, offset }, total);
      const text = await plan(queries.rows);
      expect(text, text).toMatch(
        /Index Scan( Backward)? using aa_transactions_account_|Bitmap Index Scan on aa_transactions_account_/,
      );
      expect(text, text).not.toMatch(/Seq Scan/);
      // The first and last pages are read in index order from their end: no sort of the account's rows.
      // (Mid-way, where half the rows are skipped either way, the planner may rather sort them.)
      if (offset === 0 || offset === total - 20) expect(text, text).not.toMatch(/\bSort\b/);
    }
  });

  it('answers 10,000 rows newest first, txnId breaking ties, with the right total, from either end', async () => {
    const ids = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `B${String(from - i).padStart(8, '0')}`);
    const first = await store.transactionsPage(accountId, {}, { limit: 20, offset: 0 });
    expect(first.total).toBe(10_000);
    expect(first.rows.map((row) => row.txnId)).toEqual(ids(10_000, 20));
    // Pages in the older half are read from the oldest end and turned round: the same rows, same order.
    for (const offset of [4_990, 5_000, 5_010, 9_980]) {
      const page = await store.transactionsPage(accountId, {}, { limit: 20, offset }, 10_000);
      expect(
        page.rows.map((row) => row.txnId),
        String(offset),
      ).toEqual(ids(10_000 - offset, 20));
    }
    const short = await store.transactionsPage(accountId, {}, { limit: 20, offset: 9_990 }, 10_000);
    expect(short.rows.map((row) => row.txnId)).toEqual(ids(10, 10));
    expect((await store.transactionsPage(accountId, {}, { limit: 20, offset: 10_000 })).rows).toEqual([]);
    const credits = await store.transactionsPage(accountId, { type: 'CREDIT' }, { limit: 20, offset: 0 });
    const debits = await store.transactionsPage(accountId, { type: 'DEBIT' }, { limit: 20, offset: 0 });
    expect(credits.total + debits.total).toBe(10_000);
    expect(credits.rows.every((row) => row.type === 'CREDIT')).toBe(true);
    // The stored counts (what FI/transaction answers without a date range) are the counted ones.
    const [account] = (await store.accountsOf(
      (await database.db.select().from(aaAccounts).where(eq(aaAccounts.accountId, accountId)))[0]!.customerId,
    )) as [AccountRow];
    expect([account.creditCount, account.debitCount]).toEqual([credits.total, debits.total]);
  });
});
