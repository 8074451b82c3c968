import {
  CALLER_ID_APP_WAIT_MS,
  CALLER_ID_DEFAULT_ATTEMPTS,
  CALLER_ID_DEFAULT_TTL_MS,
  CALLER_ID_POLLING_STATUSES,
  CALLER_ID_PROVIDER_ID,
  callerIdStatusPath,
  SSO_ROUTES,
  type CallerIdStartBody,
  type CallerIdStatus,
} from '@pravesh/core';
import type { HttpClient } from '../http.ts';
import type { ClearTimeoutLike, SetTimeoutLike } from '../visit-chain.ts';

/**
 * Caller-identification login, the browser's half (spec 000 §3 "Caller-identification login
 * payload", §4 "Caller-identification login statuses", §9 polling defaults):
 *
 *   start the request (a nonce) → open the identity app with it → after 600 ms, if this page still
 *   has focus the app did not open: app_not_present → otherwise pending, and the status is polled
 *   while initiated or pending, up to the attempt limit (running out is timeout) → success →
 *   login_initiated → authorize with social_truecaller and the nonce → code exchange.
 *
 * On a device that is not Android the identity app cannot exist: app_not_present at once, without
 * a request. The local simulator's "app" is a web page, so a caller that uses it says
 * `appPresence: 'assume'` and the device and focus checks are skipped.
 */

/** Statuses a caller-identification login reports, in the order they can happen. */
export type CallerIdLoginStatus = CallerIdStatus;

export type CallerIdLoginOutcome =
  /** The nonce was approved and redeemed: authorize and the code exchange come next. */
  | { status: 'login_initiated'; requestNonce: string }
  | { status: 'app_not_present' | 'rejected' | 'timeout'; requestNonce?: string };

export interface CallerIdLoginOptions {
  /** The spec's login payload (type, partnerKey, lang, privacyUrl, termsUrl, cta…, ttl). */
  payload?: Omit<CallerIdStartBody, 'requestNonce'>;
  /** Status polls before giving up with timeout (spec 000 §9: 3). */
  attempts?: number;
  /** Milliseconds between polls; default the request's life spread over the attempts. */
  pollIntervalMs?: number;
  /**
   * 'detect' (default): app_not_present on a device other than Android, or when the page keeps
   * focus 600 ms after the app was opened. 'assume': the app is a page (the local simulator).
   */
  appPresence?: 'detect' | 'assume';
  /** Every status as it happens (initiated, pending, success, login_initiated, or the end). */
  onStatus?: (status: CallerIdLoginStatus) => void;
  /** Stops waiting: the login ends as rejected (the person gave up) and the app window closes. */
  signal?: AbortSignal;
}

/** What the login needs from its surroundings (all injectable, so tests drive time). */
export interface CallerIdEnvironment {
  accounts: () => HttpClient;
  siteId: number;
  schedule: SetTimeoutLike;
  cancel: ClearTimeoutLike;
  /** Hands the request to the app; answers a function that closes what it opened, if anything. */
  openApp: (appUrl: string) => (() => void) | void;
  /** True on Android (spec 000 §4: elsewhere the app is not present). */
  isAndroid: () => boolean;
  /** document.hasFocus(): still true 600 ms after opening means the app did not take over. */
  pageHasFocus: () => boolean;
}

interface StartReply {
  requestNonce?: unknown;
  status?: unknown;
  expiresInMs?: unknown;
  appUrl?: unknown;
}

const isAndroidAgent = (): boolean => typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);
const documentHasFocus = (): boolean => typeof document === 'undefined' || document.hasFocus();

export const callerIdDefaults = { isAndroid: isAndroidAgent, pageHasFocus: documentHasFocus };

/**
 * The default app opener. A deep link is handed to the app through the address (the app takes it;
 * the page stays). An http(s) link (the simulator's page) opens in a window of its own; with
 * `prepare` that window is opened at once, while the click that started the login still counts as
 * a user gesture, and only pointed at the link once the request exists (popup blockers allow it).
 */
