/**
 * One React runtime per page: every widget script reads React from the global
 * `PraveshReact`, which widgets/pravesh-react.js defines (consent/react-runtime.ts). A widget
 * script captures where it was loaded from as it runs; before it first renders, it adds
 * pravesh-react.js from the same folder, once, unless the runtime is already there (the consent
 * client loads it before the consent panel) or already being loaded by another script tag.
 */
export const REACT_RUNTIME_FILE = 'pravesh-react.js';
export const REACT_RUNTIME_GLOBAL = 'PraveshReact';

const runtimeLoaded = () => (globalThis as Record<string, unknown>)[REACT_RUNTIME_GLOBAL] !== undefined;

export interface RuntimeScriptOrigin {
  /** The widget script's own address; the runtime is beside it. */
  src: string;
  /** The widget script's CSP nonce, given to the runtime's script tag too. */
  nonce?: string | undefined;
}

/** Where the running classic script came from; undefined in a module or outside a browser. */
export function currentScriptOrigin(): RuntimeScriptOrigin | undefined {
  if (typeof document === 'undefined') return undefined;
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || script.src === '') return undefined;
  return { src: script.src, nonce: script.nonce || undefined };
}

function waitFor(script: HTMLScriptElement): Promise<void> {
  return new Promise((resolve, reject) => {
    script.addEventListener('load', () =>
      runtimeLoaded() ? resolve() : reject(new Error(`${REACT_RUNTIME_FILE} did not define ${REACT_RUNTIME_GLOBAL}`)),
    );
    script.addEventListener('error', () => reject(new Error(`${REACT_RUNTIME_FILE} did not load`)));
  });
}

/**
 * A function that resolves once the shared React runtime is on the page. Concurrent calls share
 * one load; after a failure the next call tries again.
 */
export function createReactRuntimeLoader(origin: RuntimeScriptOrigin | undefined, doc?: Document): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    if (runtimeLoaded()) return Promise.resolve();
    const page = doc ?? document;
    if (!origin) return Promise.reject(new Error(`cannot tell where ${REACT_RUNTIME_FILE} is`));
    const src = new URL(REACT_RUNTIME_FILE, origin.src).href;
    loading ??= (() => {
      const existing = Array.from(page.querySelectorAll<HTMLScriptElement>('script[src]')).find(
        (script) => script.src === src,
      );
      if (existing) return waitFor(existing);
      const script = page.createElement('script');
      script.src = src;
      script.async = true;
      if (origin.nonce) script.nonce = origin.nonce;
      const loaded = waitFor(script);
      page.head.appendChild(script);
      return loaded;
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  };
}
