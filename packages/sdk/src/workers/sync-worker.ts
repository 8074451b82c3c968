/** Entry of dist/pravesh-sync-worker.js (spec 000 §7: "Two background workers (sync, purge)"). */
import { planSync } from './sync-task.ts';
import { serveTask } from './worker-entry.ts';

serveTask(planSync);
