// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReactRuntimeLoader, REACT_RUNTIME_GLOBAL } from './react-runtime-loader.ts';

const ORIGIN = { src: 'https://api.example.in/sdk/widgets/pravesh-sign-in.js', nonce: 'n0nce' };
const RUNTIME = 'https://api.example.in/sdk/widgets/pravesh-react.js';
const globals = globalThis as Record<string, unknown>;
const runtimeScripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'));

/** The scripts the loader adds, kept out of happy-dom (which would try to fetch them). */
function interceptAddedScripts(): HTMLScriptElement[] {
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    added.push(node as unknown as HTMLScriptElement);
    return node;
  });
  return added;
}

/** Plays the browser: the script "runs" (defines the global) and fires load. */
function finishLoading(script: HTMLScriptElement, defineGlobal = true) {
  if (defineGlobal) globals[REACT_RUNTIME_GLOBAL] = { react: {} };
  script.dispatchEvent(new Event('load'));
}

afterEach(() => {
  vi.restoreAllMocks();
  delete globals[REACT_RUNTIME_GLOBAL];
  for (const script of runtimeScripts()) script.remove();
});

describe('the shared React runtime loader', () => {
  it('adds pravesh-react.js from beside the widget script once, with its nonce, for concurrent callers', async () => {
    const scripts = interceptAddedScripts();
    const ensure = createReactRuntimeLoader(ORIGIN, document);
    const first = ensure();
    const second = ensure();
    expect(scripts.map((script) => script.src)).toEqual([RUNTIME]);
    expect(scripts[0]!.nonce).toBe('n0nce');
    finishLoading(scripts[0]!);
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('adds nothing when the page already has the runtime (the consent panel loaded it)', async () => {
    globals[REACT_RUNTIME_GLOBAL] = { react: {} };
    await createReactRuntimeLoader(ORIGIN, document)();
    expect(runtimeScripts()).toHaveLength(0);
  });

  it('waits for a runtime script another loader already added instead of adding a second', async () => {
    const other = document.createElement('script');
    other.type = 'text/plain'; // happy-dom would try to fetch a real one
    other.src = RUNTIME;
    document.head.appendChild(other);
    const ready = createReactRuntimeLoader(ORIGIN, document)();
    expect(runtimeScripts()).toHaveLength(1);
    finishLoading(other);
    await expect(ready).resolves.toBeUndefined();
  });

  it('fails when the script fails, and tries again on the next call', async () => {
    const scripts = interceptAddedScripts();
    const ensure = createReactRuntimeLoader(ORIGIN, document);
    const failed = ensure();
    scripts[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('pravesh-react.js did not load');
    const retried = ensure();
    expect(scripts).toHaveLength(2);
    finishLoading(scripts[1]!, false);
    await expect(retried).rejects.toThrow('did not define PraveshReact');
  });

  it('refuses when it cannot tell where the runtime is', async () => {
    await expect(createReactRuntimeLoader(undefined, document)()).rejects.toThrow('cannot tell where');
  });
});
