import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostIdle } from './host-idle.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A window with only the timers and, when given, requestIdleCallback. */
function fakeView(requestIdleCallback?: Window['requestIdleCallback']): Window {
  return { setTimeout: globalThis.setTimeout.bind(globalThis), requestIdleCallback } as unknown as Window;
}

describe('hostIdle', () => {
  it('waits for the host page’s idle callback, with the timeout as its deadline', async () => {
    const callbacks: { run: IdleRequestCallback; options?: IdleRequestOptions | undefined }[] = [];
    const view = fakeView((run, options) => callbacks.push({ run, options }));
    let resolved = false;
    const idle = hostIdle(view, 500).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.options).toEqual({ timeout: 500 });
    callbacks[0]!.run({ didTimeout: false, timeRemaining: () => 10 });
    await idle;
    expect(resolved).toBe(true);
  });

  it('resolves in a later task where the browser has no requestIdleCallback', async () => {
    vi.useFakeTimers();
    let resolved = false;
    const idle = hostIdle(fakeView(), 500).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    await idle;
    expect(resolved).toBe(true);
  });
});
