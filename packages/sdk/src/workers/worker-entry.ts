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
