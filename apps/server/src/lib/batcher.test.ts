import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPraveshError } from '@pravesh/core';
import { BatchFailedError, createBatcher, createWriteBatcher } from './batcher.ts';
import { retryAfterSecondsOf } from './outage.ts';

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

  it('rejects every caller of a failing batch, and later batches still work', async () => {
    let fail = true;
    const batcher = createBatcher({
      maxWaitMs: 1,
      flush: (items: readonly number[]) =>
        fail ? Promise.reject(new Error('database is down')) : Promise.resolve(items.map(String)),
    });
    const failed = await Promise.allSettled([batcher.add(1), batcher.add(2), batcher.add(3)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of failed) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(BatchFailedError);
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
    await expect(throwing.add(1)).rejects.toThrow('batch of 1 failed');
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
    await expect(writer.add(3)).rejects.toBeInstanceOf(BatchFailedError);
  });

  it('logs a failed batch once, without its items, and tells each caller only its class and code', async () => {
    const lines: Array<{ level: string; details: object; message: string }> = [];
    const log = {
      warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
      error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
    };
    // What drizzle throws: the statement and its parameters in the message, the driver's error as cause.
    const driverError = Object.assign(new Error('invalid input syntax for type uuid: "visitor-7"'), { code: '22P02' });
    const failing = createBatcher<string, void>({
      name: 'visits',
      log,
      maxWaitMs: 1,
      flush: (items) =>
        Promise.reject(
          new Error(`Failed query: insert into visits … params: ${items.join(',')}`, { cause: driverError }),
        ),
    });
    const callers = ['visitor-7', 'visitor-8', 'visitor-9'].map((item) => failing.add(item));
    const reasons = (await Promise.allSettled(callers)).map(
      (result) => (result as PromiseRejectedResult).reason as unknown,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', message: 'write batch failed' });
    expect(lines[0]!.details).toEqual({ batch: 'visits', size: 3, failure: { name: 'Error', code: '22P02' } });
    for (const reason of reasons) {
      expect(reason).toBeInstanceOf(BatchFailedError);
      expect((reason as BatchFailedError).code).toBe('22P02');
      expect(JSON.stringify({ message: (reason as Error).message, cause: (reason as Error).cause })).not.toMatch(
        /visitor-|insert/,
      );
    }

    // A dependency outage: logged once as one, each caller refused with 503 and Retry-After.
    lines.length = 0;
    const outage = createBatcher<string, void>({
      name: 'visits',
      log,
      maxWaitMs: 1,
      flush: () =>
        Promise.reject(
          new Error('Failed query: … params: visitor-7', { cause: new Error('Connection terminated unexpectedly') }),
        ),
    });
    const refused = await Promise.allSettled([outage.add('visitor-7'), outage.add('visitor-8')]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', details: { batch: 'visits', size: 2 } });
    expect(JSON.stringify(lines)).not.toContain('visitor-');
    for (const result of refused) {
      const reason = (result as PromiseRejectedResult).reason as Error;
      expect(isPraveshError(reason) && reason.key).toBe('serviceUnavailable');
    }
  });

  it('refuses at once, with 503 and Retry-After, what finds the queue at its bound; never writes it', async () => {
    const { flush, release, batches } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 0, maxConcurrentFlushes: 1, maxQueued: 2 });
    const inFlight = batcher.add(1);
    const queued = [batcher.add(2), batcher.add(3)];
    const [refused] = await Promise.allSettled([batcher.add(4)]);
    const reason = (refused as PromiseRejectedResult).reason as Error;
    expect(isPraveshError(reason) && reason.key).toBe('serviceUnavailable');
    expect(retryAfterSecondsOf(reason as never)).toBeGreaterThanOrEqual(1);
    release();
    await inFlight;
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await expect(Promise.all(queued)).resolves.toEqual([20, 30]);
    expect(batches.flat()).toEqual([1, 2, 3]);
    expect(batcher.stats.refused).toBe(1);
  });

  it('refuses, unsent, an item that waited maxQueueWaitMs behind a stuck batch', async () => {
    vi.useFakeTimers();
    const { flush, release, batches } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 0, maxConcurrentFlushes: 1, maxQueueWaitMs: 1000 });
    const stuck = batcher.add(1);
    const early = batcher.add(2).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(600);
    let lateSettled = false;
    const late = batcher.add(3).catch((error: unknown) => {
      lateSettled = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(500);
    await expect(early).resolves.toMatchObject({ key: 'serviceUnavailable' });
    expect(lateSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    await expect(late).resolves.toMatchObject({ key: 'serviceUnavailable' });
    release();
    await expect(stuck).resolves.toBe(10);
    expect(batches).toEqual([[1]]);
  });

  it('drops, unsent, a queued item whose caller has gone by the time its batch is formed', async () => {
    const { flush, release, batches } = recorder();
    const batcher = createBatcher({ flush, maxWaitMs: 0, maxConcurrentFlushes: 1 });
    const first = batcher.add(1);
    let gone = false;
    const abandoned = batcher.add(2, () => gone).catch((error: unknown) => error);
    const kept = batcher.add(3, () => false);
    gone = true;
    release();
    await first;
    await expect(abandoned).resolves.toMatchObject({ key: 'serviceUnavailable' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await expect(kept).resolves.toBe(30);
    expect(batches).toEqual([[1], [3]]);
  });

  it('answers since when it has made no progress while work is pending; failures are no progress', async () => {
    vi.useFakeTimers();
    let fail = true;
    const pending: Array<() => void> = [];
    const batcher = createBatcher<number, number>({
      maxWaitMs: 0,
      maxConcurrentFlushes: 1,
      flush: (items) =>
        new Promise((resolve, reject) =>
          pending.push(() => (fail ? reject(new Error('statement timeout')) : resolve(items))),
        ),
    });
    const settle = async () => {
      pending.splice(0).forEach((finish) => finish());
      await vi.advanceTimersByTimeAsync(0);
    };
    expect(batcher.waitingSince()).toBeUndefined();
    const began = performance.now();
    const first = batcher.add(1).catch(() => 'failed');
    const second = batcher.add(2).catch(() => 'failed');
    expect(batcher.waitingSince()).toBe(began);
    await vi.advanceTimersByTimeAsync(5000);
    // The first batch fails and the second goes out: still no progress since the work began.
    await settle();
    await expect(first).resolves.toBe('failed');
    expect(batcher.waitingSince()).toBe(began);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    await expect(second).resolves.toBe(2);
    expect(batcher.waitingSince()).toBeUndefined();
    // Work after an idle spell counts from its own start.
    await vi.advanceTimersByTimeAsync(1000);
    const third = batcher.add(3);
    expect(batcher.waitingSince()).toBe(performance.now());
    await settle();
    await expect(third).resolves.toBe(3);
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
            else expect(outcome.reason).toBeInstanceOf(BatchFailedError);
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
