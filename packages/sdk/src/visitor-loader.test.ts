// @vitest-environment happy-dom
import { PraveshError } from '@pravesh/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pravesh } from './client.ts';
import { loadVisitorLayer, loadVisitorModule, type VisitorModule } from './visitor-loader.ts';

const SRC = 'https://cdn.example.in/sdk/pravesh-visitor.js';
const globals = globalThis as Record<string, unknown>;

/** Intercepts the script tag: `outcome` decides whether it loads (defining the global) or fails. */
function interceptScripts(outcome: () => 'load' | 'error', module: Partial<VisitorModule>) {
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    added.push(script);
    queueMicrotask(() => {
      if (outcome() === 'load') {
        globals.PraveshVisitor = module;
        script.onload?.(new Event('load'));
      } else {
        script.onerror?.(new Event('error'));
      }
    });
    return node;
  });
  return added;
}

afterEach(() => {
  delete globals.PraveshVisitor;
  vi.restoreAllMocks();
});

describe('visitor loader', () => {
  it('adds the script once and builds the layer with the device hash and sibling workers', async () => {
    const createVisitorLayer = vi.fn(() => ({ started: true }));
    const added = interceptScripts(() => 'load', { createVisitorLayer } as never);
    const pravesh = {} as Pravesh;
    const layer = await loadVisitorLayer(pravesh, { cookieKey: 'k', src: SRC, nonce: 'n0nce' });
    expect(layer).toEqual({ started: true });
    expect(added).toHaveLength(1);
    expect(added[0]!.src).toBe(SRC);
    expect(added[0]!.nonce).toBe('n0nce');
    const [client, options] = createVisitorLayer.mock.calls[0]! as unknown as [unknown, Record<string, unknown>];
    expect(client).toBe(pravesh);
    expect(options).toMatchObject({
      cookieKey: 'k',
      workers: {
        purge: 'https://cdn.example.in/sdk/pravesh-purge-worker.js',
        sync: 'https://cdn.example.in/sdk/pravesh-sync-worker.js',
      },
    });
    expect(typeof options.deviceId).toBe('function');
    await loadVisitorModule(SRC);
    expect(added).toHaveLength(1);
  });

  it('fetches the shield config first when no cookie key overrides the served ones', async () => {
    const createVisitorLayer = vi.fn(() => ({ started: true }));
    interceptScripts(() => 'load', { createVisitorLayer } as never);
    const init = vi.fn(() => Promise.resolve({}));
    const pravesh = { init } as unknown as Pravesh;
    await loadVisitorLayer(pravesh, { src: SRC });
    expect(init).toHaveBeenCalledTimes(1);
    await loadVisitorLayer(pravesh, { src: SRC, cookieKeys: [{ kid: 'k1', key: 'k' }] });
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('reports a failed load and tries again on the next call', async () => {
    let fail = true;
    const added = interceptScripts(() => (fail ? 'error' : 'load'), { createVisitorLayer: vi.fn() });
    await expect(loadVisitorModule(SRC)).rejects.toThrow(new PraveshError('somethingWentWrong'));
    fail = false;
    await expect(loadVisitorModule(SRC)).resolves.toBeDefined();
    expect(added).toHaveLength(2);
  });

  it('needs a script address when it cannot tell its own', async () => {
    await expect(loadVisitorLayer({} as Pravesh, { cookieKey: 'k' })).rejects.toThrow('[src] is required');
  });
});
