/** Entry of dist/pravesh-purge-worker.js (spec 000 §7: "Two background workers (sync, purge)"). */
import { planPurge } from './purge-task.ts';
import { serveTask } from './worker-entry.ts';

serveTask(planPurge);