export function windowAppOpener(prepare: boolean): AppOpener {
  const canOpen = typeof window !== 'undefined' && typeof window.open === 'function';
  const prepared = prepare && canOpen ? window.open('', CALLER_ID_WINDOW) : null;
  const open: AppOpener = (appUrl) => {
    if (/^https?:/i.test(appUrl)) {
      if (prepared && !prepared.closed) {
        prepared.location.href = appUrl;
        return () => prepared.close();
      }
      const opened = canOpen ? window.open(appUrl, CALLER_ID_WINDOW) : null;
      return opened ? () => opened.close() : undefined;
    }
    prepared?.close();
    if (typeof location !== 'undefined') location.assign(appUrl);
    return undefined;
  };
  // The login ended before the app was opened (a refused request): the prepared window goes too.
  open.discard = () => prepared?.close();
  return open;
}

/** Opens the app; answers what closes it. `discard` drops what was prepared if it never opened. */
export interface AppOpener {
  (appUrl: string): (() => void) | void;
  discard?: () => void;
}

/** The name of the window the simulator's page opens in (one at a time). */
export const CALLER_ID_WINDOW = 'pravesh-caller-id';

class Aborted extends Error {}

export async function runCallerIdLogin(
  env: CallerIdEnvironment,
  options: CallerIdLoginOptions = {},
): Promise<CallerIdLoginOutcome> {
  const report = (status: CallerIdLoginStatus) => {
    try {
      options.onStatus?.(status);
    } catch {
      // a listener's failure is not the login's
    }
  };
  const detect = (options.appPresence ?? 'detect') === 'detect';
  if (detect && !env.isAndroid()) {
    report('app_not_present');
    return { status: 'app_not_present' };
  }
  const signal = options.signal;
  let closeApp: (() => void) | undefined;

  /** Waits `ms`; an abort ends the wait early (and the login as rejected). */
  const wait = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new Aborted());
        return;
      }
      const onAbort = () => {
        env.cancel(handle);
        reject(new Aborted());
      };
      const handle = env.schedule(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  const end = (status: 'app_not_present' | 'rejected' | 'timeout', requestNonce?: string): CallerIdLoginOutcome => {
    closeApp?.();
    report(status);
    return requestNonce === undefined ? { status } : { status, requestNonce };
  };

  const ttl = options.payload?.ttl ?? CALLER_ID_DEFAULT_TTL_MS;
  const attempts = Math.max(1, options.attempts ?? CALLER_ID_DEFAULT_ATTEMPTS);
  const interval = options.pollIntervalMs ?? Math.ceil(ttl / attempts);
  let requestNonce: string | undefined;
  try {
    const started = await env
      .accounts()
      .request<StartReply | undefined>('POST', SSO_ROUTES.callerIdStart, { body: { ...options.payload, ttl } });
    if (typeof started?.requestNonce !== 'string' || typeof started.appUrl !== 'string') {
      throw new Error('caller identification answered no request');
    }
    const nonce = started.requestNonce;
    requestNonce = nonce;
    if (signal?.aborted) return end('rejected', nonce);
    report('initiated');
    closeApp = env.openApp(started.appUrl) ?? undefined;

    // spec 000 §4: "after 600 ms, if the page still has focus, app_not_present; else pending".
    await wait(CALLER_ID_APP_WAIT_MS);
    if (detect && env.pageHasFocus()) return end('app_not_present', nonce);
    report('pending');

    for (let attempt = 1; ; attempt++) {
      const reply = await env.accounts().request<{ status?: unknown } | undefined>('GET', callerIdStatusPath(nonce), {
        headers: { 'site-id': String(env.siteId) },
      });
      const status = reply?.status as CallerIdStatus | undefined;
      if (status === 'success') {
        report('success');
        closeApp?.();
        report('login_initiated');
        return { status: 'login_initiated', requestNonce: nonce };
      }
      if (status === 'rejected' || status === 'timeout') return end(status, nonce);
      // A nonce redeemed elsewhere (login_initiated) is not this page's sign-in any more.
      if (status === undefined || !CALLER_ID_POLLING_STATUSES.includes(status)) return end('rejected', nonce);
      // spec 000 §4: "Polling repeats while initiated or pending up to the attempt limit; running
      // out becomes timeout."
      if (attempt >= attempts) return end('timeout', nonce);
      await wait(interval);
    }
  } catch (error) {
    if (error instanceof Aborted) return end('rejected', requestNonce);
    closeApp?.();
    throw error;
  }
}

/** The authorize fields of the social_truecaller method for an approved nonce. */
export function callerIdCredentials(requestNonce: string) {
  return { socialToken: requestNonce, socialProviderId: CALLER_ID_PROVIDER_ID };
}
