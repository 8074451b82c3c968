// @vitest-environment happy-dom
import { PraveshError } from '@pravesh/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pravesh } from '../client.ts';
import { loadSignOn, loadSignOnModule } from './loader.ts';
import { loadSignInWidget, type OpenSignInWidget } from './widget.ts';

const globals = globalThis as Record<string, unknown>;

/** Intercepts script tags: `outcome` decides whether one loads (defining `global`) or fails. */
function interceptScripts(outcome: () => 'load' | 'error', global: string, module: unknown) {
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    added.push(script);
    queueMicrotask(() => {
      if (outcome() === 'load') {
        globals[global] = module;
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
  delete globals.PraveshSso;
  delete globals.PraveshSignIn;
  vi.restoreAllMocks();
});

describe('sign-on loader (the core script)', () => {
  it('adds pravesh-sso.js once and creates the client with the page’s options', async () => {
    const createSignOn = vi.fn(() => ({ state: 'PENDING' }));
    const added = interceptScripts(() => 'load', 'PraveshSso', { createSignOn });
    const pravesh = {} as Pravesh;
    const visitor = Promise.resolve(undefined);
    const signOn = await loadSignOn(
      pravesh,
      { clientId: 'c' },
      { src: 'https://cdn.example.in/sdk/pravesh-sso.js', nonce: 'n', visitor },
    );
    expect(signOn).toEqual({ state: 'PENDING' });
    expect(added).toHaveLength(1);
    expect(added[0]!.src).toBe('https://cdn.example.in/sdk/pravesh-sso.js');
    expect(added[0]!.nonce).toBe('n');
    expect(createSignOn).toHaveBeenCalledWith(pravesh, { clientId: 'c' }, { nonce: 'n', visitor });
    await loadSignOnModule('https://cdn.example.in/sdk/pravesh-sso.js');
    expect(added).toHaveLength(1);
  });

  it('reports a failed load, tries again, and needs an address when it cannot tell its own', async () => {
    let fail = true;
    const added = interceptScripts(() => (fail ? 'error' : 'load'), 'PraveshSso', { createSignOn: vi.fn() });
    await expect(loadSignOnModule('https://cdn.example.in/x.js')).rejects.toThrow(
      new PraveshError('somethingWentWrong'),
    );
    fail = false;
    await expect(loadSignOnModule('https://cdn.example.in/x.js')).resolves.toBeDefined();
    expect(added).toHaveLength(2);
    delete globals.PraveshSso;
    await expect(loadSignOn({} as Pravesh, {})).rejects.toThrow('[src] is required');
  });
});

describe('sign-in widget loader', () => {
  it('loads the widget script once and hands back its openSignInWidget', async () => {
    const openSignInWidget = vi.fn<OpenSignInWidget>();
    const added = interceptScripts(() => 'load', 'PraveshSignIn', { openSignInWidget });
    const [first, second] = await Promise.all([
      loadSignInWidget('https://cdn.example.in/sdk/widgets/pravesh-sign-in.js'),
      loadSignInWidget('https://cdn.example.in/sdk/widgets/pravesh-sign-in.js'),
    ]);
    expect(first).toBe(openSignInWidget);
    expect(second).toBe(openSignInWidget);
    expect(added).toHaveLength(1);
  });

  it('refuses a script that did not define the widget', async () => {
    interceptScripts(() => 'load', 'PraveshSignIn', {});
    await expect(loadSignInWidget('https://cdn.example.in/w.js')).rejects.toThrow(
      new PraveshError('somethingWentWrong'),
    );
  });
});
