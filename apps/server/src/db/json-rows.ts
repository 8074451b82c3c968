import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Column types a JSON record set carries as they are: what JSON.stringify writes, PostgreSQL reads. */
const PLAIN_TYPES = /^(uuid|text|integer|boolean|timestamp with time zone)$/;

/**
 * A batch of rows for `table` as one JSON parameter, read back with json_to_recordset
 * (PostgreSQL §9.16): `select <keys> from json_to_recordset($1::json) as x(<key> <type>, …)`.
 *
 * Why: the hot batched inserts (visits, sign-in codes and sessions) used to be drizzle's
 * multi-row VALUES, one bound parameter per value; building that SQL in JavaScript cost more than
 * the database spent inserting (a quarter of the sign-in route's CPU). One parameter whatever
 * the batch size, written by the engine's JSON.stringify straight from the row objects (Dates
 * become ISO strings; properties outside `keys` are ignored).
 *
 * `keys` defaults to every column; a table whose column has a database default lists the others,
 * since an absent value arrives as null, not as "use the default". Only plain columns
 * (PLAIN_TYPES) are allowed: a column with its own driver mapping (json, custom types) would be
 * stored unmapped. Text values must already be free of what PostgreSQL cannot store (NUL): one row
 * could otherwise fail the batch of every other caller.
 */
export function jsonRowsInsert<T extends PgTable>(table: T, keys?: readonly (keyof T['$inferInsert'] & string)[]) {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const typed = (keys ?? Object.keys(columns)).map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    const type = column.getSQLType();
    if (!PLAIN_TYPES.test(type)) throw new Error(`${key} (${type}) cannot travel in a JSON record set`);
    return { key, column: column.name, type };
  });
  const columnList = sql.raw(typed.map(({ column }) => `"${column}"`).join(', '));
  const selected = sql.raw(typed.map(({ key }) => `"${key}"`).join(', '));
  const recordType = sql.raw(typed.map(({ key, type }) => `"${key}" ${type}`).join(', '));

  /** `insert into <table> (<columns>) select … from json_to_recordset(…)`; ON CONFLICT / RETURNING may follow. */
  return (rows: readonly T['$inferInsert'][]): SQL =>
    sql`insert into ${table} (${columnList}) select ${selected}
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(${recordType})`;
}
