import { PraveshError } from '@pravesh/core';
import type { KeyValueStore } from './key-value-store.ts';

/**
 * The cross-storage client (spec 000 §7 "hub messages", §8, §9): a KeyValueStore over the hub
 * page (apps/hub) in a hidden iframe. Wire-compatible with zendesk/cross-storage: requests are
 * JSON strings `{id, method: "cross-storage:<name>", params}`, replies `{id, error, result}`; the
 * client posts `cross-storage:poll` every pollMs until the hub answers `cross-storage:ready`, and
 * closes on `cross-storage:unavailable`. Messages are sent only to the hub's origin and accepted
 * only from that origin and from the hub frame's window.
 */

export const CROSS_STORAGE_TIMEOUT_MS = 5000;
/** The activity layer waits far longer: its first read may wait for a slow hub (spec 000 §9). */
export const ACTIVITY_CROSS_STORAGE_TIMEOUT_MS = 600_000;
export const CROSS_STORAGE_POLL_MS = 1000;
export const STORAGE_POLL_TRIES = 5;
export const STORAGE_POLL_MS = 300;
export const VISIT_STORAGE_POLL_MS = 500;

export type CrossStorageMethod = 'get' | 'set' | 'del' | 'clear' | 'getKeys';

export interface MessageEventLike {
  data: unknown;
  origin: string;
  source: unknown;
}

export interface HubWindowLike {
  postMessage(message: string, targetOrigin: string): void;
}

