import { isPraveshError } from '@pravesh/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createCrossStorageClient,
  isStoragePartitioned,
  pollStorage,
  type ClientWindowLike,
  type CrossStorageClientOptions,
  type MessageEventLike,
} from './cross-storage-client.ts';

const HUB_URL = 'http://localhost:4000/hub';
const HUB_ORIGIN = 'http://localhost:4000';

interface FakeHubOptions {
  /** Answers polls with ready (default true). */
  ready?: boolean;
  /** Sends unavailable on the first poll. */
  unavailable?: boolean;
  /** Never answers requests. */
  silent?: boolean;
  /** Methods refused with "Invalid permissions for <method>". */
  refuse?: string[];
}

/** A page window and a hub frame that speak the zendesk/cross-storage protocol over a memory map. */
function fakeHub(hub: FakeHubOptions = {}) {
  const listeners = new Set<(event: MessageEventLike) => void>();
  const pageWindow: ClientWindowLike = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const values = new Map<string, string>();
  const sent: { message: string; targetOrigin: string }[] = [];
  let removed = false;
  const deliver = (data: string, origin = HUB_ORIGIN, source: unknown = frameWindow) =>
    queueMicrotask(() => {
      for (const listener of [...listeners]) listener({ data, origin, source });
    });
  const frameWindow = {
    postMessage(message: string, targetOrigin: string) {
      sent.push({ message, targetOrigin });
      if (message === 'cross-storage:poll') {
        if (hub.unavailable) deliver('cross-storage:unavailable');
        else if (hub.ready !== false) deliver('cross-storage:ready');
        return;
      }
      if (hub.silent) return;
      const { id, method, params } = JSON.parse(message) as {
        id: string;
        method: string;
        params: { keys?: string[]; key?: string; value?: string };
      };
      const name = method.replace('cross-storage:', '');
      let result: unknown = null;
      if (hub.refuse?.includes(name)) {
        deliver(JSON.stringify({ id, error: `Invalid permissions for ${name}`, result: null }));
        return;
      }
      if (name === 'get') {
        const found = (params.keys ?? []).map((key) => values.get(key) ?? null);
        result = found.length > 1 ? found : found[0];
      } else if (name === 'set') values.set(params.key!, params.value!);
      else if (name === 'del') for (const key of params.keys ?? []) values.delete(key);
      else if (name === 'clear') values.clear();
      else if (name === 'getKeys') result = [...values.keys()];
      deliver(JSON.stringify({ id, error: null, result }));
    },
  };
  const options = (extra: Partial<CrossStorageClientOptions> = {}): CrossStorageClientOptions => ({
    hubUrl: HUB_URL,
    window: pageWindow,
    // The hub page "loads" at once, as a cached page would.
    createFrame: (_url, onLoad) => {
      queueMicrotask(onLoad);
      return {
        window: frameWindow,
        remove: () => {
          removed = true;
        },
      };
    },
    ...extra,
  });
  return { options, values, sent, deliver, listeners, frameWindow, removed: () => removed };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('cross-storage client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls the hub, connects on ready and runs every method over the wire protocol', async () => {
    const hub = fakeHub();
    const client = createCrossStorageClient(hub.options());
    await client.onConnect();
    expect(client.connected).toBe(true);
    expect(hub.sent[0]).toEqual({ message: 'cross-storage:poll', targetOrigin: HUB_ORIGIN });

    await client.set('a', '1');
    await client.set('b', '2');
    expect(await client.get(['a'])).toEqual(['1']);
    expect(await client.get(['a', 'b', 'c'])).toEqual(['1', '2', null]);
    expect((await client.getKeys()).sort()).toEqual(['a', 'b']);
    await client.del(['a']);
    expect(await client.get(['a'])).toEqual([null]);
    await client.clear();
    expect(await client.getKeys()).toEqual([]);

    const request = JSON.parse(hub.sent.find((sent) => sent.message.includes('cross-storage:set'))!.message) as object;
    expect(request).toMatchObject({ method: 'cross-storage:set', params: { key: 'a', value: '1' } });
    expect(request).toHaveProperty('id');
    expect(hub.sent.every((sent) => sent.targetOrigin === HUB_ORIGIN)).toBe(true);
  });

  it('sends nothing to the hub frame before its page has loaded, then polls', async () => {
    const hub = fakeHub();
    let markLoaded!: () => void;
    const client = createCrossStorageClient(
      hub.options({
        createFrame: (_url, onLoad) => {
          markLoaded = onLoad;
          return { window: hub.frameWindow, remove: () => undefined };
        },
      }),
    );
    const done = client.set('a', '1');
    await vi.advanceTimersByTimeAsync(2500);
    expect(hub.sent).toEqual([]);
    expect(client.connected).toBe(false);
    markLoaded();
    await done;
    expect(client.connected).toBe(true);
    expect(hub.sent[0]).toEqual({ message: 'cross-storage:poll', targetOrigin: HUB_ORIGIN });
    expect(hub.values.get('a')).toBe('1');
  });

  it('polls every 1000 ms until ready, then stops polling', async () => {
    const hub = fakeHub({ ready: false });
    const client = createCrossStorageClient(hub.options());
    const polls = () => hub.sent.filter((sent) => sent.message === 'cross-storage:poll').length;
    await Promise.resolve(); // the frame's load
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(polls()).toBe(4);
    hub.deliver('cross-storage:ready');
    await client.onConnect();
    await vi.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(4);
  });

  it('fails with "CrossStorageClient could not connect" when no ready comes within 5000 ms', async () => {
    const hub = fakeHub({ ready: false });
    const client = createCrossStorageClient(hub.options());
    const connect = rejection(client.onConnect());
    const pendingGet = rejection(client.get(['a']));
    await vi.advanceTimersByTimeAsync(4999);
    expect(client.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await connect;
    expect(error.message).toBe('CrossStorageClient could not connect');
    expect(isPraveshError(error) && error.key).toBe('crossStorageConnect');
    expect((await pendingGet).message).toBe('CrossStorageClient could not connect');
    expect(hub.removed()).toBe(true);
    expect(hub.listeners.size).toBe(0);
  });

  it('times out a request the hub never answers with "Timeout: could not perform <method>"', async () => {
    const hub = fakeHub({ silent: true });
    const client = createCrossStorageClient(hub.options({ timeoutMs: 2000 }));
    await client.onConnect();
    const get = rejection(client.get(['a']));
    const set = rejection(client.set('a', '1'));
    await vi.advanceTimersByTimeAsync(2000);
    expect((await get).message).toBe('Timeout: could not perform get');
    expect((await set).message).toBe('Timeout: could not perform set');
  });

  it('rejects every call after close() with "CrossStorageClient has closed"', async () => {
    const hub = fakeHub({ silent: true });
    const client = createCrossStorageClient(hub.options());
    await client.onConnect();
    const inFlight = rejection(client.getKeys());
    client.close();
    expect((await inFlight).message).toBe('CrossStorageClient has closed');
    expect((await rejection(client.get(['a']))).message).toBe('CrossStorageClient has closed');
    expect(hub.removed()).toBe(true);
  });

  it('closes with "Closing client. Could not access localStorage in hub." on unavailable', async () => {
    const hub = fakeHub({ unavailable: true });
    const client = createCrossStorageClient(hub.options());
    const error = await rejection(client.onConnect());
    expect(error.message).toBe('Closing client. Could not access localStorage in hub.');
    expect((await rejection(client.set('a', '1'))).message).toBe(
      'Closing client. Could not access localStorage in hub.',
    );
  });

  it('turns a refusal into "Invalid permissions for <method>"', async () => {
    const hub = fakeHub({ refuse: ['del'] });
    const client = createCrossStorageClient(hub.options());
    const error = await rejection(client.del(['a']));
    expect(error.message).toBe('Invalid permissions for del');
    expect(isPraveshError(error) && error.key).toBe('crossStoragePermission');
  });

  it('ignores messages from another origin or another window', async () => {
    const hub = fakeHub({ ready: false });
    const client = createCrossStorageClient(hub.options());
    hub.deliver('cross-storage:ready', 'http://evil.example');
    hub.deliver('cross-storage:ready', HUB_ORIGIN, {});
    hub.deliver('cross-storage:unavailable', 'http://evil.example');
    await vi.advanceTimersByTimeAsync(10);
    expect(client.connected).toBe(false);
    hub.deliver('cross-storage:ready');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.connected).toBe(true);
  });

  it('ignores forged replies from another origin', async () => {
    const hub = fakeHub({ silent: true });
    const client = createCrossStorageClient(hub.options({ timeoutMs: 1000 }));
    await client.onConnect();
    const get = rejection(client.get(['a']));
    await vi.advanceTimersByTimeAsync(0);
    const request = JSON.parse(hub.sent.at(-1)!.message) as { id: string };
    hub.deliver(JSON.stringify({ id: request.id, error: null, result: 'forged' }), 'http://evil.example');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await get).message).toBe('Timeout: could not perform get');
  });
});

