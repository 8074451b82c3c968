import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { visits } from '../../db/schema.ts';
import { createBatcher, type BatcherStats } from '../../lib/batcher.ts';

export type VisitRow = typeof visits.$inferInsert & { visitId: string; visitorId: string };

/**
 * created: this call stored the visit. existing: a retry of a stored visit by the same visitor
 * (and device), answered with the same id. conflict: the id belongs to another visitor or device.
 */
export type InsertOutcome = 'created' | 'existing' | 'conflict';

export interface VisitStoreOptions {
  maxBatchSize?: number;
  maxWaitMs?: number;
  /** Batches in flight at once; PGlite runs one statement at a time, a pg pool several. */
  maxConcurrentFlushes?: number;
}

interface Owner {
  visitorId: string;
  deviceId?: string | null | undefined;
}

/** The same browser: same visitor, and the same device when both name one. */
function sameOwner(owner: Owner, row: VisitRow): boolean {
  if (owner.visitorId !== row.visitorId) return false;
  return owner.deviceId == null || row.deviceId == null || owner.deviceId === row.deviceId;
}

/** Columns written on insert with their PostgreSQL types; received_at keeps its default, now(). */
const INSERT_COLUMNS = [
  ['visitId', 'uuid'],
  ['visitorId', 'text'],
  ['deviceId', 'text'],
  ['parentVisitId', 'text'],
  ['absoluteParentVisitId', 'text'],
  ['siteId', 'int4'],
  ['siteName', 'text'],
  ['createdAt', 'timestamptz'],
  ['completeUrl', 'text'],
  ['utmContent', 'text'],
  ['utmMedium', 'text'],
  ['utmCampaign', 'text'],
  ['utmSource', 'text'],
  ['utmName', 'text'],
  ['utmTerm', 'text'],
  ['utmTitle', 'text'],
  ['utm', 'text'],
  ['dataSource', 'text'],
  ['pbUtmCampaign', 'text'],
  ['pbUtmContent', 'text'],
  ['pbUtmMedium', 'text'],
  ['pbUtmSource', 'text'],
  ['pbUtmTerm', 'text'],
  ['deviceHash', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof VisitRow & keyof typeof visits, string]>;

const COLUMN_LIST = sql.raw(INSERT_COLUMNS.map(([key]) => `"${visits[key].name}"`).join(', '));
/** The record type json_to_recordset reads each row object as: its property names, typed. */
const RECORD_TYPE = sql.raw(INSERT_COLUMNS.map(([key, type]) => `"${key}" ${type}`).join(', '));
const RECORD_COLUMNS = sql.raw(INSERT_COLUMNS.map(([key]) => `"${key}"`).join(', '));

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
function resultRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('the database answered a query without rows');
  return rows as T[];
}

/**
 * INSERT … SELECT FROM json_to_recordset($1): the whole batch is one JSON parameter, written by
 * the engine's JSON.stringify straight from the row objects (Dates become ISO strings; properties
 * outside INSERT_COLUMNS are ignored by the record type). One parameter whatever the batch size,
 * and no per-value work in JavaScript: the unnest(array per column) form it replaces spent its
 * time escaping every value into a PostgreSQL array literal. Every text field was checked for what
 * PostgreSQL cannot store (NUL, unpaired surrogates) before it got here, so one caller's row cannot
 * fail the batch of the others.
 */
function insertStatement(rows: readonly VisitRow[]) {
  return sql`insert into ${visits} (${COLUMN_LIST}) select ${RECORD_COLUMNS}
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(${RECORD_TYPE})
    on conflict (visit_id) do nothing returning visit_id`;
}

export function createVisitStore(db: Database, options: VisitStoreOptions = {}) {
  /**
   * One multi-row INSERT … ON CONFLICT DO NOTHING for the whole batch. Rows whose id did not come
   * back already existed (a retry, or an id sent twice in the batch): their owner decides
   * whether the caller is answered the same id or refused.
   */
  async function insertBatch(rows: readonly VisitRow[]): Promise<InsertOutcome[]> {
    const firstById = new Map<string, VisitRow>();
    for (const row of rows) if (!firstById.has(row.visitId)) firstById.set(row.visitId, row);
    const result: unknown = await db.execute(insertStatement([...firstById.values()]));
    const insertedIds = new Set(resultRows<{ visit_id: string }>(result).map((row) => row.visit_id));

    const owners = new Map<string, Owner>();
    for (const id of insertedIds) owners.set(id, firstById.get(id)!);
    const missing = [...firstById.keys()].filter((id) => !insertedIds.has(id));
    if (missing.length > 0) {
      const found = await db
        .select({ visitId: visits.visitId, visitorId: visits.visitorId, deviceId: visits.deviceId })
        .from(visits)
        .where(inArray(visits.visitId, missing));
      for (const row of found) owners.set(row.visitId, row);
    }

    return rows.map((row) => {
      const owner = owners.get(row.visitId);
      if (!owner || !sameOwner(owner, row)) return 'conflict';
      return insertedIds.has(row.visitId) && firstById.get(row.visitId) === row ? 'created' : 'existing';
    });
  }

  const batcher = createBatcher<VisitRow, InsertOutcome>({
    flush: insertBatch,
    maxBatchSize: options.maxBatchSize ?? 500,
    maxWaitMs: options.maxWaitMs ?? 2,
    maxConcurrentFlushes: options.maxConcurrentFlushes ?? 1,
  });

  return {
    /** Queues the row for the next batch; resolves once that batch has committed. */
    insert: (row: VisitRow): Promise<InsertOutcome> => batcher.add(row),
    /** The unbatched path, one INSERT per call (benchmarks compare against it). */
    insertOne: async (row: VisitRow): Promise<InsertOutcome> => (await insertBatch([row]))[0]!,
    drain: () => batcher.drain(),
    get stats(): Readonly<BatcherStats> {
      return batcher.stats;
    },
  };
}

export type VisitStore = ReturnType<typeof createVisitStore>;
