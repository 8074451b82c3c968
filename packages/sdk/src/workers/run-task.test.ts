import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runTask, type WorkerLike } from './run-task.ts';
import { serveTask } from './worker-entry.ts';

const double = (input: { n: number }) => ({ doubled: input.n * 2 });
const refusedWorker = (): WorkerLike => {
  throw new Error('SecurityError');
};

/** A worker that runs `compute` through serveTask, messages crossing as they would (asynchronously). */
function fakeWorker(compute: (input: never) => unknown, log: string[] = []): WorkerLike {
  const scope = { onmessage: null as ((event: { data: unknown }) => void) | null, postMessage: (_: unknown) => {} };
  serveTask(compute, scope);
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      log.push('posted');
      scope.postMessage = (reply) => queueMicrotask(() => worker.onmessage?.({ data: reply }));
      queueMicrotask(() => scope.onmessage?.({ data: structuredClone(message) }));
    },
    terminate: () => log.push('terminated'),
  };
  return worker;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('runTask', () => {
  it('runs in the worker and terminates it', async () => {
    const log: string[] = [];
    const compute = vi.fn(double);
    const result = await runTask(compute, { n: 21 }, { url: '/w.js', createWorker: () => fakeWorker(double, log) });
    expect(result).toEqual({ doubled: 42 });
    expect(compute).not.toHaveBeenCalled();
    expect(log).toEqual(['posted', 'terminated']);
  });

  it('runs on the main thread without a worker URL or when the worker cannot start', async () => {
    expect(await runTask(double, { n: 1 })).toEqual({ doubled: 2 });
    const refused = () => {
      throw new Error('SecurityError');
    };
    expect(await runTask(double, { n: 2 }, { url: '/w.js', createWorker: refused })).toEqual({ doubled: 4 });
  });

  it('falls back when the worker errors, answers nonsense or stays silent', async () => {
    const broken: WorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: () => queueMicrotask(() => broken.onerror?.({})),
      terminate: () => {},
    };
    expect(await runTask(double, { n: 3 }, { url: '/w.js', createWorker: () => broken })).toEqual({ doubled: 6 });
    const odd: WorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: () => queueMicrotask(() => odd.onmessage?.({ data: 'hi' })),
      terminate: () => {},
    };
    expect(await runTask(double, { n: 4 }, { url: '/w.js', createWorker: () => odd })).toEqual({ doubled: 8 });
    const silent: WorkerLike = { onmessage: null, onerror: null, postMessage: () => {}, terminate: vi.fn() };
    const pending = runTask(double, { n: 5 }, { url: '/w.js', createWorker: () => silent, timeoutMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toEqual({ doubled: 10 });
    expect(silent.terminate).toHaveBeenCalled();
  });

  it('waits for a main-thread task that answers later, as one that loads its task script first does', async () => {
    const later = (input: { n: number }) => Promise.resolve(double(input));
    expect(await runTask(later, { n: 6 })).toEqual({ doubled: 12 });
    expect(await runTask(later, { n: 7 }, { url: '/w.js', createWorker: () => refusedWorker() })).toEqual({
      doubled: 14,
    });
  });

  it('passes a task failure on instead of running it twice', async () => {
    const failing = () => {
      throw new Error('bad snapshot');
    };
    await expect(runTask(failing, {}, { url: '/w.js', createWorker: () => fakeWorker(failing) })).rejects.toThrow(
      'bad snapshot',
    );
    await expect(runTask(failing, {})).rejects.toThrow('bad snapshot');
  });
});
