import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What a transaction callback gets, as from PGlite's transaction(). */
export type ThreadTransaction = Pick<Transaction, 'query' | 'exec' | 'closed'>;

/** What crosses to the worker instead of QueryOptions: parsers are functions, so only their type ids travel. */
interface WireQueryOptions {
  rowMode: QueryOptions['rowMode'];
  /** Type ids whose values stay text (identity parsers). */
  rawTypes: number[];
  paramTypes: number[] | undefined;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; options: WireQueryOptions; tx: number | undefined }
  | { op: 'exec'; sql: string; tx: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

/** An error's message and own fields (code, detail, constraint…), copied by the worker. */
interface ErrorFields {
  message: string;
  [field: string]: unknown;
}

type Reply = { id: number; value: unknown } | { id: number; error: ErrorFields };

type Settle = (reply: Reply) => void;

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** Handed to each parser to tell an identity parser (keeps the text) from one that converts. */
const PROBE = '\u0000pglite-thread-probe';

/**
 * PGlite in a worker thread (pglite-worker.mjs), seen from the main thread. PGlite runs every
 * statement synchronously on the thread that calls it; in a worker the HTTP event loop keeps the
 * other core. This is the part of PGlite's API that drizzle-orm/pglite and our code call:
 * query, exec, interactive transactions and close, with PGlite's ordering and results.
 */
export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Settle>();
  #nextId = 0;
  /** Set by close(); later calls reject. */
  #closing: Promise<void> | undefined;
  /** Why the worker stopped (crash, exit), once it has. */
  #stopped: string | undefined;

  /** Starts the worker at once; the first query waits until PGlite in it is ready. */
  constructor(dataDir: string) {
    this.#worker = new Worker(WORKER_URL, { workerData: { dataDir } });
    this.#worker.unref(); // see #forget
    this.#worker.on('message', (reply: Reply) => {
      const settle = this.#pending.get(reply.id);
      this.#forget(reply.id);
      settle?.(reply);
    });
    this.#worker.on('error', (error) => this.#stop(`it threw: ${error.message}`));
    this.#worker.on('exit', (code) => this.#stop(`it exited with code ${code}`));
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#request<Results[]>({ op: 'exec', sql, tx: undefined });
  }

  /**
   * The callback's queries run inside the worker's open transaction; everything else waits for it
   * to end (PGlite's mutex). Commits when the callback resolves, rolls back when it throws.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#request<number>({ op: 'begin' });
    let closed = false;
    const whileOpen = <R>(run: () => Promise<R>) =>
      closed ? Promise.reject(new Error('Transaction is closed')) : run();
    const tx: ThreadTransaction = {
      query: (sql, params = [], options) => whileOpen(() => this.#query(sql, params, options, id)),
      exec: (sql) => whileOpen(() => this.#request<Results[]>({ op: 'exec', sql, tx: id })),
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      closed = true;
      await this.#request({ op: 'end', tx: id, commit: true });
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#request({ op: 'end', tx: id, commit: false });
      }
      throw error;
    }
  }

  /** Closes PGlite in the worker, then ends the worker. */
  close(): Promise<void> {
    this.#closing ??= this.#closeWorker();
    return this.#closing;
  }

  async #closeWorker(): Promise<void> {
    try {
      // Posted before #closing is set (a call runs synchronously up to its first await), so not refused.
      if (this.#stopped === undefined) await this.#request({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }

  async #query<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx: number | undefined) {
    return this.#request<Results<T>>({ op: 'query', sql, params, options: wireOptions(options), tx });
  }

  /** One request to the worker, posted before the first await; `T` is what the worker answers to its `op`. */
  async #request<T>(request: Request): Promise<T> {
    // Captured now, while the caller is on the stack; the worker's own stack says nothing useful.
    const trace = new Error();
    if (this.#closing) throw withTrace({ message: 'The database is closed' }, trace);
    if (this.#stopped) throw withTrace({ message: stoppedMessage(this.#stopped) }, trace);
    const id = this.#nextId++;
    const answered = new Promise<T>((resolve, reject) => {
      this.#pending.set(id, (reply) => {
        // Only the worker's answer to this request's op arrives here.
        if ('value' in reply) resolve(reply.value as T);
        else reject(withTrace(reply.error, trace));
      });
    });
    if (this.#pending.size === 1) this.#worker.ref();
    try {
      this.#worker.postMessage({ ...request, id });
    } catch (error) {
      // A parameter structured clone cannot copy (a function, a class instance with private state).
      this.#forget(id);
      throw error;
    }
    return answered;
  }

  /**
   * The worker holds the process only while calls are pending; in-process PGlite holds nothing, so
   * a process that never closes the database still exits.
   */
  #forget(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #stop(reason: string): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    const error = { message: stoppedMessage(reason) };
    for (const [id, settle] of this.#pending) settle({ id, error });
    this.#pending.clear();
  }
}

function stoppedMessage(reason: string): string {
  return `The database worker stopped: ${reason}`;
}

/** The worker's error on this thread: same message and fields, the caller's stack. */
function withTrace(fields: ErrorFields, trace: Error): Error {
  const error = Object.assign(new Error(fields.message), fields);
  const frames = trace.stack?.replace(/^[^\n]*/, '') ?? '';
  error.stack = `${error.name}: ${error.message}${frames}`;
  return error;
}

/**
 * Functions cannot cross to the worker. drizzle passes identity parsers (dates and intervals stay
 * text); the worker makes those again from the type ids. Any other parser or option would silently
 * change results, so it is refused.
 */
function wireOptions(options: QueryOptions = {}): WireQueryOptions {
  const { rowMode, parsers = {}, paramTypes, ...unsupported } = options;
  const names = Object.keys(unsupported);
  if (names.length > 0) throw new Error(`PGlite query options ${names.join(', ')} cannot cross to the database worker`);
  const rawTypes = Object.keys(parsers).map(Number);
  const converting = rawTypes.find((oid) => parsers[oid]?.(PROBE) !== PROBE);
  if (converting !== undefined) {
    throw new Error(`Only identity parsers cross to the database worker; the one for type ${converting} converts`);
  }
  return { rowMode, rawTypes, paramTypes };
}
