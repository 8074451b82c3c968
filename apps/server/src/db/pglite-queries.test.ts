import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteForDrizzle } from './pglite-queries.ts';

/** Drizzle-orm on PGlite with its type parsers held by the client, not sent with every query. */
describe('pgliteForDrizzle', () => {
  let client: PGlite;
  const optionsSeen: (QueryOptions | undefined)[] = [];
  beforeAll(async () => {
    client = new PGlite('memory://');
    await client.exec(
      `create table moments (id int primary key, at timestamptz not null, day date not null, span interval not null,
         ats timestamptz[] not null, amounts numeric[] not null)`,
    );
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      optionsSeen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
  });
  afterAll(() => client?.close());

  const row = sql`insert into moments values (1, '2026-11-27 10:00:00+05:30', '2026-11-27', '2 days',
    array['2026-11-27 10:00:00+05:30'::timestamptz], array[1.50, 2])`;
  const read = sql`select at, day, span, ats, amounts from moments where id = 1`;

  it('answers every query as drizzle-orm with its own per-query parsers does', async () => {
    const plain = drizzle(client);
    await plain.execute(row);
    const expected = (await plain.execute(read)).rows;
    // drizzle's own driver hands these types over as the database's text: it maps them itself.
    expect(expected).toEqual([
      {
        at: '2026-11-27 04:30:00+00',
        day: '2026-11-27',
        span: '2 days',
        ats: '{"2026-11-27 04:30:00+00"}',
        amounts: '{1.50,2}',
      },
    ]);
    optionsSeen.length = 0;
    const held = drizzle(pgliteForDrizzle(client));
    expect((await held.execute(read)).rows).toEqual(expected);
    expect(await held.transaction(async (tx) => (await tx.execute(read)).rows)).toEqual(expected);
    // The read outside the transaction goes through client.query (PGlite runs a transaction's own
    // queries inside it): sent without parsers.
    expect(optionsSeen.length).toBeGreaterThanOrEqual(1);
    expect(optionsSeen.every((options) => options?.parsers === undefined)).toBe(true);
  });
});
