import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as WorkerThreads from 'node:worker_threads';
import { PGlite, type Results } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type DatabaseHandle } from './client.ts';
import { PGliteThread } from './pglite-thread.ts';

// Every worker this file starts, so that a test can kill one the way a crash would.
const workers = vi.hoisted(() => [] as WorkerThreads.Worker[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>();
  class TrackedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      workers.push(this);
    }
  }
  return { ...actual, Worker: TrackedWorker };
});

const items = pgTable('items', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true }),
  data: jsonb('data'),
  flag: boolean('flag'),
});
const CREATE_ITEMS =
  'create table items (id serial primary key, name text not null unique, at timestamptz, data jsonb, flag boolean)';

/** The rejection of `promise`, which must reject. */
async function failure(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as Error & Record<string, unknown>,
  );
  if (!error) throw new Error('expected a rejection');
  return error;
}

/** drizzle wraps the driver's error in DrizzleQueryError; the driver's is its cause. */
async function driverFailure(promise: Promise<unknown>) {
  return (await failure(promise)).cause as Error & Record<string, unknown>;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const DATABASE_ERROR_FIELDS = ['name', 'message', 'severity', 'code', 'detail', 'schema', 'table', 'constraint'];

describe('PGlite in a worker thread, next to PGlite in-process', () => {
  let handle: DatabaseHandle;
  let thread: PGliteThread;
  let reference: PGlite;
  beforeAll(async () => {
    handle = createDb({ dataDir: 'memory://' });
    thread = new PGliteThread('memory://');
    reference = new PGlite('memory://');
    await Promise.all([
      handle.db.execute(sql.raw(CREATE_ITEMS)),
      thread.exec(CREATE_ITEMS),
      reference.exec(CREATE_ITEMS),
    ]);
  });
  afterAll(async () => {
    await Promise.all([handle?.close(), thread?.close(), reference?.close()]);
  });

  it('returns the same rows and results to drizzle, in array and object row modes', async () => {
    const inProcess = drizzle(reference);
    const at = new Date('2026-11-21T10:00:00.123Z');
    const row = { name: 'round trip', at, data: { nested: [1, 'two', null] }, flag: true };
    const inserted = await handle.db.insert(items).values(row).returning();
    expect(inserted).toEqual(await inProcess.insert(items).values(row).returning());

    // select: rowMode 'array' with drizzle's identity parsers, mapped back to a Date by the column.
    const selected = await handle.db.select().from(items).where(eq(items.name, row.name));
    expect(selected).toEqual([{ id: inserted[0]!.id, ...row }]);
    expect(selected[0]!.at).toBeInstanceOf(Date);
    expect(selected[0]!.at!.getTime()).toBe(at.getTime());
    // execute: rowMode 'object', the timestamp stays text as drizzle asks.
    const executed = (await handle.db.execute(sql`select * from items where name = ${row.name}`)) as Results;
    expect(executed.rows).toEqual([{ id: inserted[0]!.id, ...row, at: '2026-11-21 10:00:00.123+00' }]);
    expect(executed).toEqual(await inProcess.execute(sql`select * from items where name = ${row.name}`));
  });

  it('answers query() and exec() as PGlite does, row modes and default parsers included', async () => {
    const query =
      "select 1::int as i, 2::int8 as big, 1.5::numeric as n, 'x'::text as t, null::text as nothing, " +
      "true as b, '\\x0102'::bytea as bytes, '{1,2}'::int[] as list, '2026-11-21T10:00:00Z'::timestamptz as at, $1::jsonb as j";
    const params = ['{"a":[1,{"b":null}]}'];
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'object' as const }]) {
      const result = await thread.query(query, params, options);
      expect(result).toEqual(await reference.query(query, params, options));
    }
    const [row] = (await thread.query<Record<string, unknown>>(query, params)).rows;
    expect(row!.bytes).toEqual(new Uint8Array([1, 2]));
    expect(row!.at).toEqual(new Date('2026-11-21T10:00:00Z'));

    const updates = "update items set flag = false where name = 'nobody'; select 1 as a; select 2 as b";
    expect(await thread.exec(updates)).toEqual(await reference.exec(updates));
  });

  it('refuses parsers it cannot recreate in the worker', async () => {
    const error = await failure(thread.query('select 1', [], { parsers: { 23: (value) => Number(value) } }));
    expect(error.message).toMatch(/Only identity parsers cross to the database worker; the one for type 23 converts/);
  });

  it("rethrows a database error with PGlite's fields and the caller's stack", async () => {
    const duplicate = { name: 'duplicate' };
    await handle.db.insert(items).values(duplicate);
    await drizzle(reference).insert(items).values(duplicate);
    const error = await driverFailure(handle.db.insert(items).values(duplicate));
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('items_name_key');
    const expected = await driverFailure(drizzle(reference).insert(items).values(duplicate));
    for (const field of DATABASE_ERROR_FIELDS) expect(error[field], field).toEqual(expected[field]);
    expect(error.stack).toMatch(/^error: duplicate key value violates unique constraint "items_name_key"\n/);
    expect(error.stack).toContain('drizzle-orm/pglite/session.js');

    const direct = await failure(thread.query('select 1/0'));
    expect(direct.code).toBe('22012');
    expect(direct.stack).toContain('pglite-thread.test.ts');
  });

  it('commits a transaction that returns, rolls back one that throws, and nests with savepoints', async () => {
    const returned = await handle.db.transaction(async (tx) => {
      await tx.insert(items).values({ name: 'committed' });
      await tx
        .transaction(async (nested) => {
          await nested.insert(items).values({ name: 'inner, rolled back' });
          throw new Error('inner fails');
        })
        .catch(() => undefined);
      await tx.transaction((nested) => nested.insert(items).values({ name: 'inner, kept' }));
      return 'done';
    });
    expect(returned).toBe('done');
    const thrown = new Error('callback fails');
    const rejected = handle.db.transaction(async (tx) => {
      await tx.insert(items).values({ name: 'rolled back' });
      throw thrown;
    });
    await expect(rejected).rejects.toBe(thrown);
    const names = (await handle.db.select({ name: items.name }).from(items)).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['committed', 'inner, kept']));
    expect(names).not.toContain('rolled back');
    expect(names).not.toContain('inner, rolled back');
  });

  it('refuses to commit a transaction whose statement failed, as PGlite does', async () => {
    const swallowing = (client: PGlite | PGliteThread) =>
      client.transaction(async (tx) => {
        await tx.query('select 1/0').catch(() => undefined);
      });
    const error = await failure(swallowing(thread));
    const expected = await failure(swallowing(reference));
    expect(error.code).toBe('25P02');
    for (const field of DATABASE_ERROR_FIELDS) expect(error[field], field).toEqual(expected[field]);
  });

  it('holds a query from outside an open transaction until it ends, then shows the committed state', async () => {
    const inserted = gate();
    const finish = gate();
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(items).values({ name: 'during' });
      inserted.open();
      await finish.opened;
      // The transaction still answers while the outside query waits for it.
      return tx.$count(items, eq(items.name, 'during'));
    });
    await inserted.opened;
    let answered = false;
    const outside = handle.db
      .select()
      .from(items)
      .where(eq(items.name, 'during'))
      .then((rows) => {
        answered = true;
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    finish.open();
    expect(await transaction).toBe(1);
    expect(await outside).toHaveLength(1);
  });

  it('answers 200 concurrent queries and 20 concurrent transactions, each its own', async () => {
    const queries = Array.from({ length: 200 }, (_, i) => thread.query<{ n: number }>('select $1::int as n', [i]));
    const transactions = Array.from({ length: 20 }, (_, i) =>
      handle.db.transaction(async (tx) => {
        await tx.insert(items).values({ name: `concurrent ${i}` });
        return tx.$count(items, eq(items.name, `concurrent ${i}`));
      }),
    );
    expect((await Promise.all(queries)).map((result) => result.rows[0]!.n)).toEqual(queries.map((_, i) => i));
    expect(await Promise.all(transactions)).toEqual(transactions.map(() => 1));
  });
});

