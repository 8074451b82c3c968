// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultStore, localStorageStore, memoryStore, type KeyValueStore } from './key-value-store.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

async function exercise(store: KeyValueStore) {
  await store.set('a', '1');
  await store.set('b', '2');
  expect(await store.get(['a', 'missing', 'b'])).toEqual(['1', null, '2']);
  expect((await store.getKeys()).sort()).toEqual(['a', 'b']);
  await store.del(['a', 'missing']);
  expect(await store.getKeys()).toEqual(['b']);
}

describe('key-value stores', () => {
  it('work the same over localStorage and memory', async () => {
    await exercise(localStorageStore());
    expect(localStorage.getItem('b')).toBe('2');
    const memory = memoryStore();
    await exercise(memory);
    expect(memory.snapshot()).toEqual({ b: '2' });
  });

  it('turn a storage that throws into rejected calls', async () => {
    const blocked = localStorageStore(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await expect(blocked.get(['a'])).rejects.toThrow('blocked');
    await expect(blocked.set('a', '1')).rejects.toThrow('blocked');
    await expect(blocked.getKeys()).rejects.toThrow('blocked');
  });

  it('fall back to memory when localStorage cannot be written', async () => {
    const store = defaultStore();
    await store.set('x', '1');
    expect(localStorage.getItem('x')).toBe('1');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const fallback = defaultStore();
    await fallback.set('y', '1');
    expect(await fallback.get(['y'])).toEqual(['1']);
  });
});
