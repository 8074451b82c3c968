import type { Codec } from '../lib/secure-storage.ts';

/**
 * spec 001 §3: "State is persisted locally under a key, encrypted outside the local environment,
 * with a 5000 ms restore time-out. A logout or reset empties it." One key holds the slices the
 * shell keeps (account, offer, user, utility); RTK Query's cache is never persisted.
 */
export const PERSIST_KEY = 'persist:myAccount';
export const RESTORE_TIMEOUT_MS = 5000;
export const PERSISTED_SLICES = ['account', 'offer', 'user', 'utility'] as const;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Persistence {
  /** The stored slices, or undefined (nothing stored, unreadable, or not read within 5000 ms). */
  restore(): Promise<Record<string, unknown> | undefined>;
  /** Writes are queued: the last state written wins. */
  write(state: Record<string, unknown>): Promise<void>;
  /** Removes the stored value and forgets its key; nothing is written after it (logout leaves the page). */
  purge(): Promise<void>;
}

export function createPersistence(options: {
  storage: StorageLike;
  codec: Codec;
  restoreTimeoutMs?: number;
}): Persistence {
  const { storage, codec } = options;
  let queue: Promise<void> = Promise.resolve();
  let purged = false;

  async function read(): Promise<Record<string, unknown> | undefined> {
    const stored = storage.getItem(PERSIST_KEY);
    if (stored === null) return undefined;
    const plain = await codec.decode(stored);
    if (plain === undefined) {
      // Not readable (another key, tampered): it helps no one, so it goes.
      storage.removeItem(PERSIST_KEY);
      return undefined;
    }
    try {
      const parsed = JSON.parse(plain) as unknown;
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    restore() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), options.restoreTimeoutMs ?? RESTORE_TIMEOUT_MS);
      });
      return Promise.race([read().catch(() => undefined), timedOut]).finally(() => clearTimeout(timer));
    },
    write(state) {
      if (purged) return queue;
      const picked = Object.fromEntries(PERSISTED_SLICES.map((name) => [name, state[name]]));
      queue = queue
        .then(async () => {
          const sealed = await codec.encode(JSON.stringify(picked));
          // A logout that ran while this was sealed wins: nothing is written back after it.
          if (!purged) storage.setItem(PERSIST_KEY, sealed);
        })
        .catch(() => undefined);
      return queue;
    },
    async purge() {
      purged = true;
      await queue;
      storage.removeItem(PERSIST_KEY);
      await codec.forget().catch(() => undefined);
    },
  };
}
