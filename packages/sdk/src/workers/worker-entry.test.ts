// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskScript } from './worker-entry.ts';

const globals = globalThis as Record<string, unknown>;
const double = (input: { n: number }) => ({ doubled: input.n * 2 });

afterEach(() => {
  delete globals.DoubleTask;
  vi.unstubAllGlobals();
});

describe('taskScript', () => {
  it('in a page, leaves the task on its global for the main thread to run', () => {
    taskScript(double, 'DoubleTask');
    expect(globals.DoubleTask).toBe(double);
    expect(globals.onmessage).toBeFalsy();
  });

  it('in a worker (no document), answers each message with the task’s result', () => {
    const posted: unknown[] = [];
    vi.stubGlobal('document', undefined);
    vi.stubGlobal('onmessage', null);
    vi.stubGlobal('postMessage', (message: unknown) => posted.push(message));
    taskScript(double, 'DoubleTask');
    expect(globals.DoubleTask).toBeUndefined();
    (globals.onmessage as (event: { data: unknown }) => void)({ data: { n: 21 } });
    expect(posted).toEqual([{ ok: true, result: { doubled: 42 } }]);
  });
});
