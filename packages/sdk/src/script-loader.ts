import { PraveshError } from '@pravesh/core';

/**
 * Adds a lazily loaded script (visitor layer, sign-on client, sign-in widget) once: concurrent
 * calls share the pending load, a loaded script answers from its global, and after a failure the
 * next call tries again.
 */
export function createScriptLoader<T>(loaded: () => T | undefined): (src: string, nonce?: string) => Promise<T> {
  let loading: Promise<T> | undefined;
  return (src, nonce) => {
    const existing = loaded();
    if (existing) return Promise.resolve(existing);
    loading ??= new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      if (nonce) script.nonce = nonce;
      script.onload = () => {
        const module = loaded();
        if (module) resolve(module);
        else reject(new PraveshError('somethingWentWrong'));
      };
      script.onerror = () => reject(new PraveshError('somethingWentWrong'));
      document.head.appendChild(script);
    }).finally(() => {
      loading = undefined;
    });
    return loading;
  };
}
