import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_FLAG, loadOnceWithReload, type ReloadEnv } from './lazy.ts';

function env() {
  const items = new Map<string, string>();
  let reloads = 0;
  const reloadEnv: ReloadEnv = {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    reload: () => void reloads++,
  };
  return { reloadEnv, items, reloads: () => reloads };
}

const chunkGone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('lazy screens (spec 001 §4 "Lazy screen loading")', () => {
  it('reloads the page once on a chunk failure (a session flag), then raises the error', async () => {
    const first = env();
    let settled = false;
    void loadOnceWithReload(chunkGone, first.reloadEnv).finally(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(first.reloads()).toBe(1);
    expect(first.items.get(CHUNK_RELOAD_FLAG)).toBe('1');
    expect(settled).toBe(false);

    // After the reload the flag is there: the error reaches the error page, and the flag is cleared.
    await expect(loadOnceWithReload(chunkGone, first.reloadEnv)).rejects.toThrow('dynamically imported module');
    expect(first.reloads()).toBe(1);
    expect(first.items.has(CHUNK_RELOAD_FLAG)).toBe(false);
  });

  it('a successful load clears the flag', async () => {
    const page = env();
    page.items.set(CHUNK_RELOAD_FLAG, '1');
    await expect(loadOnceWithReload(() => Promise.resolve('screen'), page.reloadEnv)).resolves.toBe('screen');
    expect(page.items.has(CHUNK_RELOAD_FLAG)).toBe(false);
    expect(page.reloads()).toBe(0);
  });
});
