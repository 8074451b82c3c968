import {
  runPurgeMaintenance,
  runSyncMaintenance,
  type MaintenanceOptions,
  type SyncOutcome,
} from './storage-maintenance.ts';
import { mainThreadTasks } from './workers/main-thread-tasks.ts';
import { runTask } from './workers/run-task.ts';

/**
 * The visitor layer's maintenance (spec 000 §4, §7): the purge, then the sync, each in its worker
 * when one can start and on the main thread otherwise, each failure logged. A part of the visitor
 * layer that its script loads only when the record or the cookies ask for one of them
 * (storage-maintenance.ts maintenanceDue): in the script-tag build it is a script of its own,
 * dist/pravesh-visitor-maintenance.js (lazy-parts.ts).
 */
export interface LayerMaintenanceOptions extends Omit<MaintenanceOptions, 'runPurge' | 'runSync'> {
  /** Worker script URLs; without them the tasks run on the main thread. */
  workers?: { purge?: string | undefined; sync?: string | undefined } | undefined;
}

/** Answers the sync's outcome (nothing merged when it failed). */
export async function maintainStorage(options: LayerMaintenanceOptions): Promise<SyncOutcome> {
  const { logger } = options;
  const maintenance: MaintenanceOptions = {
    ...options,
    runPurge: (input) => runTask(mainThreadTasks.purge, input, { url: options.workers?.purge }),
    runSync: (input) => runTask(mainThreadTasks.sync, input, { url: options.workers?.sync }),
  };
  await runPurgeMaintenance(maintenance).catch((error: unknown) => logger.warn('purge failed', error));
  return runSyncMaintenance(maintenance).catch((error: unknown): SyncOutcome => {
    logger.warn('sync failed', error);
    return { ran: false, sites: [] };
  });
}
