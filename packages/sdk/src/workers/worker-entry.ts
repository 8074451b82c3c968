/**
 * The inside of a task worker: one message in (the task's input), one message out —
 * { ok: true, result } or { ok: false, error }. Typed by hand so the SDK needs no WebWorker lib.
 */
export type TaskReply<O> = { ok: true; result: O } | { ok: false; error: string };

interface WorkerScope {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown): void;
}

export function serveTask<I, O>(compute: (input: I) => O, scope = globalThis as unknown as WorkerScope): void {
  scope.onmessage = (event) => {
    let reply: TaskReply<O>;
    try {
      reply = { ok: true, result: compute(event.data as I) };
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? error.message : 'task failed' };
    }
    scope.postMessage(reply);
  };
}

/**
 * A task script's entry. Started as a worker it serves its task (serveTask); added to a page with a
 * script tag, which the maintenance does where no worker can run (main-thread-tasks.ts), it leaves
 * the task on `globalName` instead, so the page runs the very code the worker would have.
 */
export function taskScript<I, O>(compute: (input: I) => O, globalName: string): void {
  if (typeof document === 'undefined') serveTask(compute);
  else (globalThis as Record<string, unknown>)[globalName] = compute;
}
