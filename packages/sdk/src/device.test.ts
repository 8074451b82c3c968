// @vitest-environment happy-dom
import {
  deriveSiteKey,
  deviceComponentsSchema,
  encryptDevice,
  hashDevice,
  passTokenClaimsSchema,
  sha256Hex,
  type DeviceComponents,
} from '@pravesh/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectDeviceComponents,
  DEVICE_CACHE_KEY,
  fitComponents,
  getDevicePayload,
  MAX_COMPONENTS_BYTES,
} from './device.ts';

function fake2dContext(calls: string[]): CanvasRenderingContext2D {
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name}(${args.map(String).join(',')})`);
  return {
    fillRect: record('fillRect'),
    fillText: record('fillText'),
    beginPath: record('beginPath'),
    arc: record('arc'),
    closePath: record('closePath'),
    fill: record('fill'),
  } as unknown as CanvasRenderingContext2D;
}

function fakeWebgl(vendor: string): WebGLRenderingContext {
  const constants = { VENDOR: 1, RENDERER: 2, MAX_VIEWPORT_DIMS: 3 };
  return {
    ...constants,
    getParameter: (name: number) => (name === 1 ? vendor : name === 3 ? new Int32Array([16384, 16384]) : 7),
    getExtension: () => null,
    getSupportedExtensions: () => ['OES_texture_float'],
  } as unknown as WebGLRenderingContext;
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  document.cookie = '_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('collectDeviceComponents', () => {
  it('collects every component of the schema', async () => {
    const components = await collectDeviceComponents();
    expect(Object.keys(components).sort()).toEqual(Object.keys(deviceComponentsSchema.shape).sort());
    expect(deviceComponentsSchema.parse(components)).toEqual(components);
    expect(components).toMatchObject({
      language: navigator.language,
      cpuCount: navigator.hardwareConcurrency,
      memory: 0,
      cookiesEnabled: true,
      batterySupported: false,
      localStorageAvailable: true,
      sessionStorageAvailable: true,
      timezoneOffset: new Date().getTimezoneOffset(),
      clientId: '',
    });
  });

  it('caps the screen at 7681 × 4321', async () => {
    vi.spyOn(window, 'screen', 'get').mockReturnValue({ width: 10_000, height: 9_000, colorDepth: 30 } as Screen);
    expect(await collectDeviceComponents()).toMatchObject({ screenWidth: 7681, screenHeight: 4321, colorDepth: 30 });
    vi.spyOn(window, 'screen', 'get').mockReturnValue({ width: 1366, height: 768, colorDepth: 24 } as Screen);
    expect(await collectDeviceComponents()).toMatchObject({ screenWidth: 1366, screenHeight: 768, colorDepth: 24 });
  });

  it('hashes what was drawn on the canvas and the WebGL parameters', async () => {
    const calls: string[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
      kind === '2d' ? fake2dContext(calls) : kind === 'webgl' ? fakeWebgl('Acme GPU') : null) as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');

    const first = await collectDeviceComponents();
    expect(calls.some((call) => call.startsWith('fillText(Pravesh'))).toBe(true);
    expect(calls).toContain('arc(50,30,25,0,6.283185307179586,true)');
    expect(first.canvasHash).toBe(await sha256Hex('data:image/png;base64,AAAA'));
    expect(first.webglHash).toMatch(/^[0-9a-f]{64}$/);

    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
      kind === 'webgl' ? fakeWebgl('Other GPU') : null) as never);
    const second = await collectDeviceComponents();
    expect(second.webglHash).toMatch(/^[0-9a-f]{64}$/);
    expect(second.webglHash).not.toBe(first.webglHash);
    expect(second.canvasHash).toBe('');
  });

  it('gives empty hashes where canvas and WebGL are unavailable', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(await collectDeviceComponents()).toMatchObject({ canvasHash: '', webglHash: '' });
  });

  it('reads navigator details and the _ga cookie', async () => {
    vi.spyOn(navigator, 'hardwareConcurrency', 'get').mockReturnValue(12);
    vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(5);
    Object.defineProperty(navigator, 'deviceMemory', { value: 8, configurable: true });
    Object.defineProperty(navigator, 'getBattery', { value: () => Promise.resolve({}), configurable: true });
    document.cookie = '_ga=GA1.2.1234.5678';
    try {
      expect(await collectDeviceComponents()).toMatchObject({
        cpuCount: 12,
        memory: 8,
        touch: true,
        batterySupported: true,
        clientId: 'GA1.2.1234.5678',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'deviceMemory');
      Reflect.deleteProperty(navigator, 'getBattery');
    }
  });

  it('flags a small storage quota as private mode', async () => {
    const estimate = vi.fn(() => Promise.resolve({ quota: 50 * 1024 * 1024, usage: 0 }));
    Object.defineProperty(navigator, 'storage', { value: { estimate }, configurable: true });
    try {
      expect((await collectDeviceComponents()).privateMode).toBe(true);
      estimate.mockResolvedValue({ quota: 10 * 1024 ** 3, usage: 0 });
      expect((await collectDeviceComponents()).privateMode).toBe(false);
      estimate.mockRejectedValue(new Error('blocked'));
      expect((await collectDeviceComponents()).privateMode).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  it('never throws when browser APIs are missing or refuse', async () => {
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(navigator, 'plugins', 'get').mockImplementation(refuse);
    vi.spyOn(navigator, 'mimeTypes', 'get').mockImplementation(refuse);
    vi.spyOn(navigator, 'language', 'get').mockImplementation(refuse);
    vi.spyOn(window, 'screen', 'get').mockImplementation(refuse);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(refuse);
    // Safari's old private mode: storage exists but every write throws QuotaExceededError.
    vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue({ setItem: refuse, removeItem: refuse } as never);
    vi.spyOn(document, 'cookie', 'get').mockImplementation(refuse);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(refuse);

    const components = await collectDeviceComponents();
    expect(components).toMatchObject({
      canvasHash: '',
      webglHash: '',
      plugins: [],
      mimeTypes: [],
      language: '',
      screenWidth: 0,
      screenHeight: 0,
      colorDepth: 0,
      localStorageAvailable: false,
      sessionStorageAvailable: false,
      clientId: '',
    });
    expect(deviceComponentsSchema.parse(components)).toEqual(components);
  });
});

describe('fitComponents', () => {
  it('keeps the sealed device within the pass token claim limit', async () => {
    const many = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix} ${index} ${'é'.repeat(240)}`);
    const base = await collectDeviceComponents();
    const fitted = fitComponents({ ...base, plugins: many('plugin', 64), mimeTypes: many('type', 128) });
    expect(new TextEncoder().encode(JSON.stringify(fitted)).length).toBeLessThanOrEqual(MAX_COMPONENTS_BYTES);
    expect(fitted.plugins.length).toBeGreaterThan(0);
    const key = await deriveSiteKey('master', 1);
    const sealed = await encryptDevice(key, await hashDevice(fitted));
    expect(passTokenClaimsSchema.shape.device.safeParse(sealed).success).toBe(true);
  });

  it('leaves ordinary components alone', async () => {
    const components = await collectDeviceComponents();
    expect(fitComponents(components)).toEqual(components);
  });
});

