/**
 * The two task scripts (spec 000 §7: "Two background workers (sync, purge)"): the file each is
 * built to beside the visitor script, and the global it leaves its task on when a page loads it
 * with a script tag instead of starting it as a worker (worker-entry.ts taskScript). build.ts
 * builds them from TASK_SCRIPTS; a worker script takes only its global, so that it names no other
 * script (the build's seal renames scripts that name each other leaves first).
 */
export const PURGE_TASK_GLOBAL = 'PraveshPurgeTask';
export const SYNC_TASK_GLOBAL = 'PraveshSyncTask';

export const TASK_SCRIPTS = {
  purge: { entry: 'workers/purge-worker.ts', file: 'pravesh-purge-worker.js', globalName: PURGE_TASK_GLOBAL },
  sync: { entry: 'workers/sync-worker.ts', file: 'pravesh-sync-worker.js', globalName: SYNC_TASK_GLOBAL },
} as const;
