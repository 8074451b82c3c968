import type { ModuleDeps } from '../../config/deps.ts';

/**
 * The bound, wait limit and failure log every module's write queue gets (lib/batcher.ts), from
 * PRAVESH_WRITE_QUEUE_LIMIT and PRAVESH_WRITE_QUEUE_WAIT_MS (config/database.ts).
 */
export function writeQueueOptions(deps: Pick<ModuleDeps, 'config' | 'log'>) {
  return {
    maxQueued: deps.config.database.writeQueueLimit,
    maxQueueWaitMs: deps.config.database.writeQueueWaitMs,
    log: deps.log,
  };
}
