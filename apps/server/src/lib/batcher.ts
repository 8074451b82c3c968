/**
 * Coalesces concurrent writes into one statement (ARCHITECTURE.md "Toolchain facts": one insert
 * per request reaches ~7k/s on PostgreSQL, 500-row inserts ~60k rows/s). Items queue until
 * `maxBatchSize` are waiting or `maxWaitMs` has passed since the first; each caller's promise
 * settles only once its batch's write has finished, so an answered request is a committed row.
 * A failing batch rejects every caller in it, and is logged once here (its size and the failure's
 * class and code, lib/outage.ts): its callers get an error without the statement's text or
 * parameters (other visitors' ids, device hashes, URLs), a dependency outage as 503
 * serviceUnavailable.
 *
 * The queue is bounded (README "Running more than one instance"): while the database is stuck,
 * an item beyond `maxQueued`, or one that waited `maxQueueWaitMs` without being sent, is refused
 * with 503 + Retry-After and never written; so is an item whose caller has gone (`isGone`) by the
 * time its batch is formed. Refusing only what was never sent keeps "refused means not stored".
 *
 * At most `maxConcurrentFlushes` batches are in flight (the pool's connections); while they are
 * busy the queue keeps growing and leaves as one larger batch the moment a slot frees, so batch
 * size adapts to load without a longer wait.
 *
 * With `maxWaitMs: 0` an item that finds a free slot leaves at once, alone: the group commit of the
 * sign-on inserts, which adds no wait when idle and batches only what arrives while writes are busy.
 * With `maxWaitMs: 'turn'` it waits for the rest of the event-loop turn (setImmediate): every
 * request already read from the sockets in this turn joins it, and no timer holds it back.
 * Used by the visit ingestion and the sign-on inserts (sessions, codes, access tokens, devices).
 */
import { isTransientOutage, outageSummary, serviceUnavailable } from './outage.ts';

/** Where a failed batch is logged (a pino logger). */
export interface BatchLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BatcherOptions<T, R> {
  /** Writes one batch (a fresh array, the flush's own) and answers one result per item, in order. */
  flush(items: T[]): Promise<readonly R[]>;
  maxBatchSize?: number;
  /**
   * How long the first queued item waits for others: milliseconds (0 sends it at once when a slot
   * is free), or 'turn' for the rest of the current event-loop turn.
   */
  maxWaitMs?: number | 'turn';
  maxConcurrentFlushes?: number;
  /** Most items waiting to be sent (not counting batches in flight); more are refused with 503. */
  maxQueued?: number;
  /** An item not sent after this long is refused with 503 (unset: it waits for its turn). */
  maxQueueWaitMs?: number | undefined;
  /** Names the queue in the batch-failure log line (e.g. "visits"). */
  name?: string;
  /** Where a failed batch is logged, once; unset: not logged here. */
  log?: BatchLog | undefined;
  /** Told each batch's size as it is sent (metrics). */
  onBatch?: ((size: number) => void) | undefined;
}

/** Items one queue holds unless told otherwise: a bound for every queue (memory in a stall). */
export const DEFAULT_MAX_QUEUED = 10_000;

export interface BatcherStats {
  batches: number;
  items: number;
  largestBatch: number;
  failedBatches: number;
  /** Items refused without being sent: queue full, waited too long, or their caller had gone. */
  refused: number;
}

export interface Batcher<T, R> {
  /**
   * Queues `item`; resolves with its result once its batch has committed. `isGone` is asked when
   * the batch is formed: true (the client hung up) drops the item unsent.
   */
  add(item: T, isGone?: () => boolean): Promise<R>;
  /** Flushes whatever is queued and waits until no batch is in flight (shutdown, tests). */
  drain(): Promise<void>;
  /**
   * While items are queued or in flight: since when (performance.now()) the queue has made no
   * progress, i.e. the later of the last batch written and the moment work began after an idle
   * spell. Undefined when idle. Failed batches are no progress, so a lasting stall stays visible
   * (readiness) even as each cancelled batch is replaced by a fresh one.
   */
  waitingSince(): number | undefined;
  /** Items queued and not yet sent. */
  depth(): number;
  readonly stats: Readonly<BatcherStats>;
}

