import { createPravesh } from '@pravesh/sdk';
import { createSignOn } from '@pravesh/sdk/sso';
import { API_TIMEOUT_MS, createHttp, type Send } from '../lib/http.ts';
import { createAnalytics } from '../lib/analytics.ts';
import { aesGcmCodec, indexedDbKeyStore, memoryKeyStore, plainCodec } from '../lib/secure-storage.ts';
import { LOGGED_OUT_PARAM } from '../session/flows.ts';
import type { NativeBridgeHost } from '../session/native-bridge.ts';
import { encryptsStorage, type DashboardConfig } from './config.ts';
import { createPersistence, PERSIST_KEY } from './persist.ts';
import type { Services } from './services.ts';
import { apiErrorRecorded } from './slices/utility.ts';
import type { AppDispatch } from './store.ts';

/** Keys this app writes to localStorage (the rest of the origin belongs to the accounts pages and the hub). */
const OWN_LOCAL_KEYS = [PERSIST_KEY];

/**
 * The browser's services: the SDK client (site 14's pass tokens), the SDK's sign-on client for
 * My Account's OAuth client (spec 001 §9 sign-in options: screenType 2, version 2, editMobile 1,
 * journeyType JOURNEY), the one HTTP helper and the encrypted persistence.
 */
export function createBrowserServices(config: DashboardConfig, dispatch: () => AppDispatch | undefined): Services {
  const pravesh = createPravesh({
    apiBaseUrl: config.apiBaseUrl,
    siteId: config.siteId,
    environment: config.environment,
    timeoutMs: API_TIMEOUT_MS,
  });
  const home = `${location.origin}${config.basePath}`;
  const signOn = createSignOn(pravesh, {
    clientId: config.clientId,
    scope: ['myaccount'],
    redirectLoginUri: home,
    redirectLogoutUri: `${home}?${LOGGED_OUT_PARAM}=1`,
    accountsUrl: config.accountsUrl,
    journeyType: 'JOURNEY',
    screenType: 2,
    version: 2,
    editMobile: 1,
  });
  const send: Send = (method, path, options) => pravesh.request(method, path, options);
  const sendWithSession: Send = (method, path, options) => signOn.request(method, path, options);
  const keyStore = typeof indexedDB === 'undefined' ? memoryKeyStore() : indexedDbKeyStore();
  const persistence = createPersistence({
    storage: localStorage,
    codec: encryptsStorage(config.environment) ? aesGcmCodec(keyStore) : plainCodec,
  });
  const dataLayer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
  return {
    config,
    http: createHttp({
      send,
      sendWithSession,
      onApiError: (entry) => dispatch()?.(apiErrorRecorded(entry)),
    }),
    signOn,
    analytics: createAnalytics({ sink: (event) => pravesh.track(event), dataLayer }),
    persistence,
    clearBrowserStorage() {
      for (const key of OWN_LOCAL_KEYS) localStorage.removeItem(key);
      sessionStorage.clear();
      (window as unknown as { dataLayer?: unknown[] }).dataLayer?.splice(0);
    },
    onLoggedOutElsewhere(listener) {
      // A storage event reaches the other tabs of the origin, never the one that wrote (HTML
      // "The storage event"); key null is a clear() of the whole storage.
      const heard = (event: StorageEvent) => {
        if (event.storageArea !== localStorage || (event.key !== PERSIST_KEY && event.key !== null)) return;
        if (localStorage.getItem(PERSIST_KEY) === null) listener();
      };
      window.addEventListener('storage', heard);
      return () => window.removeEventListener('storage', heard);
    },
    navigate: (url) => location.assign(url),
    url: () => location.href,
    reload: () => location.reload(),
    bridges: window as unknown as NativeBridgeHost,
    async streamHeaders() {
      const accessToken = signOn.getAccessToken();
      return {
        'pb-pass-token': await pravesh.getPassToken(),
        ...(accessToken ? { 'pb-access-token': accessToken } : {}),
      };
    },
  };
}
