/** Entry of dist/pravesh-sync-worker.js (spec 000 §7: "Two background workers (sync, purge)"). */
import { planSync } from './sync-task.ts';
import { SYNC_TASK_GLOBAL } from './task-scripts.ts';
import { taskScript } from './worker-entry.ts';

taskScript(planSync, SYNC_TASK_GLOBAL);
