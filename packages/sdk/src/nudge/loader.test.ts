// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pravesh } from '../client.ts';
import { NUDGE_GLOBAL } from './constants.ts';
import { loadNudge, type NudgeModule, type NudgeWidget } from './loader.ts';

const SRC = 'https://api.example.in/sdk/widgets/pravesh-nudge.js';
const globals = globalThis as Record<string, unknown>;
const pravesh = { environment: 'local' } as Pravesh;

/** A page still loading: readyState is "interactive" until the test fires load. */
function loadingPage() {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
}

/** Every script a test added: failed after the test so the shared script loader starts afresh. */
const addedScripts: HTMLScriptElement[] = [];

/** Keeps the widget script out of happy-dom (it would fetch it) and plays the browser running it. */
function interceptScripts() {
  const added: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    added.push(node as unknown as HTMLScriptElement);
    addedScripts.push(node as unknown as HTMLScriptElement);
    return node;
  });
  return added;
}

function widgetModule() {
  const commands: string[] = [];
  const widget: NudgeWidget = {
    open: () => commands.push('open'),
    close: () => commands.push('close'),
    toggle: () => commands.push('toggle'),
    refresh: () => commands.push('refresh'),
    destroy: () => commands.push('destroy'),
  };
  const mountNudge = vi.fn<NudgeModule['mountNudge']>(() => Promise.resolve(widget));
  return { commands, mountNudge, run: () => (globals[NUDGE_GLOBAL] = { mountNudge }) };
}

afterEach(async () => {
  for (const script of addedScripts.splice(0)) script.dispatchEvent(new Event('error'));
  await Promise.resolve();
  vi.restoreAllMocks();
  delete globals[NUDGE_GLOBAL];
});

describe('the nudge loader', () => {
  it('adds the widget script only after the load event, and replays queued calls in order', async () => {
    loadingPage();
    const scripts = interceptScripts();
    const module = widgetModule();
    const handle = loadNudge(pravesh, { src: SRC, nonce: 'n0nce' });
    handle.open();
    handle.toggle();
    expect(scripts).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(scripts.map((script) => script.src)).toEqual([SRC]);
    expect(scripts[0]!.nonce).toBe('n0nce');
    module.run();
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(handle.ready).resolves.toBe(true);
    expect(module.commands).toEqual(['open', 'toggle']);
    handle.close();
    expect(module.commands).toEqual(['open', 'toggle', 'close']);
    expect(module.mountNudge.mock.calls[0]![0]).toMatchObject({ pravesh, document });
  });

  it('a first interaction loads it before the load event', () => {
    loadingPage();
    const scripts = interceptScripts();
    loadNudge(pravesh, { src: SRC });
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('load'));
    expect(scripts).toHaveLength(1);
  });

  it('after the load event has passed, loads in the next task', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const scripts = interceptScripts();
    loadNudge(pravesh, { src: SRC });
    expect(scripts).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(scripts).toHaveLength(1);
  });

  it('the widget switch off: no script, ready is false, calls do nothing', async () => {
    loadingPage();
    const scripts = interceptScripts();
    const handle = loadNudge(pravesh, { src: SRC, enabled: false });
    handle.open();
    window.dispatchEvent(new Event('load'));
    await expect(handle.ready).resolves.toBe(false);
    expect(scripts).toHaveLength(0);
  });

  it('destroyed before the script arrives: nothing loads and the queue is dropped', async () => {
    loadingPage();
    const scripts = interceptScripts();
    const handle = loadNudge(pravesh, { src: SRC });
    handle.open();
    handle.destroy();
    window.dispatchEvent(new Event('load'));
    await expect(handle.ready).resolves.toBe(false);
    expect(scripts).toHaveLength(0);
  });

  it('a script that fails to load answers ready false', async () => {
    loadingPage();
    const scripts = interceptScripts();
    const handle = loadNudge(pravesh, { src: SRC });
    window.dispatchEvent(new Event('keydown'));
    scripts[0]!.dispatchEvent(new Event('error'));
    await expect(handle.ready).resolves.toBe(false);
  });
});
