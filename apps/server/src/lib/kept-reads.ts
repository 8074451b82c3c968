import type { GenerationCounter } from './generations.ts';

/**
 * Database reads kept in memory under a change counter's generation (lib/generations.ts): a read is
 * tagged with the generation read *before* it, and used only while the counter still answers that
 * generation, so a change committed meanwhile, here or on another instance, makes it stale rather
 * than hidden; and for at most the counter's `maxKeptMs` from the read, the last bound against a
 * rollback of the shared counters that no instance could see (lib/generations.ts). Without a
 * counter, or a known generation, every read goes to `load`. Bounded: past `maxEntries` the oldest
 * kept read goes. Used by puckar/check's ledger answers and the score tile's latest pulls.
 */
/** Told whether each read was answered from memory (metrics: pravesh_cache_lookups_total). */
export type CountLookup = (result: 'hit' | 'miss') => void;

export function createKeptReads<V>(maxEntries: number, countLookup?: CountLookup) {
  const kept = new Map<string, { generation: string; keptAt: number; value: V }>();
  return {
    async read(key: string, counter: GenerationCounter | undefined, load: () => Promise<V>): Promise<V> {
      const readAt = performance.now();
      const generation = (await counter?.current()) ?? null;
      if (generation !== null) {
        const hit = kept.get(key);
        if (hit?.generation === generation && readAt - hit.keptAt < counter!.maxKeptMs) {
          countLookup?.('hit');
          return hit.value;
        }
      }
      countLookup?.('miss');
      const value = await load();
      if (generation !== null) {
        kept.delete(key);
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        kept.set(key, { generation, keptAt: readAt, value });
      }
      return value;
    },
    /** Forget every kept read (this instance has just changed what they read). */
    clear(): void {
      kept.clear();
    },
  };
}
