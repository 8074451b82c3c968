// @vitest-environment happy-dom
import { PraveshError } from '@pravesh/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

const VISITOR_SRC = 'https://cdn.example.in/sdk/pravesh-visitor.0123456789.js';
const globals = globalThis as Record<string, unknown>;

/** part-loader.ts as the visitor script would run it: `script` is document.currentScript while it loads. */
async function partLoader(script: HTMLScriptElement | null) {
  vi.resetModules();
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  const module = await import('./part-loader.ts');
  return module;
}

/** Intercepts the part's script tag: it loads (defining `globalName`) or fails, as `outcome` says. */
function interceptScripts(outcome: () => 'load' | 'error', globalName: string, part: unknown) {
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    added.push(script);
    queueMicrotask(() => {
      if (outcome() === 'load') {
        globals[globalName] = part;
        script.onload?.(new Event('load'));
      } else script.onerror?.(new Event('error'));
    });
    return node;
  });
  return added;
}

afterEach(() => {
  delete globals.PraveshVisitorStorage;
  vi.restoreAllMocks();
});

describe('visitor script parts', () => {
  it('adds a part once, beside the visitor script and with its nonce, and answers its global', async () => {
    const own = document.createElement('script');
    own.src = VISITOR_SRC;
    own.nonce = 'n0nce';
    const { scriptPart } = await partLoader(own);
    const part = { createSharedStorage: vi.fn() };
    const added = interceptScripts(() => 'load', 'PraveshVisitorStorage', part);
    const load = scriptPart('pravesh-visitor-storage.js', 'PraveshVisitorStorage');
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(part);
    expect(second).toBe(part);
    expect(await load()).toBe(part);
    expect(added).toHaveLength(1);
    expect(added[0]!.src).toBe('https://cdn.example.in/sdk/pravesh-visitor-storage.js');
    expect(added[0]!.nonce).toBe('n0nce');
  });

  it('reports a part that fails to load and tries again on the next call', async () => {
    const own = document.createElement('script');
    own.src = VISITOR_SRC;
    const { scriptPart } = await partLoader(own);
    let fail = true;
    const added = interceptScripts(() => (fail ? 'error' : 'load'), 'PraveshVisitorStorage', {});
    const load = scriptPart('pravesh-visitor-storage.js', 'PraveshVisitorStorage');
    await expect(load()).rejects.toThrow(new PraveshError('somethingWentWrong'));
    fail = false;
    await expect(load()).resolves.toEqual({});
    expect(added).toHaveLength(2);
  });

  it('needs the visitor script’s address to find its parts', async () => {
    const { scriptPart } = await partLoader(null);
    await expect(scriptPart('pravesh-visitor-storage.js', 'PraveshVisitorStorage')()).rejects.toThrow(
      '[src] is required',
    );
  });
});