describe('pollStorage', () => {
  it('tries 5 times 300 ms apart, or 500 ms for the visit', async () => {
    const waits: number[] = [];
    const later = (callback: () => void, ms: number) => {
      waits.push(ms);
      callback();
    };
    let reads = 0;
    expect(await pollStorage(() => (++reads === 5 ? 'v' : undefined), { setTimeout: later })).toBe('v');
    expect(waits).toEqual([300, 300, 300, 300]);
    waits.length = 0;
    reads = 0;
    expect(await pollStorage(() => (reads++, undefined), { setTimeout: later, intervalMs: 500 })).toBeUndefined();
    expect(reads).toBe(5);
    expect(waits).toEqual([500, 500, 500, 500]);
  });

  it('counts a failed read as a try', async () => {
    let reads = 0;
    const value = await pollStorage(
      () => {
        if (++reads < 3) throw new Error('not yet');
        return 'ok';
      },
      { setTimeout: (callback) => callback() },
    );
    expect(value).toBe('ok');
    expect(reads).toBe(3);
  });
});

describe('isStoragePartitioned', () => {
  const partitioning = { hasStorageAccess: () => Promise.resolve(false) };
  it('is false for origins of one site, true across sites in a partitioning browser', () => {
    expect(isStoragePartitioned(HUB_URL, 'http://localhost:4101/', partitioning)).toBe(false);
    expect(isStoragePartitioned('https://hub.example.co.in/hub', 'https://cards.example.co.in/', partitioning)).toBe(
      false,
    );
    expect(isStoragePartitioned('https://hub.example.co.in/hub', 'https://other.co.in/', partitioning)).toBe(true);
    expect(isStoragePartitioned('https://hub.example.com/hub', 'https://cards.example.in/', partitioning)).toBe(true);
    expect(isStoragePartitioned('https://hub.example.com/hub', 'https://cards.example.in/', {})).toBe(false);
  });
});