/** The page's window as far as the client needs it. */
export interface ClientWindowLike {
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

export interface HubFrame {
  /** The hub frame's window (null until the frame exists). */
  readonly window: HubWindowLike | null;
  remove(): void;
}

export interface CrossStorageClientOptions {
  hubUrl: string;
  timeoutMs?: number;
  pollMs?: number;
  window?: ClientWindowLike;
  /**
   * Makes the hidden frame (default a hidden iframe appended to document.body) and calls `onLoad`
   * when the hub page has loaded. Polling starts then: until it, the frame holds about:blank, whose
   * origin is the embedding page's, so a message addressed to the hub's origin would be dropped
   * and Chromium would log an error in the page's console for each.
   */
  createFrame?: (url: string, onLoad: () => void) => HubFrame;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface CrossStorageClient extends KeyValueStore {
  /** Resolves once the hub is ready; rejects with "CrossStorageClient could not connect". */
  onConnect(): Promise<void>;
  clear(): Promise<void>;
  close(): void;
  readonly connected: boolean;
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: unknown;
}

function iframeFrame(url: string, onLoad: () => void): HubFrame {
  const frame = document.createElement('iframe');
  // display:none keeps it out of layout and the accessibility tree; it still loads and runs.
  frame.style.display = 'none';
  frame.onload = onLoad;
  frame.src = url;
  document.body.appendChild(frame);
  return {
    get window() {
      return frame.contentWindow;
    },
    remove: () => frame.remove(),
  };
}

/** The catalogue error for a hub's error text; other texts become plain errors. */
function hubError(text: string): Error {
  const permission = /^Invalid permissions for (\w+)$/.exec(text);
  if (permission) return new PraveshError('crossStoragePermission', { method: permission[1]! });
  return new Error(text);
}

export function createCrossStorageClient(options: CrossStorageClientOptions): CrossStorageClient {
  const hubOrigin = new URL(options.hubUrl).origin;
  const timeoutMs = options.timeoutMs ?? CROSS_STORAGE_TIMEOUT_MS;
  const pollMs = options.pollMs ?? CROSS_STORAGE_POLL_MS;
  const win: ClientWindowLike = options.window ?? window;
  const later = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const prefix = Math.random().toString(36).slice(2, 8);

  let connected = false;
  let closed = false;
  let closedError: Error = new PraveshError('crossStorageClosed');
  let nextId = 0;
  let pollTimer: unknown;
  const pending = new Map<string, Pending>();

  // The first poll waits for the hub page's load (see createFrame); the hub also says ready on load.
  const frame = (options.createFrame ?? iframeFrame)(options.hubUrl, poll);

  let settleConnect!: (error?: Error) => void;
  const connecting = new Promise<void>((resolve, reject) => {
    settleConnect = (error) => (error ? reject(error) : resolve());
  });
  // Callers that never ask for onConnect must not see an unhandled rejection.
  connecting.catch(() => undefined);

  const post = (message: string) => frame.window?.postMessage(message, hubOrigin);

  function poll(): void {
    if (connected || closed) return;
    post('cross-storage:poll');
    pollTimer = later(poll, pollMs);
  }

  const connectTimer = later(() => {
    if (!connected && !closed) {
      closed = true;
      closedError = new PraveshError('crossStorageConnect');
      settleConnect(closedError);
      stop();
    }
  }, timeoutMs);

  function stop(): void {
    cancel(pollTimer);
    cancel(connectTimer);
    win.removeEventListener('message', listener);
    for (const [id, request] of pending) {
      cancel(request.timer);
      request.reject(closedError);
      pending.delete(id);
    }
    frame.remove();
  }

  function listener(event: MessageEventLike): void {
    if (event.origin !== hubOrigin || event.source !== frame.window || typeof event.data !== 'string') return;
    const { data } = event;
    if (data === 'cross-storage:unavailable') {
      closed = true;
      closedError = new PraveshError('crossStorageNoLocalStorage');
      settleConnect(closedError);
      stop();
      return;
    }
    if (data === 'cross-storage:ready') {
      if (!connected && !closed) {
        connected = true;
        cancel(pollTimer);
        cancel(connectTimer);
        settleConnect();
      }
      return;
    }
    let reply: { id?: unknown; error?: unknown; result?: unknown };
    try {
      reply = JSON.parse(data) as typeof reply;
    } catch {
      return;
    }
    // Any JSON value parses; only an object with a string id is a reply (null?.id is undefined).
    if (typeof reply?.id !== 'string') return;
    const request = pending.get(reply.id);
    if (!request) return;
    pending.delete(reply.id);
    cancel(request.timer);
    if (reply.error)
      request.reject(hubError(typeof reply.error === 'string' ? reply.error : JSON.stringify(reply.error)));
    else request.resolve(reply.result);
  }

  win.addEventListener('message', listener);

  async function request(method: CrossStorageMethod, params: Record<string, unknown>): Promise<unknown> {
    if (closed) throw closedError;
    await connecting;
    if (closed) throw closedError;
    return new Promise((resolve, reject) => {
      const id = `${prefix}:${nextId++}`;
      const timer = later(() => {
        if (pending.delete(id)) reject(new PraveshError('crossStorageTimeout', { method }));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      post(JSON.stringify({ id, method: `cross-storage:${method}`, params }));
    });
  }

  return {
    get connected() {
      return connected;
    },
    onConnect: () => connecting,
    async get(keys) {
      if (keys.length === 0) return [];
      const result = await request('get', { keys: [...keys] });
      // The protocol answers one key with its value and several with an array.
      const values = keys.length === 1 ? [result] : Array.isArray(result) ? (result as unknown[]) : [];
      return keys.map((_, index) => {
        const value = values[index];
        return typeof value === 'string' ? value : null;
      });
    },
    async set(key, value) {
      await request('set', { key, value });
    },
    async del(keys) {
      await request('del', { keys: [...keys] });
    },
    async clear() {
      await request('clear', {});
    },
    async getKeys() {
      const result = await request('getKeys', {});
      return Array.isArray(result) ? result.filter((key): key is string => typeof key === 'string') : [];
    },
    close() {
      if (closed) return;
      closed = true;
      closedError = new PraveshError('crossStorageClosed');
      settleConnect(closedError);
      stop();
    },
  };
}

/**
 * Storage polling (spec 000 §9): tries `read` up to `tries` times, `intervalMs` apart (300 ms, or
 * VISIT_STORAGE_POLL_MS for the visit), until it gives a value; undefined when it never does.
 */
export async function pollStorage<T>(
  read: () => Promise<T | undefined> | T | undefined,
  options: { tries?: number; intervalMs?: number; setTimeout?: (callback: () => void, ms: number) => unknown } = {},
): Promise<T | undefined> {
  const tries = options.tries ?? STORAGE_POLL_TRIES;
  const intervalMs = options.intervalMs ?? STORAGE_POLL_MS;
  const later = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await new Promise<void>((resolve) => later(resolve, intervalMs));
    try {
      const value = await read();
      if (value !== undefined && value !== null) return value;
    } catch {
      // A failed read counts as a try.
    }
  }
  return undefined;
}

/**
 * Storage partitioning (ARCHITECTURE.md "Browser facts"): Chrome 115+, Firefox and Safari key a
 * third-party frame's storage by the top-level site, so the hub shares only between origins of one
 * site. Two top-level sites cannot compare notes without the server, so the check is local and
 * simple: the hub is partitioned from this page's point of view when it is on another *site*
 * (scheme + registrable domain, approximated by the last two host labels, three under a
 * second-level suffix such as .co.in) and the browser
 * partitions (every current engine does; a browser without `document.hasStorageAccess` predates
 * partitioning and storage access, so it counts as unpartitioned). When partitioned the visitor
 * layer relies on the server merge after sign-in (the sync flag) instead of the hub.
 */
export function isStoragePartitioned(
  hubUrl: string,
  pageUrl: string = location.href,
  doc: { hasStorageAccess?: unknown } | undefined = typeof document === 'undefined' ? undefined : document,
): boolean {
  const site = (url: URL) => {
    const labels = url.hostname.split('.');
    const secondLevel = labels.length > 2 && /^(co|com|net|org|gov|ac|edu)$/.test(labels[labels.length - 2]!);
    return `${url.protocol}//${labels.slice(secondLevel ? -3 : -2).join('.')}`;
  };
  if (site(new URL(hubUrl)) === site(new URL(pageUrl))) return false;
  return typeof doc?.hasStorageAccess === 'function';
}
