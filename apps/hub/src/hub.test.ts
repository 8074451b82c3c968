// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { HUB_CONFIG_ELEMENT_ID, readHubConfig, startHub, type HubConfig, type HubMessageEvent } from './hub.ts';

const SITE_A = 'http://localhost:4100';
const ALL = ['get', 'set', 'del', 'clear', 'getKeys'];

interface Posted {
  message: string;
  targetOrigin: string;
}

function setup(config: HubConfig, storage: () => Storage = () => localStorage) {
  localStorage.clear();
  let listener: ((event: HubMessageEvent) => void) | undefined;
  const toParent: Posted[] = [];
  const started = startHub({
    config,
    storage,
    parent: { postMessage: (message, targetOrigin) => toParent.push({ message, targetOrigin }) },
    target: { addEventListener: (_type, handler) => (listener = handler) },
  });
  /** Sends one message from `origin` and returns what the hub posted back to its source. */
  function send(origin: string, data: unknown): Posted[] {
    const replies: Posted[] = [];
    listener?.({
      data,
      origin,
      source: { postMessage: (message, targetOrigin) => replies.push({ message, targetOrigin }) },
    });
    return replies;
  }
  const call = (origin: string, id: string, method: string, params: unknown = {}) => {
    const [reply, ...rest] = send(origin, JSON.stringify({ id, method: `cross-storage:${method}`, params }));
    expect(rest).toEqual([]);
    expect(reply?.targetOrigin).toBe(origin);
    return JSON.parse(reply!.message) as { id: string; error: string | null; result: unknown };
  };
  return { started, toParent, send, call };
}

describe('cross-storage hub', () => {
  const config: HubConfig = {
    permissions: [
      { origin: SITE_A, allow: ALL },
      { origin: 'http://localhost:4101', allow: ['get'] },
      { origin: 'https://example.in', includeSubdomain: true, allow: ALL },
    ],
  };

  it('signals ready on load and answers a poll with ready to the poller’s origin', () => {
    const hub = setup(config);
    expect(hub.started).toBe(true);
    expect(hub.toParent).toEqual([{ message: 'cross-storage:ready', targetOrigin: '*' }]);
    expect(hub.send(SITE_A, 'cross-storage:poll')).toEqual([{ message: 'cross-storage:ready', targetOrigin: SITE_A }]);
  });

  it('runs set, get, getKeys, del and clear for an allowed origin (zendesk reply shapes)', () => {
    const { call } = setup(config);
    expect(call(SITE_A, 'a1', 'set', { key: 'k1', value: 'v1' })).toEqual({ id: 'a1', error: null, result: null });
    call(SITE_A, 'a2', 'set', { key: 'k2', value: 'v2' });
    expect(call(SITE_A, 'a3', 'get', { keys: ['k1'] }).result).toBe('v1');
    expect(call(SITE_A, 'a4', 'get', { keys: ['k1', 'k2', 'none'] }).result).toEqual(['v1', 'v2', null]);
    expect((call(SITE_A, 'a5', 'getKeys').result as string[]).sort()).toEqual(['k1', 'k2']);
    call(SITE_A, 'a6', 'del', { keys: ['k1'] });
    expect(call(SITE_A, 'a7', 'get', { keys: ['k1'] }).result).toBeNull();
    call(SITE_A, 'a8', 'clear');
    expect(call(SITE_A, 'a9', 'getKeys').result).toEqual([]);
  });

  it('refuses a method the origin may not use and any unknown origin, replying to that origin only', () => {
    const { call } = setup(config);
    expect(call('http://localhost:4101', 'b1', 'set', { key: 'k', value: 'v' })).toEqual({
      id: 'b1',
      error: 'Invalid permissions for set',
      result: null,
    });
    expect(call('http://localhost:4101', 'b2', 'get', { keys: ['k'] }).error).toBeNull();
    expect(call('http://127.0.0.1:4100', 'b3', 'get', { keys: ['k'] }).error).toBe('Invalid permissions for get');
    expect(call(SITE_A, 'b4', 'evil').error).toBe('Invalid permissions for evil');
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('allows subdomains only where configured, on the same scheme and port', () => {
    const { call } = setup(config);
    expect(call('https://cards.example.in', 'c1', 'get', { keys: ['k'] }).error).toBeNull();
    expect(call('http://cards.example.in', 'c2', 'get', { keys: ['k'] }).error).toBe('Invalid permissions for get');
    expect(call('https://evilexample.in', 'c3', 'get', { keys: ['k'] }).error).toBe('Invalid permissions for get');
  });

  it('ignores non-string data, malformed JSON and opaque origins', () => {
    const { send } = setup(config);
    expect(send(SITE_A, { id: 1, method: 'cross-storage:get' })).toEqual([]);
    expect(send(SITE_A, '{not json')).toEqual([]);
    expect(send('null', 'cross-storage:poll')).toEqual([]);
  });

  it('sends unavailable when localStorage cannot be used', () => {
    const hub = setup(config, () => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(hub.started).toBe(false);
    expect(hub.toParent).toEqual([{ message: 'cross-storage:unavailable', targetOrigin: '*' }]);
  });

  it('reads its config from the page’s JSON element; a broken one permits nothing', () => {
    document.body.innerHTML = `<script type="application/json" id="${HUB_CONFIG_ELEMENT_ID}">{"permissions":[{"origin":"${SITE_A}","allow":["get"]}]}</script>`;
    expect(readHubConfig(document)).toEqual({ permissions: [{ origin: SITE_A, allow: ['get'] }] });
    document.body.innerHTML = `<script type="application/json" id="${HUB_CONFIG_ELEMENT_ID}">{oops</script>`;
    expect(readHubConfig(document)).toEqual({ permissions: [] });
  });
});
