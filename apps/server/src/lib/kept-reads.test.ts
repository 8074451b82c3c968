import { describe, expect, it } from 'vitest';
import type { GenerationCounter } from './generations.ts';
import { createKeptReads, ENTRY_OVERHEAD_BYTES } from './kept-reads.ts';

/** A counter that stays on one generation until bumped. */
function steadyCounter(): GenerationCounter {
  let generation = 1;
  return {
    current: () => Promise.resolve(String(generation)),
    bump: () => {
      generation += 1;
      return Promise.resolve();
    },
    maxKeptMs: 60_000,
  };
}

/** Reads `key` through `kept`, answering `value` when it loads; says whether it loaded. */
async function loads(
  kept: ReturnType<typeof createKeptReads<string>>,
  counter: GenerationCounter,
  key: string,
  value = 'v',
): Promise<boolean> {
  let loaded = false;
  await kept.read(key, counter, () => {
    loaded = true;
    return Promise.resolve(value);
  });
  return loaded;
}

describe('kept reads', () => {
  it('answers a second read from memory while the generation holds, and reads again after a bump', async () => {
    const counter = steadyCounter();
    const kept = createKeptReads<string>({ maxEntries: 10, maxBytes: 100_000 });
    expect(await loads(kept, counter, 'a')).toBe(true);
    expect(await loads(kept, counter, 'a')).toBe(false);
    await counter.bump();
    expect(await loads(kept, counter, 'a')).toBe(true);
  });

  it('keeps at most maxEntries, letting the oldest go first', async () => {
    const counter = steadyCounter();
    const kept = createKeptReads<string>({ maxEntries: 3, maxBytes: 100_000 });
    for (const key of ['a', 'b', 'c', 'd']) await loads(kept, counter, key);
    expect(kept.size().entries).toBe(3);
    expect(await loads(kept, counter, 'b')).toBe(false);
    expect(await loads(kept, counter, 'a')).toBe(true);
  });

  it('keeps at most maxBytes, however few the entries: large values push the oldest out', async () => {
    const counter = steadyCounter();
    const large = 'x'.repeat(1_000);
    const entryBytes = ENTRY_OVERHEAD_BYTES + 2 * 1 + 2 * JSON.stringify(large).length;
    const kept = createKeptReads<string>({ maxEntries: 1_000, maxBytes: 3 * entryBytes });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await loads(kept, counter, key, large);
    expect(kept.size()).toEqual({ entries: 3, bytes: 3 * entryBytes });
    expect(await loads(kept, counter, 'e')).toBe(false);
    expect(await loads(kept, counter, 'b')).toBe(true);
  });

  it('answers a value larger than the whole bound without keeping it, or dropping what it keeps', async () => {
    const counter = steadyCounter();
    const kept = createKeptReads<string>({ maxEntries: 10, maxBytes: 2_000 });
    await loads(kept, counter, 'small');
    expect(await loads(kept, counter, 'huge', 'x'.repeat(5_000))).toBe(true);
    expect(await loads(kept, counter, 'huge', 'x'.repeat(5_000))).toBe(true);
    expect(await loads(kept, counter, 'small')).toBe(false);
    expect(kept.size().entries).toBe(1);
  });

  it('counts a value read again once, not twice, and frees everything on clear', async () => {
    const counter = steadyCounter();
    const kept = createKeptReads<string>({ maxEntries: 10, maxBytes: 100_000, sizeOf: () => 100 });
    await loads(kept, counter, 'a');
    await counter.bump();
    await loads(kept, counter, 'a');
    expect(kept.size()).toEqual({ entries: 1, bytes: ENTRY_OVERHEAD_BYTES + 2 + 100 });
    kept.clear();
    expect(kept.size()).toEqual({ entries: 0, bytes: 0 });
  });
});
