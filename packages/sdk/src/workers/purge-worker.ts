/** Entry of dist/pravesh-purge-worker.js (spec 000 §7: "Two background workers (sync, purge)"). */
import { planPurge } from './purge-task.ts';
import { PURGE_TASK_GLOBAL } from './task-scripts.ts';
import { taskScript } from './worker-entry.ts';

taskScript(planPurge, PURGE_TASK_GLOBAL);
