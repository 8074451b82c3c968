import { and, count, eq, sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';
import { simulatorRecords } from '../db/schema/simulators.ts';

/**
 * Where a simulator (payment, account aggregator) keeps what it must remember between calls:
 * orders, settlements, consent requests, FI sessions. The server gives the simulators the database
 * (createDatabaseRecords), so every instance behind a balancer answers the same and a restart loses
 * nothing; a simulator built on its own (unit tests) keeps its records in memory. A real provider
 * implements the provider interface only and stores nothing of ours.
 *
 * Records are plain JSON documents by kind and id; what is read is a copy, so a change counts only
 * once it is put back (the memory store copies as the database does, so tests catch a missed put).
 * A put replaces the whole record, the last writer winning: enough for a simulator, whose callers
 * (the modules' own jobs and claims) never race on one record.
 */
export interface SimulatorRecords {
  get<T>(kind: string, id: string): Promise<T | undefined>;
  put(kind: string, id: string, record: unknown): Promise<void>;
  /** Stores the record unless one is there already; answers the one stored (the first writer wins). */
  putFirst<T>(kind: string, id: string, record: T): Promise<T>;
  delete(kind: string, id: string): Promise<void>;
  count(kind: string): Promise<number>;
  /** Removes and answers the oldest record of a kind (a queue shared by every instance). */
  takeOldest<T>(kind: string): Promise<T | undefined>;
}

export function createMemoryRecords(): SimulatorRecords {
  const kinds = new Map<string, Map<string, string>>();
  const of = (kind: string) => {
    let records = kinds.get(kind);
    if (!records) kinds.set(kind, (records = new Map<string, string>()));
    return records;
  };
  const read = <T>(json: string | undefined): T | undefined =>
    json === undefined ? undefined : (JSON.parse(json) as T);
  return {
    get: <T>(kind: string, id: string) => Promise.resolve(read<T>(of(kind).get(id))),
    put(kind, id, record) {
      of(kind).set(id, JSON.stringify(record));
      return Promise.resolve();
    },
    putFirst<T>(kind: string, id: string, record: T) {
      const records = of(kind);
      if (!records.has(id)) records.set(id, JSON.stringify(record));
      return Promise.resolve(read<T>(records.get(id)) as T);
    },
    delete(kind, id) {
      of(kind).delete(id);
      return Promise.resolve();
    },
    count: (kind) => Promise.resolve(of(kind).size),
    takeOldest<T>(kind: string) {
      // A Map iterates in insertion order.
      const records = of(kind);
      const [oldest] = records.entries();
      if (!oldest) return Promise.resolve(undefined);
      records.delete(oldest[0]);
      return Promise.resolve(read<T>(oldest[1]));
    },
  };
}

export function createDatabaseRecords(db: Database): SimulatorRecords {
  const where = (kind: string, id: string) => and(eq(simulatorRecords.kind, kind), eq(simulatorRecords.id, id));
  return {
    async get<T>(kind: string, id: string) {
      const [row] = await db.select({ record: simulatorRecords.record }).from(simulatorRecords).where(where(kind, id));
      return row?.record as T | undefined;
    },
    async put(kind, id, record) {
      await db
        .insert(simulatorRecords)
        .values({ kind, id, record })
        .onConflictDoUpdate({
          target: [simulatorRecords.kind, simulatorRecords.id],
          set: { record, updatedAt: sql`now()` },
        });
    },
    async putFirst<T>(kind: string, id: string, record: T) {
      const [inserted] = await db
        .insert(simulatorRecords)
        .values({ kind, id, record })
        .onConflictDoNothing()
        .returning({ record: simulatorRecords.record });
      if (inserted) return inserted.record as T;
      const [stored] = await db
        .select({ record: simulatorRecords.record })
        .from(simulatorRecords)
        .where(where(kind, id));
      return (stored?.record ?? record) as T;
    },
    async delete(kind, id) {
      await db.delete(simulatorRecords).where(where(kind, id));
    },
    async count(kind) {
      const [row] = await db.select({ n: count() }).from(simulatorRecords).where(eq(simulatorRecords.kind, kind));
      return row?.n ?? 0;
    },
    async takeOldest<T>(kind: string) {
      // SKIP LOCKED: two instances taking at once take two different records (PostgreSQL §SELECT).
      const rows = resultRows<{ record: T }>(
        await db.execute(sql`
          delete from ${simulatorRecords}
          where (kind, id) = (
            select kind, id from ${simulatorRecords} where kind = ${kind} order by seq limit 1 for update skip locked
          )
          returning record`),
      );
      return rows[0]?.record;
    },
  };
}
