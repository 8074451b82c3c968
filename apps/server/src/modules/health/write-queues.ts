import type { ModuleDeps } from '../../config/deps.ts';

/**
 * The bound, wait limit and failure log every module's write queue gets (lib/batcher.ts), from
 * PRAVESH_WRITE_QUEUE_LIMIT and PRAVESH_WRITE_QUEUE_WAIT_MS (config/database.ts).
 */
export function writeQueueOptions(deps: Pick<ModuleDeps, 'config' | 'log' | 'metrics'>, queue: string) {
  return {
    maxQueued: deps.config.database.writeQueueLimit,
    maxQueueWaitMs: deps.config.database.writeQueueWaitMs,
    log: deps.log,
    onBatch: (size: number) => deps.metrics.batchSize.observe({ queue }, size),
  };
}

/** A module's write queue, watched: /readyz fails while it is stuck, and its depth is a metric. */
export function watchWriteQueue(
  deps: Pick<ModuleDeps, 'readiness' | 'metrics'>,
  queue: string,
  store: { waitingSince(): number | undefined; depth(): number },
): void {
  deps.readiness.watchQueue(queue, () => store.waitingSince());
  deps.metrics.watchQueueDepth(queue, () => store.depth());
}
