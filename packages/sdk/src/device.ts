import {
  capScreen,
  DEVICE_CACHE_MS,
  hashDevice,
  sha256Hex,
  type DeviceComponents,
  type DevicePayload,
} from '@pravesh/core';

/**
 * The device fingerprint of spec 000 §3: every component of core's deviceComponentsSchema, each
 * probe guarded so a browser without the API (or a privacy setting that makes it throw) yields
 * the neutral value instead of failing the request that needs a pass token.
 */

export const DEVICE_CACHE_KEY = 'pravesh:device';
/** Chromium-based private windows report a small storage quota; well below a normal profile's. */
const PRIVATE_MODE_QUOTA_BYTES = 120 * 1024 * 1024;
const PROBE_KEY = 'pravesh:probe';
/**
 * The pass token's `device` claim is at most 4096 characters (core passTokenClaimsSchema): base64url
 * of IV + ciphertext + tag of {hash, components}. 2900 bytes of components JSON keeps it below that.
 */
export const MAX_COMPONENTS_BYTES = 2900;

function probe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

async function probeAsync<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch {
    return fallback;
  }
}

function clampInt(value: unknown, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(Math.round(value), min), max) : 0;
}

function textList(items: Iterable<string>, maxItems: number): string[] {
  return Array.from(items, (item) => String(item).slice(0, 256)).slice(0, maxItems);
}

async function canvasHash(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 240;
  canvas.height = 60;
  const context = canvas.getContext('2d');
  if (!context) return '';
  // Text with an emoji, overlapping translucent shapes and a blend mode: font rendering,
  // anti-aliasing and compositing differ across GPUs, drivers and operating systems.
  context.textBaseline = 'top';
  context.font = "14px 'Arial'";
  context.fillStyle = '#f60';
  context.fillRect(125, 1, 62, 20);
  context.fillStyle = '#069';
  context.fillText('Pravesh <canvas> 1.0 \u{1F600}', 2, 15);
  context.fillStyle = 'rgba(102, 204, 0, 0.7)';
  context.fillText('Pravesh <canvas> 1.0 \u{1F600}', 4, 17);
  context.globalCompositeOperation = 'multiply';
  context.beginPath();
  context.arc(50, 30, 25, 0, Math.PI * 2, true);
  context.closePath();
  context.fill();
  return sha256Hex(canvas.toDataURL());
}

async function webglHash(): Promise<string> {
  const canvas = document.createElement('canvas');
  const gl = (canvas.getContext('webgl') ?? canvas.getContext('experimental-webgl')) as WebGLRenderingContext | null;
  if (!gl) return '';
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const parameters = [
    gl.VENDOR,
    gl.RENDERER,
    gl.VERSION,
    gl.SHADING_LANGUAGE_VERSION,
    gl.MAX_TEXTURE_SIZE,
    gl.MAX_RENDERBUFFER_SIZE,
    gl.MAX_VERTEX_ATTRIBS,
    gl.MAX_VARYING_VECTORS,
    gl.MAX_COMBINED_TEXTURE_IMAGE_UNITS,
    gl.MAX_VIEWPORT_DIMS,
    gl.ALIASED_LINE_WIDTH_RANGE,
    gl.ALIASED_POINT_SIZE_RANGE,
    ...(debug ? [debug.UNMASKED_VENDOR_WEBGL, debug.UNMASKED_RENDERER_WEBGL] : []),
  ].map((name) => gl.getParameter(name) as unknown);
  const described = JSON.stringify([parameters, gl.getSupportedExtensions() ?? []], (_key, value: unknown) =>
    ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value,
  );
  // Browsers cap live WebGL contexts (16 in Chromium); give this one back at once.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return sha256Hex(described);
}

function storageWorks(name: 'localStorage' | 'sessionStorage'): boolean {
  const storage = window[name];
  storage.setItem(PROBE_KEY, '1');
  storage.removeItem(PROBE_KEY);
  return true;
}

async function privateMode(): Promise<boolean> {
  const manager = navigator.storage as StorageManager | undefined;
  if (typeof manager?.estimate !== 'function') return false;
  const { quota } = await manager.estimate();
  return typeof quota === 'number' && quota > 0 && quota < PRIVATE_MODE_QUOTA_BYTES;
}

/** The Google Analytics client id cookie (`_ga`), '' when absent. */
function gaClientId(): string {
  for (const pair of document.cookie.split(';')) {
    const [name = '', ...rest] = pair.split('=');
    if (name.trim() !== '_ga') continue;
    const value = rest.join('=').trim();
    return probe(() => decodeURIComponent(value), value).slice(0, 128);
  }
  return '';
}

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Drops plugin and MIME type entries, longest list first, until the components fit the claim.
 * Current browsers expose a handful of fixed entries; this guards against old ones that list many.
 */
