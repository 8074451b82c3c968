import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/instance.ts';
import { createRateLimiter, type RateLimiter } from './index.ts';

const REDIS_URL = process.env.REDIS_URL;
const HOUR = 3_600_000;

type Variant = { name: string; redis: boolean; kind: (typeof DATABASE_KINDS)[number] };
const VARIANTS: Variant[] = [
  ...DATABASE_KINDS.map((kind) => ({ name: `database (${kind})`, redis: false, kind })),
  ...(REDIS_URL ? [{ name: 'redis', redis: true, kind: 'pglite' as const }] : []),
];

describe.each(VARIANTS)('rate limiter: $name', (variant) => {
  let database: TestDatabase;
  let at = Date.UTC(2026, 10, 21);
  const now = () => at;
  const limiters: RateLimiter[] = [];
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  /** A limiter as one server instance would have it; all share the store and the prefix. */
  const instance = () => {
    const limiter = createRateLimiter({
      redisUrl: variant.redis ? REDIS_URL : undefined,
      db: database.db,
      prefix,
      now,
    });
    limiters.push(limiter);
    return limiter;
  };

  beforeAll(async () => {
    database = await createTestDatabase(variant.kind);
  });
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
    await database?.dispose();
  });

  it('reports its kind', () => {
    expect(instance().kind).toBe(variant.redis ? 'redis' : 'database');
  });

  it('allows `limit` hits in a sliding window and says when the next one fits', async () => {
    const limiter = instance();
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await limiter.consume('sliding', 5, HOUR));
      at += 10 * 60_000;
    }
    expect(results.map((result) => [result.allowed, result.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [true, 4],
      [true, 5],
    ]);
    // 50 minutes after the first hit: refused until the first leaves the window 10 minutes on.
    const refused = await limiter.consume('sliding', 5, HOUR);
    expect(refused).toEqual({ allowed: false, count: 5, retryAfterMs: 10 * 60_000 });
    at += 10 * 60_000 - 1;
    expect((await limiter.consume('sliding', 5, HOUR)).allowed).toBe(false);
    at += 1;
    expect(await limiter.consume('sliding', 5, HOUR)).toEqual({ allowed: true, count: 5, retryAfterMs: 0 });
  });

  it('counts the hits inside a window without recording one', async () => {
    const limiter = instance();
    expect(await limiter.count('counted', HOUR)).toBe(0);
    await limiter.consume('counted', 5, HOUR);
    at += 30 * 60_000;
    await limiter.consume('counted', 5, HOUR);
    expect(await limiter.count('counted', HOUR)).toBe(2);
    expect(await limiter.count('counted', HOUR)).toBe(2);
    // The first hit leaves the window an hour after it was made.
    at += 30 * 60_000;
    expect(await limiter.count('counted', HOUR)).toBe(1);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const limiter = instance();
    expect((await limiter.consume('a', 1, 30_000)).allowed).toBe(true);
    expect((await limiter.consume('b', 1, 30_000)).allowed).toBe(true);
    expect((await limiter.consume('a', 1, 30_000)).allowed).toBe(false);
    await limiter.reset('a');
    expect((await limiter.consume('a', 1, 30_000)).allowed).toBe(true);
  });

  it('holds across instances sharing the store, also under concurrent hits', async () => {
    const first = instance();
    const second = instance();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).consume('shared', 7, HOUR)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(7);
    expect((await instance().consume('shared', 7, HOUR)).allowed).toBe(false);
  });
});
