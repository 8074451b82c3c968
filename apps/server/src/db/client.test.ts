import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/instance.ts';
import { executePrepared, resultRows } from './client.ts';

describe.each(DATABASE_KINDS)('executePrepared (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const doubled = (value: number) => sql`select ${value}::int * 2 as doubled`;

  it('answers the rows of a statement run again and again with new parameters', async () => {
    for (const value of [1, 2, 21]) {
      const result = await executePrepared(database.db, 'test_doubled', doubled(value));
      expect(resultRows<{ doubled: number }>(result)).toEqual([{ doubled: value * 2 }]);
    }
  });

  it.runIf(kind === 'postgres')(
    'is prepared once per connection under its name, and a name keeps its text',
    async () => {
      // Sequential queries reuse the pool's most recently released connection.
      await executePrepared(database.db, 'test_named', doubled(4));
      const prepared = resultRows<{ name: string; statement: string }>(
        await database.db.execute(sql`select name, statement from pg_prepared_statements where name = 'test_named'`),
      );
      expect(prepared).toEqual([{ name: 'test_named', statement: 'select $1::int * 2 as doubled' }]);
      const refusal: unknown = await executePrepared(database.db, 'test_named', sql`select ${4}::int * 3`).catch(
        (error: unknown) => error,
      );
      expect(String((refusal as Error | undefined)?.cause)).toMatch(/Prepared statements must be unique/);
    },
  );
});
