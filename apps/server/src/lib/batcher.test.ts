import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatcher, createWriteBatcher } from './batcher.ts';

/** A flush that records each batch and answers item * 10, settling when the test says so. */
function recorder() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  return {
    batches,
    release: () => pending.splice(0).forEach((resolve) => resolve()),
    flush: (items: readonly number[]) => {
      batches.push([...items]);
      return new Promise<number[]>((resolve) => pending.push(() => resolve(items.map((item) => item * 10))));
    },
  };
}

describe('batcher', () => {
  afterEach(() => vi.useRealTimers());

  it('coalesces items added together into one flush after maxWaitMs', async () => {
    vi.useFakeTimers();
    const flush = vi.fn((items: readonly number[]) => Promise.resolve(items.map((item) => item * 10)));
    const batcher = createBatcher({ flush, maxWaitMs: 2, maxBatchSize: 100 });
    const results = Promise.all([1, 2, 3].map((item) => batcher.add(item)));
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    await expect(results).resolves.toEqual([10, 20, 30]);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith([1, 2, 3]);
    expect(batcher.stats).toMatchObject({ batches: 1, items: 3, largestBatch: 3 });
  });

  it('flushes at once when maxBatchSize items are queued, without waiting for the timer', async () => {
    vi.useFakeTimers();
    const flush = vi.fn((items: readonly number[]) => Promise.resolve(items.map((item) => item + 1)));
    const batcher = createBatcher({ flush, maxWaitMs: 1_000, maxBatchSize: 4, maxConcurrentFlushes: 4 });
    const results = Promise.all(Array.from({ length: 8 }, (_, item) => batcher.add(item)));
    expect(flush).toHaveBeenCalledTimes(2);
    await expect(results).resolves.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(flush.mock.calls.map(([items]) => items)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
  });

  it('does not settle a caller before its batch has finished writing', async () => {
    const { flush, release } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 1 });
    let settled = false;
    const result = batcher.add(7).then((value) => {
      settled = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    release();
    await expect(result).resolves.toBe(70);
  });

  it('rejects every caller of a failing batch with its error, and later batches still work', async () => {
    let fail = true;
    const batcher = createBatcher({
      maxWaitMs: 1,
      flush: (items: readonly number[]) =>
        fail ? Promise.reject(new Error('database is down')) : Promise.resolve(items.map(String)),
    });
    const failed = await Promise.allSettled([batcher.add(1), batcher.add(2), batcher.add(3)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of failed)
      expect((result as PromiseRejectedResult).reason).toEqual(new Error('database is down'));
    fail = false;
    await expect(batcher.add(4)).resolves.toBe('4');
    expect(batcher.stats).toMatchObject({ batches: 2, failedBatches: 1 });
  });

  it('rejects the batch when flush throws synchronously or answers the wrong number of results', async () => {
    const throwing = createBatcher<number, number>({
      maxWaitMs: 1,
      flush: () => {
        throw new Error('sync');
      },
    });
    await expect(throwing.add(1)).rejects.toThrow('sync');
    const short = createBatcher<number, number>({ maxWaitMs: 1, flush: () => Promise.resolve([1]) });
    const results = await Promise.allSettled([short.add(1), short.add(2)]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });

  it('keeps at most maxConcurrentFlushes batches in flight and sends what queued meanwhile as one batch', async () => {
    const { flush, release, batches } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 1, maxConcurrentFlushes: 1 });
    const first = batcher.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((item) => batcher.add(item));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(batches).toEqual([[1]]);
    release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    release();
    await expect(Promise.all(rest)).resolves.toEqual([20, 30, 40, 50]);
  });

  it('with maxWaitMs 0 sends an item at once when a slot is free, and what queued meanwhile together', async () => {
    const { batches, flush, release } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 0, maxConcurrentFlushes: 1 });
    const first = batcher.add(1);
    expect(batches).toEqual([[1]]);
    const rest = [batcher.add(2), batcher.add(3)];
    expect(batches).toEqual([[1]]);
    release();
    await expect(first).resolves.toBe(10);
    expect(batches).toEqual([[1], [2, 3]]);
    release();
    await expect(Promise.all(rest)).resolves.toEqual([20, 30]);
  });

  it("with maxWaitMs 'turn' gathers what this event-loop turn adds, without a timer", async () => {
    const { batches, flush, release } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 'turn', maxConcurrentFlushes: 1 });
    const first = [batcher.add(1), batcher.add(2)];
    // Added from a promise callback of the same turn (as a request handler's continuation is).
    const third = Promise.resolve().then(() => batcher.add(3));
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);
    const later = batcher.add(4);
    release();
    await expect(Promise.all([...first, third])).resolves.toEqual([10, 20, 30]);
    // 4 arrived while the slot was busy: it leaves as soon as the slot frees.
    expect(batches).toEqual([[1, 2, 3], [4]]);
    release();
    await expect(later).resolves.toBe(40);
  });

  it('refuses a negative gathering wait', () => {
    expect(() => createBatcher({ flush: () => Promise.resolve([]), maxWaitMs: -1 })).toThrow('maxWaitMs');
  });

  it('createWriteBatcher settles each write once its batch is written, and rejects a failing batch', async () => {
    const written: number[][] = [];
    let fail = false;
    const writer = createWriteBatcher<number>(
      (items) => {
        written.push([...items]);
        return fail ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
      { maxWaitMs: 0, maxConcurrentFlushes: 1 },
    );
    await expect(Promise.all([writer.add(1), writer.add(2)])).resolves.toEqual([undefined, undefined]);
    expect(written).toEqual([[1], [2]]);
    fail = true;
    await expect(writer.add(3)).rejects.toThrow('boom');
  });

  it('drain() writes what is queued and waits for batches in flight', async () => {
    vi.useFakeTimers();
    const written: number[] = [];
    const batcher = createBatcher({
      maxWaitMs: 60_000,
      flush: (items: readonly number[]) => {
        written.push(...items);
        return Promise.resolve(items);
      },
    });
    const results = Promise.all([batcher.add(1), batcher.add(2)]);
    await batcher.drain();
    expect(written).toEqual([1, 2]);
    await expect(results).resolves.toEqual([1, 2]);
  });

  it('loses and duplicates nothing whatever the sizes, timings and failures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean()), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 1, 'turn' as const),
        async (plan, maxBatchSize, maxConcurrentFlushes, maxWaitMs) => {
          const seen: number[] = [];
          const batcher = createBatcher<number, number>({
            maxBatchSize,
            maxConcurrentFlushes,
            maxWaitMs,
            flush: async (items) => {
              await new Promise((resolve) => setTimeout(resolve, items.length % 3));
              seen.push(...items);
              // A batch fails when it holds an item planned to fail.
              if (items.some((item) => plan[item]![1])) throw new Error('boom');
              return items.map((item) => item * 2);
            },
          });
          const outcomes = await Promise.allSettled(
            plan.map(async ([delay], index) => {
              if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
              return batcher.add(index);
            }),
          );
          expect([...seen].sort((a, b) => a - b)).toEqual(plan.map((_, index) => index));
          outcomes.forEach((outcome, index) => {
            if (outcome.status === 'fulfilled') expect(outcome.value).toBe(index * 2);
            else expect(outcome.reason).toEqual(new Error('boom'));
          });
          // Every planned failure is rejected; every success belongs to a batch without one.
          plan.forEach(([, fails], index) => {
            if (fails) expect(outcomes[index]!.status).toBe('rejected');
          });
          expect(batcher.stats.items).toBe(plan.length);
          expect(batcher.stats.largestBatch).toBeLessThanOrEqual(maxBatchSize);
        },
      ),
      { numRuns: 60 },
    );
  });
});
