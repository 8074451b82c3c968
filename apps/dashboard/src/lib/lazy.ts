import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * spec 001 §4 "Lazy screen loading: on a load failure the page reloads once (a session flag),
 * then the error is raised." A new deployment removes the old build's chunks; one reload fetches
 * the new index.html and its chunks. The flag stops a reload loop when the chunk is really gone.
 */
export const CHUNK_RELOAD_FLAG = 'myAccount:chunkReloaded';

export interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload(): void;
}

const browserEnv = (): ReloadEnv => ({ storage: sessionStorage, reload: () => location.reload() });

export async function loadOnceWithReload<T>(load: () => Promise<T>, env: ReloadEnv = browserEnv()): Promise<T> {
  try {
    const loaded = await load();
    env.storage.removeItem(CHUNK_RELOAD_FLAG);
    return loaded;
  } catch (error) {
    if (env.storage.getItem(CHUNK_RELOAD_FLAG) === null) {
      env.storage.setItem(CHUNK_RELOAD_FLAG, '1');
      env.reload();
      // The page is going away; never settle, so nothing renders the error meanwhile.
      return new Promise<T>(() => undefined);
    }
    env.storage.removeItem(CHUNK_RELOAD_FLAG);
    throw error;
  }
}

export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  env?: ReloadEnv,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadOnceWithReload(load, env));
}
