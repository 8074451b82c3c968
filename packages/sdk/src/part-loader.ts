import { PraveshError } from '@pravesh/core';
import { createScriptLoader } from './script-loader.ts';

/**
 * Loads a part of the visitor layer built as a script of its own (lazy-parts.ts): a sibling of the
 * visitor script, added once with the visitor script's nonce, its exports read from its global.
 * The visitor script's address and nonce are knowable only while it first runs (a classic
 * script), so they are read then.
 */
const own =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript
    : undefined;

export function scriptPart<T>(file: string, globalName: string): () => Promise<T> {
  const load = createScriptLoader(() => (globalThis as Record<string, unknown>)[globalName] as T | undefined);
  return () =>
    own?.src
      ? load(new URL(file, own.src).href, own.nonce || undefined)
      : Promise.reject(new PraveshError('required', { list: 'src' }));
}
