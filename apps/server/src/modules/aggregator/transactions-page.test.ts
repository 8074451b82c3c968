import { randomUUID } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../db/client.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/instance.ts';
import { seedBusyAccount } from './busy-account.ts';
import { createAggregatorStore, type AggregatorStore, type TransactionFilter } from './store.ts';

const AT = new Date(Date.UTC(2026, 10, 21, 6));
const DAY = 86_400_000;

/**
 * The FI/transaction page at volume (issue 17: "an account with 10,000 transactions"): the page
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
    for (const offset of [0, 9_980]) {
      const queries = store.transactionsPageQueries(accountId, filter, { limit: 20, offset });
      for (const query of [queries.rows, queries.total]) {
        const text = await plan(query);
        expect(text, text).toMatch(
          /Index (Only )?Scan.* on aa_transactions|Bitmap Index Scan on aa_transactions_account/,
        );
        expect(text, text).not.toMatch(/Seq Scan on aa_transactions/);
        // The first page (what the screen opens on) is read in index order: no sort of the account's rows.
        if (query === queries.rows && offset === 0) expect(text, text).not.toMatch(/\bSort\b/);
      }
    }
  });

  it('answers 10,000 rows newest first, txnId breaking ties, with the right total', async () => {
    const first = await store.transactionsPage(accountId, {}, { limit: 20, offset: 0 });
    expect(first.total).toBe(10_000);
    expect(first.rows.map((row) => row.txnId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `B${String(10_000 - i).padStart(8, '0')}`),
    );
    const last = await store.transactionsPage(accountId, {}, { limit: 20, offset: 9_980 });
    expect(last.rows.at(-1)!.txnId).toBe('B00000001');
    const credits = await store.transactionsPage(accountId, { type: 'CREDIT' }, { limit: 20, offset: 0 });
    const debits = await store.transactionsPage(accountId, { type: 'DEBIT' }, { limit: 20, offset: 0 });
    expect(credits.total + debits.total).toBe(10_000);
    expect(credits.rows.every((row) => row.type === 'CREDIT')).toBe(true);
  });
});