/**
 * What the callers of a failed batch get when it was not an outage: the failure's class and
 * SQLSTATE, never drizzle's "Failed query: … params: …".
 */
export class BatchFailedError extends Error {
  override name = 'BatchFailedError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Waiter<T, R> {
  item: T;
  /** performance.now() when added. */
  since: number;
  isGone: (() => boolean) | undefined;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** How often a full queue looks for items whose callers have gone, at most. */
const GONE_SWEEP_INTERVAL_MS = 100;

export function createBatcher<T, R>(options: BatcherOptions<T, R>): Batcher<T, R> {
  const maxBatchSize = options.maxBatchSize ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 2;
  const maxConcurrent = options.maxConcurrentFlushes ?? 1;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const maxQueueWaitMs = options.maxQueueWaitMs;
  const name = options.name ?? 'batch';
  if (maxBatchSize < 1 || maxConcurrent < 1 || maxQueued < 1) {
    throw new Error('batch size, concurrency and queue bound must be at least 1');
  }
  if (typeof maxWaitMs === 'number' && !(maxWaitMs >= 0)) throw new Error("maxWaitMs must be 0 or more, or 'turn'");

  let queue: Waiter<T, R>[] = [];
  /** Cancels the pending gathering wait (a timeout, or an immediate for 'turn'). */
  let cancelWait: (() => void) | undefined;
  const inFlight = new Set<Promise<void>>();
  /** When work began after an idle spell, and when a batch was last written (performance.now()). */
  let busySince: number | undefined;
  let lastWritten = -Infinity;
  let expiry: NodeJS.Timeout | undefined;
  let lastGoneSweep = -Infinity;
  const stats: BatcherStats = { batches: 0, items: 0, largestBatch: 0, failedBatches: 0, refused: 0 };

  function refuse(waiter: Waiter<T, R>): void {
    stats.refused += 1;
    waiter.reject(serviceUnavailable());
  }

  /** What the callers of a failed batch are told; the batch itself is logged once. */
  function failure(error: unknown, size: number): unknown {
    const summary = outageSummary(error);
    if (isTransientOutage(error)) {
      options.log?.warn({ batch: name, size, outage: summary }, 'write batch failed: dependency unavailable');
      return serviceUnavailable();
    }
    // Not an outage: the message may quote a value (invalid input syntax …), so only class and code.
    const code = summary.code;
    options.log?.error({ batch: name, size, failure: { name: summary.name, code } }, 'write batch failed');
    return new BatchFailedError(`${name} batch of ${size} failed (${summary.name}${code ? ` ${code}` : ''})`, code);
  }

  async function write(batch: Waiter<T, R>[]): Promise<void> {
    stats.batches += 1;
    stats.items += batch.length;
    options.onBatch?.(batch.length);
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    try {
      const results = await options.flush(batch.map((waiter) => waiter.item));
      if (results.length !== batch.length) {
        throw new Error(`batch flush answered ${results.length} results for ${batch.length} items`);
      }
      lastWritten = performance.now();
      batch.forEach((waiter, index) => waiter.resolve(results[index]!));
    } catch (error) {
      stats.failedBatches += 1;
      const told = failure(error, batch.length);
      for (const waiter of batch) waiter.reject(told);
    }
  }

  /** Drops, refused, the queued items whose callers have gone. */
  function dropGone(): void {
    lastGoneSweep = performance.now();
    if (!queue.some((waiter) => waiter.isGone?.())) return;
    queue = queue.filter((waiter) => {
      if (!waiter.isGone?.()) return true;
      refuse(waiter);
      return false;
    });
  }

  /** The next batch: up to maxBatchSize queued items whose callers are still there. */
  function takeBatch(): Waiter<T, R>[] {
    const batch: Waiter<T, R>[] = [];
    let taken = 0;
    while (taken < queue.length && batch.length < maxBatchSize) {
      const waiter = queue[taken]!;
      taken += 1;
      if (waiter.isGone?.()) refuse(waiter);
      else batch.push(waiter);
    }
    queue = taken === queue.length ? [] : queue.slice(taken);
    return batch;
  }

  function startFlushes(): void {
    while (queue.length > 0 && inFlight.size < maxConcurrent) {
      const batch = takeBatch();
      if (batch.length === 0) continue;
      const flight = write(batch).finally(() => {
        inFlight.delete(flight);
        // Whatever queued meanwhile has waited at least one write already: send it now.
        startFlushes();
      });
      inFlight.add(flight);
    }
    if (queue.length === 0) stopWaiting();
    if (queue.length === 0 && inFlight.size === 0) busySince = undefined;
    scheduleExpiry();
  }

  /** Refuses the items that waited maxQueueWaitMs unsent (the queue is in arrival order). */
  function expireOld(): void {
    expiry = undefined;
    if (maxQueueWaitMs === undefined) return;
    const cutoff = performance.now() - maxQueueWaitMs;
    let expired = 0;
    while (expired < queue.length && queue[expired]!.since <= cutoff) expired += 1;
    if (expired > 0) {
      queue.slice(0, expired).forEach(refuse);
      queue = queue.slice(expired);
    }
    if (queue.length === 0 && inFlight.size === 0) busySince = undefined;
    scheduleExpiry();
  }

  function scheduleExpiry(): void {
    if (maxQueueWaitMs === undefined || expiry !== undefined || queue.length === 0) return;
    const due = queue[0]!.since + maxQueueWaitMs - performance.now();
    expiry = setTimeout(expireOld, Math.max(0, due));
    expiry.unref();
  }

  function stopWaiting(): void {
    cancelWait?.();
    cancelWait = undefined;
  }

  function onWaitOver(): void {
    cancelWait = undefined;
    startFlushes();
  }

  function startWaiting(): void {
    if (maxWaitMs === 'turn') {
      const immediate = setImmediate(onWaitOver);
      cancelWait = () => clearImmediate(immediate);
    } else {
      const timeout = setTimeout(onWaitOver, maxWaitMs);
      cancelWait = () => clearTimeout(timeout);
    }
  }

  return {
    stats,
    depth: () => queue.length,
    add(item, isGone) {
      return new Promise<R>((resolve, reject) => {
        const waiter: Waiter<T, R> = { item, since: performance.now(), isGone, resolve, reject };
        if (queue.length >= maxQueued && performance.now() - lastGoneSweep >= GONE_SWEEP_INTERVAL_MS) dropGone();
        if (queue.length >= maxQueued) {
          refuse(waiter);
          return;
        }
        busySince ??= waiter.since;
        queue.push(waiter);
        if (queue.length >= maxBatchSize || maxWaitMs === 0) startFlushes();
        else if (cancelWait === undefined && inFlight.size < maxConcurrent) startWaiting();
        scheduleExpiry();
      });
    },
    async drain() {
      stopWaiting();
      while (queue.length > 0 || inFlight.size > 0) {
        startFlushes();
        await Promise.all(inFlight);
      }
    },
    waitingSince() {
      if (busySince === undefined) return undefined;
      return Math.max(busySince, lastWritten);
    },
  };
}

/**
 * A batcher for writes that answer nothing (inserts): `write` writes one batch, and each caller's
 * promise settles once its batch has committed.
 */
export function createWriteBatcher<T>(
  write: (items: T[]) => PromiseLike<unknown>,
  options: Omit<BatcherOptions<T, void>, 'flush'>,
): Batcher<T, void> {
  return createBatcher<T, void>({
    ...options,
    async flush(items) {
      await write(items);
      return items.map(() => undefined);
    },
  });
}
