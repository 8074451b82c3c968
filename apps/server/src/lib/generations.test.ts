import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER_AVAILABLE, startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { createGenerations, GENERATIONS_HASH_TAG, type Generations } from './generations.ts';
import { createKeptReads } from './kept-reads.ts';

/**
 * The change counters on a Redis of this test's own, which the test rolls back, flushes, cuts off
 * and stops behind their back: a generation once read never becomes current again after any of it
 * (lib/generations.ts 1.–6.). The two-instance tests show the same through the HTTP API.
 */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not within 5 s');
}

describe.skipIf(!REDIS_SERVER_AVAILABLE)('change counters whose Redis misbehaves', () => {
  let redis: PrivateRedis;
  const opened: Generations[] = [];
  let n = 0;
  /** Fresh generations on a prefix of their own, and the key of their counter "c". */
  const generations = (maxKeptMs?: number) => {
    const prefix = `g${(n += 1)}:`;
    const created = createGenerations({ embedded: false, redisUrl: redis.url, prefix, maxKeptMs });
    opened.push(created);
    return { generations: created, counter: created.counter('c'), key: `${prefix}${GENERATIONS_HASH_TAG}:c` };
  };
  const known = (tag: string | null) => tag !== null;

  beforeAll(async () => {
    redis = await startPrivateRedis();
  }, 30_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((created) => created.close()));
  });
  afterAll(() => redis?.dispose());

  it('never answers an old generation again once the counter went back, even to the same value', async () => {
    const { counter, key } = generations();
    const before = await eventually(() => counter.current(), known);
    const value = (await redis.admin.get(key))!;
    await redis.admin.set(key, String(BigInt(value) - 5n));
    // The lower value is a rollback: nothing known this time, and every tag of before is dead.
    expect(await counter.current()).toBeNull();
    await redis.admin.set(key, value);
    const after = await counter.current();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it('makes every tag stale when Redis loses its data (FLUSHALL), and recreates epoch and counter', async () => {
    const { counter, key } = generations();
    const before = await eventually(() => counter.current(), known);
    await redis.admin.flushall();
    expect(await counter.current()).toBeNull();
    const after = await eventually(() => counter.current(), known);
    expect(after).not.toBe(before);
    expect(await redis.admin.exists(key)).toBe(1);
  });

  it('treats an evicted counter as unknown and never returns to its old value by bumps', async () => {
    const { counter, key } = generations();
    const before = await eventually(() => counter.current(), known);
    await redis.admin.del(key);
    expect(await counter.current()).toBeNull();
    const seen = new Set<string | null>();
    for (let i = 0; i < 20; i += 1) {
      await counter.bump();
      seen.add(await counter.current());
    }
    // (A recreated counter below the highest value seen reads as a rollback once: null, then known.)
    expect(seen.has(before)).toBe(false);
    expect(await counter.current()).not.toBeNull();
  });

  it('moves by random steps, not by one', async () => {
    const { counter, key } = generations();
    await eventually(() => counter.current(), known);
    const steps: bigint[] = [];
    for (let i = 0; i < 5; i += 1) {
      const before = BigInt((await redis.admin.get(key))!);
      await counter.bump();
      steps.push(BigInt((await redis.admin.get(key))!) - before);
    }
    expect(steps.every((step) => step >= 1n)).toBe(true);
    expect(new Set(steps).size).toBeGreaterThan(1);
  });

  it('drops what it learnt when its connection to Redis is cut, though Redis kept its data', async () => {
    const { counter } = generations();
    const before = await eventually(() => counter.current(), known);
    await redis.admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    const after = await eventually(() => counter.current(), known);
    expect(after).not.toBe(before);
  });

  it('keeps a read no longer than maxKeptMs, even while its generation is current', async () => {
    const { counter } = generations(200);
    await eventually(() => counter.current(), known);
    const kept = createKeptReads<number>({ maxEntries: 10, maxBytes: 10_000 });
    let loads = 0;
    const read = () => kept.read('k', counter, () => Promise.resolve((loads += 1)));
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await read()).toBe(2);
  });

  it('answers a bump while Redis is down, keeps nothing meanwhile, and moves the counter once Redis is back', async () => {
    const { counter, key } = generations();
    await eventually(() => counter.current(), known);
    const value = (await redis.admin.get(key))!;
    // Stopped without persistence: back empty; the owed bump recreates the counter and moves it.
    await redis.stop();
    const started = performance.now();
    await counter.bump();
    expect(performance.now() - started).toBeLessThan(500);
    expect(await counter.current()).toBeNull();
    await redis.start();
    await eventually(
      () => redis.admin.exists(key),
      (exists) => exists === 1,
    );
    // Known again only once the owed bump landed (until then this instance keeps nothing).
    await eventually(() => counter.current(), known);
    expect(await redis.admin.get(key)).not.toBe(value);
  });
});
