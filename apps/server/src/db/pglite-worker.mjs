/**
 * The thread that owns PGlite (pglite-thread.ts is the other end). PGlite runs each statement
 * synchronously on the thread that calls it; here, the HTTP event loop keeps the other core.
 * Plain JavaScript so that it loads under tsx and under Vitest alike: a worker gets no TS loader
 * from Vitest.
 *
 * Requests are handed to PGlite in the order they arrive and PGlite's own mutexes order them, as
 * they would in-process: a query outside a transaction waits for the open one to end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const pg = new PGlite(workerData.dataDir);

/** Open transactions by the id of the request that began them. */
const transactions = new Map();

/** Thrown into PGlite's transaction callback to roll it back; the caller's own error stays with the caller. */
const ROLLBACK = Symbol('rollback');

/**
 * DatabaseError's fields and the query and params PGlite adds. Structured clone keeps only an
 * error's message and stack, so they travel as a plain object.
 */
const ERROR_FIELDS = [
  'name',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
];

const keepText = (value) => value;

parentPort.on('message', (request) => {
  if (request.op === 'begin') begin(request.id);
  else if (request.op === 'end') end(request);
  else
    perform(request).then(
      (value) => reply(request.id, value),
      (error) => fail(request.id, error),
    );
});

async function perform(request) {
  switch (request.op) {
    case 'query': {
      const { rowMode, rawTypes, paramTypes } = request.options;
      // The caller's parsers were identity functions (pglite-thread.ts checks); they are made again here.
      const parsers = Object.fromEntries(rawTypes.map((oid) => [oid, keepText]));
      return target(request.tx).query(request.sql, request.params, { rowMode, paramTypes, parsers });
    }
    case 'exec':
      return target(request.tx).exec(request.sql);
    case 'close':
      return pg.close();
    default:
      throw new Error(`unknown database worker request ${request.op}`);
  }
}

function target(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/**
 * Opens an interactive transaction: PGlite's callback stays pending until the main thread sends
 * `end`, which commits (the callback returns) or rolls back (it throws ROLLBACK).
 */
function begin(id) {
  let endId;
  pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        transactions.set(id, {
          tx,
          finish(requestId, commit) {
            endId = requestId;
            transactions.delete(id);
            if (commit) resolve();
            else reject(ROLLBACK);
          },
        });
        reply(id, id);
      }),
  ).then(
    () => reply(endId, undefined),
    (error) => {
      // Before `end`, BEGIN itself failed; after it, COMMIT or ROLLBACK did (or this is our ROLLBACK).
      if (endId === undefined) fail(id, error);
      else if (error === ROLLBACK) reply(endId, undefined);
      else fail(endId, error);
    },
  );
}

function end({ id, tx, commit }) {
  const open = transactions.get(tx);
  if (open) open.finish(id, commit);
  else fail(id, new Error('Transaction is closed'));
}

function reply(id, value) {
  try {
    parentPort.postMessage({ id, value });
  } catch (error) {
    // A value structured clone cannot copy (DataCloneError) still gets an answer.
    fail(id, error);
  }
}

function fail(id, error) {
  parentPort.postMessage({ id, error: describe(error) });
}

function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message };
  for (const key of ERROR_FIELDS) if (error[key] !== undefined) fields[key] = error[key];
  return fields;
}
