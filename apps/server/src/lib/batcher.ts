/**
 * Coalesces concurrent writes into one statement (ARCHITECTURE.md "Toolchain facts": one insert
 * per request reaches ~7k/s on PostgreSQL, 500-row inserts ~60k rows/s). Items queue until
 * `maxBatchSize` are waiting or `maxWaitMs` has passed since the first; each caller's promise
 * settles only once its batch's write has finished, so an answered request is a committed row.
 * A failing batch rejects every caller in it; nothing queued is dropped.
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
}

export interface BatcherStats {
  batches: number;
  items: number;
  largestBatch: number;
  failedBatches: number;
}

export interface Batcher<T, R> {
  add(item: T): Promise<R>;
  /** Flushes whatever is queued and waits until no batch is in flight (shutdown, tests). */
  drain(): Promise<void>;
  readonly stats: Readonly<BatcherStats>;
}

interface Waiter<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function createBatcher<T, R>(options: BatcherOptions<T, R>): Batcher<T, R> {
  const maxBatchSize = options.maxBatchSize ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 2;
  const maxConcurrent = options.maxConcurrentFlushes ?? 1;
  if (maxBatchSize < 1 || maxConcurrent < 1) throw new Error('batch size and concurrency must be at least 1');
  if (typeof maxWaitMs === 'number' && !(maxWaitMs >= 0)) throw new Error("maxWaitMs must be 0 or more, or 'turn'");

  let queue: Waiter<T, R>[] = [];
  /** Cancels the pending gathering wait (a timeout, or an immediate for 'turn'). */
  let cancelWait: (() => void) | undefined;
  const inFlight = new Set<Promise<void>>();
  const stats: BatcherStats = { batches: 0, items: 0, largestBatch: 0, failedBatches: 0 };

  async function write(batch: Waiter<T, R>[]): Promise<void> {
    stats.batches += 1;
    stats.items += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    try {
      const results = await options.flush(batch.map((waiter) => waiter.item));
      if (results.length !== batch.length) {
        throw new Error(`batch flush answered ${results.length} results for ${batch.length} items`);
      }
      batch.forEach((waiter, index) => waiter.resolve(results[index]!));
    } catch (error) {
      stats.failedBatches += 1;
      for (const waiter of batch) waiter.reject(error);
    }
  }

  function startFlushes(): void {
    while (queue.length > 0 && inFlight.size < maxConcurrent) {
      const batch = queue.length <= maxBatchSize ? queue : queue.slice(0, maxBatchSize);
      queue = queue.length <= maxBatchSize ? [] : queue.slice(maxBatchSize);
      const flight = write(batch).finally(() => {
        inFlight.delete(flight);
        // Whatever queued meanwhile has waited at least one write already: send it now.
        startFlushes();
      });
      inFlight.add(flight);
    }
    if (queue.length === 0) stopWaiting();
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
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (queue.length >= maxBatchSize || maxWaitMs === 0) startFlushes();
        else if (cancelWait === undefined && inFlight.size < maxConcurrent) startWaiting();
      });
    },
    async drain() {
      stopWaiting();
      while (queue.length > 0 || inFlight.size > 0) {
        startFlushes();
        await Promise.all(inFlight);
      }
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
