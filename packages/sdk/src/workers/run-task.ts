import type { TaskReply } from './worker-entry.ts';

/**
 * Runs a pure task in a Web Worker so a large cookie or storage snapshot is worked through off the
 * main thread (spec 000 §7: the sync and purge workers). Where no worker can run — no Worker API,
 * no script URL, a Content-Security-Policy without worker-src, a worker that fails to load or
 * answer — the same function runs on the main thread instead: the result is the same either way.
 */
export interface WorkerLike {
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

export interface RunTaskOptions {
  /** The worker script (dist/pravesh-purge-worker.js or dist/pravesh-sync-worker.js). */
  url?: string | undefined;
  createWorker?: (url: string) => WorkerLike;
  /** A worker that has not answered by then is given up for the main thread. Default 10 s. */
  timeoutMs?: number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A worker for a script URL. A page may not start a worker from another origin (the SDK is often
 * served from a CDN): then a same-origin blob worker imports the script, which classic workers may
 * do across origins.
 */
export function createScriptWorker(url: string): WorkerLike {
  try {
    return new Worker(url) as unknown as WorkerLike;
  } catch {
    const blobUrl = URL.createObjectURL(
      new Blob([`importScripts(${JSON.stringify(new URL(url, location.href).href)});`], { type: 'text/javascript' }),
    );
    const worker = new Worker(blobUrl) as unknown as WorkerLike;
    const terminate = worker.terminate.bind(worker);
    worker.terminate = () => {
      terminate();
      URL.revokeObjectURL(blobUrl);
    };
    return worker;
  }
}

function canStartWorkers(): boolean {
  return typeof Worker !== 'undefined';
}

/** `compute` is the task as the main thread runs it; it may answer later (a task script it loads first). */
export function runTask<I, O>(
  compute: (input: I) => O | PromiseLike<O>,
  input: I,
  options: RunTaskOptions = {},
): Promise<O> {
  const inline = () => new Promise<O>((resolve) => resolve(compute(input)));
  const { url } = options;
  if (!url || (!options.createWorker && !canStartWorkers())) return inline();
  const schedule = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let worker: WorkerLike;
  try {
    worker = (options.createWorker ?? createScriptWorker)(url);
  } catch {
    return inline();
  }
  return new Promise<O>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      cancel(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      outcome();
    };
    const fallBack = () =>
      finish(() => {
        inline().then(resolve, reject);
      });
    const timer = schedule(fallBack, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    worker.onerror = fallBack;
    worker.onmessage = (event) => {
      const reply = event.data as TaskReply<O> | undefined;
      if (reply?.ok === true) finish(() => resolve(reply.result));
      else if (reply?.ok === false) finish(() => reject(new Error(reply.error)));
      else fallBack();
    };
    try {
      worker.postMessage(input);
    } catch {
      fallBack();
    }
  });
}
