import {
  PraveshError,
  shieldConfigPath,
  type Environment,
  type ProduceEventResponse,
  type ShieldConfig,
  type TrackingData,
} from '@pravesh/core';
import { createAnalytics, type Analytics, type TrackEvent } from './analytics.ts';
import {
  createHttpClient,
  type FetchLike,
  type HttpClient,
  type HttpMethod,
  type QueryParams,
  type RequestOptions,
} from './http.ts';
import { clockOffsetMs, createPassTokenSigner, type AuthenticationTokens, type PassTokenSigner } from './pass-token.ts';
import { validateClientOptions, validateShieldConfig } from './shield-config.ts';

export interface PraveshOptions {
  /** Origin of the API (spec 000 §7: hosts come from per-environment configuration); default: the page's. */
  apiBaseUrl?: string;
  siteId: number | string;
  environment: Environment;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Milliseconds since the epoch; injectable so tests need no sleeps. */
  now?: () => number;
}

export interface Pravesh {
  readonly siteId: number;
  readonly environment: Environment;
  /** The validated shield config once init() has resolved. */
  readonly config: ShieldConfig | undefined;
  /** Fetches the shield config; later calls share the first successful result. */
  init(): Promise<ShieldConfig>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  imageUrl(path: string, query?: QueryParams): Promise<string>;
  getPassToken(authenticationToken?: AuthenticationTokens): Promise<string>;
  track(event: TrackEvent): Promise<ProduceEventResponse>;
  /**
   * Tracking data (spec 000 §3) to attach to every track() call, supplied by the visitor layer;
   * the event's own fields win. Undefined detaches it.
   */
  setTrackingData(provider: TrackingDataProvider | undefined): void;
}

export type TrackingDataProvider = () => Promise<TrackingData> | TrackingData;

interface Shielded {
  config: ShieldConfig;
  signer: PassTokenSigner;
  http: HttpClient;
  analytics: Analytics;
}

/**
 * The SDK's entry point. Options are checked at once (spec 000 §5); the shield config is fetched
 * by init(), or by the first call that needs it, and every call after that is shielded.
 */
export function createPravesh(options: PraveshOptions): Pravesh {
  const { apiBaseUrl, siteId, environment } = validateClientOptions(options);
  const { fetch, timeoutMs, now } = options;
  let config: ShieldConfig | undefined;
  let shielded: Promise<Shielded> | undefined;
  let trackingData: TrackingDataProvider | undefined;

  async function load(): Promise<Shielded> {
    // The config route is the one call that cannot carry a pass token: it supplies the key.
    const unshielded = createHttpClient({ baseUrl: apiBaseUrl, fetch, timeoutMs });
    const clock = now ?? Date.now;
    const sentAt = clock();
    const loaded = validateShieldConfig(await unshielded.request<unknown>('GET', shieldConfigPath(siteId)));
    const offset = clockOffsetMs(loaded.serverTime, sentAt, clock());
    if (loaded.siteId !== siteId) throw new PraveshError('configuration');
    // Tokens are stamped on the server's clock: a browser clock hours off would
    // otherwise sign tokens the server refuses as not yet valid or as expired.
    const signer = createPassTokenSigner({ config: loaded, now, clockOffsetMs: offset });
    const http = createHttpClient({ baseUrl: apiBaseUrl, signer, fetch, timeoutMs });
    config = loaded;
    return { config: loaded, signer, http, analytics: createAnalytics(http) };
  }

  /** An event is never lost for want of its tracking data: it is sent without it. */
  async function currentTrackingData(): Promise<TrackingData | undefined> {
    try {
      return await trackingData?.();
    } catch {
      return undefined;
    }
  }

  function ready(): Promise<Shielded> {
    // A failed fetch is not remembered, so the next call tries again.
    shielded ??= load().catch((error: unknown) => {
      shielded = undefined;
      throw error;
    });
    return shielded;
  }

  return {
    siteId,
    environment,
    get config() {
      return config;
    },
    async init() {
      return (await ready()).config;
    },
    async request<T>(method: HttpMethod, path: string, requestOptions?: RequestOptions) {
      return (await ready()).http.request<T>(method, path, requestOptions);
    },
    async imageUrl(path, query) {
      return (await ready()).http.imageUrl(path, query);
    },
    async getPassToken(authenticationToken) {
      return (await ready()).signer.getToken(authenticationToken);
    },
    async track(event) {
      return (await ready()).analytics.track({ ...(await currentTrackingData()), ...event });
    },
    setTrackingData(provider) {
      trackingData = provider;
    },
  };
}
