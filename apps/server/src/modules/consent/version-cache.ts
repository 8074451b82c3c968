import type { ContractVersionRow } from './store.ts';

/**
 * How long one instance answers a contract's latest version from memory (puckar/check
 * runs on every page with a consent panel; reading the version with every check held it to a tenth
 * of the no-op route's throughput). Published versions never change (the database refuses it), so
 * the only thing a cached entry can miss is a newer version: the instance that publishes (the
 * development route) forgets the entry at once, and every other instance, or the `contract` command
 * publishing on PostgreSQL, is seen within this window. A check in that second answers the version
 * before, which is still a published version a visitor may accept; the next check asks for the new one.
 */
export const CONTRACT_VERSION_TTL_MS = 1000;

export interface ContractVersionCache {
  /** The latest published version, or undefined when the contract has none (cached as well). */
  latest(contractId: string): Promise<ContractVersionRow | undefined>;
  /** Forget a contract's entry (after publishing on this instance). */
  invalidate(contractId: string): void;
}

/** Every cache of this process, so a publish here is seen at once by each app it runs. */
const liveCaches = new Set<{ invalidate(contractId: string): void }>();

/** A version was published from this process (the development route): forget it everywhere here. */
export function forgetPublishedVersion(contractId: string): void {
  for (const cache of liveCaches) cache.invalidate(contractId);
}

interface Entry {
  at: number;
  value: Promise<ContractVersionRow | undefined>;
}

export function createContractVersionCache(options: {
  load(contractId: string): Promise<ContractVersionRow | undefined>;
  now: () => number;
  ttlMs?: number;
  /** Contracts kept at most; a few per site exist, so this only bounds a flood of unknown ids. */
  maxEntries?: number;
}): ContractVersionCache {
  const ttl = options.ttlMs ?? CONTRACT_VERSION_TTL_MS;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();

  const cache: ContractVersionCache = {
    latest(contractId) {
      const at = options.now();
      const hit = entries.get(contractId);
      // A clock that moved backwards (tests, NTP) also refreshes.
      if (hit && at - hit.at < ttl && at >= hit.at) return hit.value;
      // Concurrent misses share one read; a failed read is not kept.
      const value = options.load(contractId);
      if (entries.size >= maxEntries) entries.clear();
      const entry = { at, value };
      entries.set(contractId, entry);
      value.catch(() => {
        if (entries.get(contractId) === entry) entries.delete(contractId);
      });
      return value;
    },
    invalidate(contractId) {
      entries.delete(contractId);
    },
  };
  liveCaches.add(cache);
  return cache;
}
