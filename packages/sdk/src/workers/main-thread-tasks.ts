import { planPurge } from './purge-task.ts';
import { planSync } from './sync-task.ts';

/**
 * The purge and sync tasks as the maintenance runs them on the main thread, where no worker can
 * (run-task.ts). Bundled in here, which is what tests and the ES module build get; the script-tag
 * build of the maintenance part (packages/sdk/build.ts) instead adds the task's own worker script
 * to the page (worker-entry.ts taskScript), so the part does not carry both tasks a second time.
 */
export const mainThreadTasks: {
  purge: (
    input: Parameters<typeof planPurge>[0],
  ) => ReturnType<typeof planPurge> | Promise<ReturnType<typeof planPurge>>;
  sync: (input: Parameters<typeof planSync>[0]) => ReturnType<typeof planSync> | Promise<ReturnType<typeof planSync>>;
} = { purge: planPurge, sync: planSync };
