import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle-orm's PGlite driver asks to be handed over as the database's text
 * (drizzle-orm/pglite/session.js: timestamps, intervals, dates and their arrays, numeric[]); it maps
 * them itself.
 */
const RAW_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

const asText = (value: string) => value;

/** Per-query options without `parsers`: the client holds the same ones already. */
function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _held, ...rest } = options;
  return rest;
}

/**
 * What drizzle-orm calls on PGlite (query and transaction), with its per-query type parsers set once
 * on the client instead. PGlite merges a query's `parsers` into a copy of its own table, which holds
 * one entry per array type of the catalogue: hundreds of keys spread on every query, about 150 µs of
 * CPU, more than a `select 1` costs without them. The parsers are the same functions
 * of the same types, so every query answers as before.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  // After PGlite's own start-up, which fills `parsers` with the catalogue's array types (including
  // those above): set last, drizzle's choice wins for them, as its per-query override did.
  let parsersSet = false;
  const ready = client.waitReady.then(() => {
    for (const oid of RAW_TEXT_TYPES) client.parsers[oid] = asText;
    parsersSet = true;
  });
  const queriesOf = (target: Pick<PGlite, 'query'> | Transaction) =>
    async function query<T>(text: string, params?: unknown[], options?: QueryOptions) {
      // Awaited only until the parsers are set: afterwards a query costs no extra turn.
      if (!parsersSet) await ready;
      return target.query<T>(text, params, withoutParsers(options));
    };
  const facade = {
    query: queriesOf(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      ready.then(() =>
        client.transaction((tx) => callback(Object.create(tx, { query: { value: queriesOf(tx) } }) as Transaction)),
      ),
  };
  return facade as unknown as PGlite;
}