describe('getDevicePayload', () => {
  const components: DeviceComponents = {
    canvasHash: 'c',
    webglHash: '',
    plugins: [],
    language: 'hi-IN',
    cpuCount: 4,
    memory: 4,
    touch: true,
    mimeTypes: [],
    cookiesEnabled: true,
    batterySupported: true,
    screenWidth: 412,
    screenHeight: 915,
    timezoneOffset: -330,
    colorDepth: 24,
    localStorageAvailable: true,
    sessionStorageAvailable: true,
    privateMode: false,
    clientId: '',
  };
  let time = 0;
  const now = () => time;
  const collect = vi.fn(() => Promise.resolve(components));

  beforeEach(() => {
    time = 1_700_000_000_000;
    collect.mockClear();
  });

  it('is the hash of the components', async () => {
    expect(await getDevicePayload({ now, collect })).toEqual(await hashDevice(components));
  });

  it('is served from session storage within 60 s and collected again after', async () => {
    const first = await getDevicePayload({ now, collect });
    expect(JSON.parse(sessionStorage.getItem(DEVICE_CACHE_KEY)!)).toEqual({ at: time, payload: first });

    time += 59_999;
    expect(await getDevicePayload({ now, collect })).toEqual(first);
    expect(collect).toHaveBeenCalledTimes(1);

    time += 1;
    await getDevicePayload({ now, collect });
    expect(collect).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sessionStorage.getItem(DEVICE_CACHE_KEY)!)).toMatchObject({ at: time });
  });

  it('collects again when the cache is corrupt or from the future', async () => {
    sessionStorage.setItem(DEVICE_CACHE_KEY, '{not json');
    await getDevicePayload({ now, collect });
    sessionStorage.setItem(DEVICE_CACHE_KEY, JSON.stringify({ at: time, payload: { hash: 'x', components } }));
    await getDevicePayload({ now, collect });
    const payload = await hashDevice(components);
    sessionStorage.setItem(DEVICE_CACHE_KEY, JSON.stringify({ at: time + 1, payload }));
    await getDevicePayload({ now, collect });
    expect(collect).toHaveBeenCalledTimes(3);
  });

  it('works without storage', async () => {
    await getDevicePayload({ now, collect, storage: null });
    await getDevicePayload({ now, collect, storage: null });
    expect(collect).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(DEVICE_CACHE_KEY)).toBeNull();
  });
});
