import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Column types a JSON record set carries as they are: what JSON.stringify writes, PostgreSQL reads.
 * jsonb too: a nested value arrives as the JSON the engine wrote, which is what drizzle's own
 * mapping (JSON.stringify) would have sent.
 */
const PLAIN_TYPES = /^(uuid|text|integer|boolean|date|timestamp with time zone|jsonb)$/;

export interface JsonRowsOptions {
  /**
   * Leave each row's null (and undefined) fields out of the JSON: json_to_recordset reads a missing
   * key as null (PostgreSQL §9.16), so the stored row is the same and the database parses less.
   * Worth it for wide, mostly empty rows (an analytics event fills a few of its 24 columns: about
   * 55 µs a row on PGlite instead of 80–100). Only the top level is thinned; a jsonb
   * value is sent as it is, its nulls included.
   */
  omitNulls?: boolean;
}

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
 * (PLAIN_TYPES) are allowed: a column with a driver mapping of another kind (json, custom types)
 * would be stored unmapped. Text values must already be free of what PostgreSQL cannot store (NUL): one row
 * could otherwise fail the batch of every other caller.
 */
export function jsonRowsInsert<T extends PgTable>(
  table: T,
  keys?: readonly (keyof T['$inferInsert'] & string)[],
  options: JsonRowsOptions = {},
) {
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

  /** A batch of rows for this table; keys outside its columns are ignored. */
  type Rows = readonly { [K in keyof T['$inferInsert']]?: unknown }[];
  const keyNames = typed.map(({ key }) => key);
  const withoutNulls = (row: Record<string, unknown>) => {
    const present: Record<string, unknown> = {};
    for (const key of keyNames) if (row[key] != null) present[key] = row[key];
    return present;
  };
  const json: (rows: Rows) => string = options.omitNulls
    ? (rows) => JSON.stringify((rows as readonly Record<string, unknown>[]).map(withoutNulls))
    : (rows) => JSON.stringify(rows);

  /** The statement with `rowsJson` (the rows' JSON, or a placeholder for it) as its one parameter. */
  const statement = (rowsJson: unknown): SQL =>
    sql`insert into ${table} (${columnList}) select ${selected}
      from json_to_recordset(${rowsJson}::json) as x(${recordType})`;

  /**
   * `insert into <table> (<columns>) select … from json_to_recordset(…)`; ON CONFLICT / RETURNING
   * may follow. A row's values may be what JSON.stringify makes of them already (an instant as its
   * ISO string). `statement(sql.placeholder(…))` and `json(rows)` are the same statement for
   * db/client.ts preparedStatement, whose text is made once.
   */
  return Object.assign((rows: Rows): SQL => statement(json(rows)), {
    statement,
    json,
  });
}