describe('PGlite worker lifecycle', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pravesh-pglite-thread-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a folder database across a close, and refuses calls after close', async () => {
    const first = createDb({ dataDir: dir });
    await first.migrate();
    await first.db.execute(sql.raw(CREATE_ITEMS));
    await first.db.insert(items).values({ name: 'kept on disk' });
    await first.close();
    const afterClose = await failure(first.db.select().from(items));
    expect((afterClose.cause as Error).message).toBe('The database is closed');
    await first.close();

    const second = createDb({ dataDir: dir });
    try {
      await second.migrate();
      expect(await second.db.select({ name: items.name }).from(items)).toEqual([{ name: 'kept on disk' }]);
    } finally {
      await second.close();
    }
  });

  it('rejects pending and later calls when the worker stops', async () => {
    const thread = new PGliteThread('memory://');
    const worker = workers.at(-1)!;
    await thread.exec(CREATE_ITEMS);
    const inside = gate();
    const finish = gate();
    const transaction = thread.transaction(async (tx) => {
      inside.open();
      await finish.opened;
      return tx.query('select 1');
    });
    await inside.opened;
    const pending = thread.query('select 1');
    await worker.terminate();
    const stopped = /^The database worker stopped: it exited with code 1$/;
    expect((await failure(pending)).message).toMatch(stopped);
    finish.open();
    expect((await failure(transaction)).message).toMatch(stopped);
    expect((await failure(thread.query('select 1'))).message).toMatch(stopped);
    await thread.close();
  });

  it('loads under tsx and lets the process exit, closed or merely idle', () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const script = path.join(dir, 'open-and-close.mjs');
    writeFileSync(
      script,
      `const { createDb } = await import(${JSON.stringify(new URL('./client.ts', import.meta.url).href)});
const closed = createDb({ dataDir: 'memory://' });
await closed.migrate();
const idle = createDb({ dataDir: 'memory://' });
const pings = [await closed.ping(), await idle.ping()];
await closed.close();
console.log(JSON.stringify(pings));
`,
    );
    const result = spawnSync(process.execPath, ['--import', tsx, script], { encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('[true,true]\n');
    expect(result.status).toBe(0);
  });
});