export function fitComponents(components: DeviceComponents): DeviceComponents {
  const plugins = [...components.plugins];
  const mimeTypes = [...components.mimeTypes];
  while (byteLength({ ...components, plugins, mimeTypes }) > MAX_COMPONENTS_BYTES) {
    if (plugins.length === 0 && mimeTypes.length === 0) break;
    (mimeTypes.length >= plugins.length ? mimeTypes : plugins).pop();
  }
  return { ...components, plugins, mimeTypes };
}

export async function collectDeviceComponents(): Promise<DeviceComponents> {
  const [canvas, webgl, isPrivate] = await Promise.all([
    probeAsync(canvasHash, ''),
    probeAsync(webglHash, ''),
    probeAsync(privateMode, false),
  ]);
  const { screenWidth, screenHeight } = probe(() => capScreen(window.screen.width, window.screen.height), {
    screenWidth: 0,
    screenHeight: 0,
  });
  return fitComponents({
    canvasHash: canvas,
    webglHash: webgl,
    plugins: probe(
      () =>
        textList(
          Array.from(navigator.plugins, (plugin) => plugin.name),
          64,
        ),
      [],
    ),
    language: probe(() => String(navigator.language ?? '').slice(0, 64), ''),
    cpuCount: probe(() => clampInt(navigator.hardwareConcurrency, 0, 1024), 0),
    memory: probe(() => {
      const memory = (navigator as Navigator & { deviceMemory?: unknown }).deviceMemory;
      return typeof memory === 'number' && Number.isFinite(memory) ? Math.min(Math.max(memory, 0), 4096) : 0;
    }, 0),
    touch: probe(() => navigator.maxTouchPoints > 0 || 'ontouchstart' in window, false),
    mimeTypes: probe(
      () =>
        textList(
          Array.from(navigator.mimeTypes, (mime) => mime.type),
          128,
        ),
      [],
    ),
    cookiesEnabled: probe(() => navigator.cookieEnabled === true, false),
    batterySupported: probe(() => 'getBattery' in navigator, false),
    screenWidth,
    screenHeight,
    timezoneOffset: probe(() => clampInt(new Date().getTimezoneOffset(), -1440, 1440), 0),
    colorDepth: probe(() => clampInt(window.screen.colorDepth, 0, 128), 0),
    localStorageAvailable: probe(() => storageWorks('localStorage'), false),
    sessionStorageAvailable: probe(() => storageWorks('sessionStorage'), false),
    privateMode: isPrivate,
    clientId: probe(gaClientId, ''),
  });
}

type CacheStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface DevicePayloadOptions {
  /** Milliseconds since the epoch; injectable so tests need no sleeps. */
  now?: () => number;
  /** Where the payload is cached; null disables caching. Defaults to sessionStorage. */
  storage?: CacheStorage | null;
  collect?: () => Promise<DeviceComponents>;
}

function defaultStorage(): CacheStorage | null {
  return probe(() => window.sessionStorage, null);
}

function readCache(storage: CacheStorage, time: number): DevicePayload | undefined {
  const cached = probe(() => JSON.parse(storage.getItem(DEVICE_CACHE_KEY) ?? 'null') as unknown, null);
  if (typeof cached !== 'object' || cached === null) return undefined;
  const { at, payload } = cached as { at?: unknown; payload?: Partial<DevicePayload> };
  if (typeof at !== 'number' || time < at || time - at >= DEVICE_CACHE_MS) return undefined;
  if (typeof payload?.hash !== 'string' || !/^[0-9a-f]{64}$/.test(payload.hash)) return undefined;
  if (typeof payload.components !== 'object' || payload.components === null) return undefined;
  return payload as DevicePayload;
}

/**
 * The hashed fingerprint for the pass token's `device` claim, kept in session storage for
 * DEVICE_CACHE_MS (spec 000 §9: "device metadata cache in session storage 60 s").
 */
export async function getDevicePayload(options: DevicePayloadOptions = {}): Promise<DevicePayload> {
  const { now = Date.now, storage = defaultStorage(), collect = collectDeviceComponents } = options;
  const time = now();
  const cached = storage ? readCache(storage, time) : undefined;
  if (cached) return cached;
  const payload = await hashDevice(await collect());
  if (storage) probe(() => storage.setItem(DEVICE_CACHE_KEY, JSON.stringify({ at: time, payload })), undefined);
  return payload;
}
