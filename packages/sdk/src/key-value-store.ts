/**
 * The async key-value interface shared storage is written against: the methods of the
 * cross-storage hub (spec 000 §7: set, get, del, getKeys), so the same code runs over this page's
 * localStorage now and over the hub client later. Values are strings, as localStorage keeps them.
 */
export interface KeyValueStore {
  /** One value per key, null where there is none. */
  get(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string): Promise<void>;
  del(keys: readonly string[]): Promise<void>;
  getKeys(): Promise<string[]>;
}

/** Storage-like: window.localStorage, or anything with its methods. */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Runs synchronous storage work as a promise: a throw becomes a rejection. */
function settle<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}

/**
 * A store over localStorage. The storage is looked up on each call: reading `localStorage` itself
 * throws in sandboxed frames and with storage blocked, and that surfaces as a rejected call.
 */
export function localStorageStore(storage: () => StorageLike = () => localStorage): KeyValueStore {
  return {
    get: (keys) =>
      settle(() => {
        const target = storage();
        return keys.map((key) => target.getItem(key));
      }),
    set: (key, value) => settle(() => storage().setItem(key, value)),
    del: (keys) =>
      settle(() => {
        const target = storage();
        for (const key of keys) target.removeItem(key);
      }),
    getKeys: () =>
      settle(() => {
        const target = storage();
        const keys: string[] = [];
        for (let i = 0; i < target.length; i++) {
          const key = target.key(i);
          if (key !== null) keys.push(key);
        }
        return keys;
      }),
  };
}

/** A store in memory: for tests, and where no storage is reachable. */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & {
  snapshot(): Record<string, string>;
} {
  const values = new Map(Object.entries(initial));
  return {
    get: (keys) => settle(() => keys.map((key) => values.get(key) ?? null)),
    set: (key, value) => settle(() => void values.set(key, value)),
    del: (keys) =>
      settle(() => {
        for (const key of keys) values.delete(key);
      }),
    getKeys: () => settle(() => [...values.keys()]),
    snapshot: () => Object.fromEntries(values),
  };
}

/** localStorage when this page can use it, memory otherwise (private modes, blocked storage). */
export function defaultStore(): KeyValueStore {
  try {
    const probe = 'pravesh:probe';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorageStore();
  } catch {
    return memoryStore();
  }
}
