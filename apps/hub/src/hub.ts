/**
 * The cross-storage hub (spec 000 §5, §7, §8): the page the API serves at GET /hub, framed by the
 * configured site origins. Wire-compatible with zendesk/cross-storage: requests arrive as JSON
 * strings `{id, method: "cross-storage:get|set|del|clear|getKeys", params}` and are answered with
 * `{id, error, result}`; `cross-storage:poll` is answered with `cross-storage:ready`, and
 * `cross-storage:unavailable` is sent when localStorage cannot be used. Only configured origins may
 * call, each only the methods it is allowed, and every reply goes to the requester's exact origin.
 */

export const HUB_CONFIG_ELEMENT_ID = 'pravesh-hub-config';
export const HUB_METHODS = ['get', 'set', 'del', 'clear', 'getKeys'] as const;
export type HubMethod = (typeof HUB_METHODS)[number];

export interface HubPermission {
  origin: string;
  /** Subdomains of the origin's host are allowed too (same scheme and port). */
  includeSubdomain?: boolean;
  allow: readonly string[];
}

export interface HubConfig {
  permissions: readonly HubPermission[];
}

export interface HubMessageEvent {
  data: unknown;
  origin: string;
  source: { postMessage(message: string, targetOrigin: string): void } | null;
}

export interface HubOptions {
  config: HubConfig;
  /** Where messages arrive (default window). */
  target?: { addEventListener(type: 'message', listener: (event: HubMessageEvent) => void): void };
  /** The framing page, told `cross-storage:ready` on load (default window.parent). */
  parent?: { postMessage(message: string, targetOrigin: string): void } | null;
  /** Default window.localStorage, looked up once (reading it throws when storage is blocked). */
  storage?: () => Storage;
}

/** The config from the page's JSON element; an unreadable one permits nothing. */
export function readHubConfig(doc: Pick<Document, 'getElementById'>): HubConfig {
  try {
    const parsed = JSON.parse(doc.getElementById(HUB_CONFIG_ELEMENT_ID)?.textContent ?? '') as Partial<HubConfig>;
    return { permissions: Array.isArray(parsed.permissions) ? parsed.permissions : [] };
  } catch {
    return { permissions: [] };
  }
}

function matches(permission: HubPermission, origin: string): boolean {
  if (permission.origin === origin) return true;
  if (!permission.includeSubdomain) return false;
  try {
    const allowed = new URL(permission.origin);
    const asked = new URL(origin);
    return (
      allowed.protocol === asked.protocol &&
      allowed.port === asked.port &&
      asked.hostname.endsWith(`.${allowed.hostname}`)
    );
  } catch {
    return false;
  }
}

export function permitted(config: HubConfig, origin: string, method: string): boolean {
  return config.permissions.some((permission) => matches(permission, origin) && permission.allow.includes(method));
}

function isHubMethod(method: string): method is HubMethod {
  return (HUB_METHODS as readonly string[]).includes(method);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function run(storage: Storage, method: HubMethod, params: Record<string, unknown>): unknown {
  switch (method) {
    case 'get': {
      const values = stringList(params.keys).map((key) => storage.getItem(key));
      // As zendesk/cross-storage: one key answers its value, several an array.
      return values.length > 1 ? values : (values[0] ?? null);
    }
    case 'set':
      if (typeof params.key !== 'string' || typeof params.value !== 'string') throw new Error('key and value required');
      storage.setItem(params.key, params.value);
      return null;
    case 'del':
      for (const key of stringList(params.keys)) storage.removeItem(key);
      return null;
    case 'clear':
      storage.clear();
      return null;
    case 'getKeys': {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) keys.push(key);
      }
      return keys;
    }
  }
}

/** Starts listening; returns false (after sending unavailable) when localStorage cannot be used. */
export function startHub(options: HubOptions): boolean {
  const parent = options.parent === undefined ? window.parent : options.parent;
  let storage: Storage;
  try {
    storage = (options.storage ?? (() => window.localStorage))();
    const probe = 'cross-storage:probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch {
    // The signal carries no data; the parent's origin is not known yet, hence '*' (as zendesk).
    parent?.postMessage('cross-storage:unavailable', '*');
    return false;
  }

  const target: NonNullable<HubOptions['target']> = options.target ?? window;
  target.addEventListener('message', (event) => {
    const { data, origin, source } = event;
    if (typeof data !== 'string' || !source || origin === 'null') return;
    if (data === 'cross-storage:poll') {
      // Ready to any poller (no data), to its exact origin; permissions are checked per request.
      source.postMessage('cross-storage:ready', origin);
      return;
    }
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(data) as typeof request;
    } catch {
      return;
    }
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string') return;
    if (!request.method.startsWith('cross-storage:')) return;
    const method = request.method.slice('cross-storage:'.length);
    const params = (typeof request.params === 'object' && request.params !== null ? request.params : {}) as Record<
      string,
      unknown
    >;
    let error: string | null = null;
    let result: unknown = null;
    if (!isHubMethod(method) || !permitted(options.config, origin, method)) {
      error = `Invalid permissions for ${method}`;
    } else {
      try {
        result = run(storage, method, params);
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
      }
    }
    source.postMessage(JSON.stringify({ id: request.id, error, result }), origin);
  });
  parent?.postMessage('cross-storage:ready', '*');
  return true;
}

if (typeof document !== 'undefined' && document.getElementById(HUB_CONFIG_ELEMENT_ID)) {
  startHub({ config: readHubConfig(document) });
}
