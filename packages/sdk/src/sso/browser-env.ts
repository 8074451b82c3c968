import type { Logger } from '../cookie-purge.ts';
import { documentCookieJar, type CookieJar } from '../cookies.ts';
import type { FetchLike } from '../http.ts';
import type { ClearTimeoutLike, SetTimeoutLike } from '../visit-chain.ts';
import type { OpenSignInWidget } from './widget.ts';
import { createPendingLogins } from './pending-login.ts';
import { randomToken } from './pkce.ts';
import { visitorIds, type VisitorLink } from './visitor-link.ts';

/**
 * The browser around the sign-on client (one of the five parts of sign-on.ts): the
 * address bar, cookies, session storage, timers, navigation and the visitor layer — every one
 * injectable through SignOnOptions, so the other parts never touch a browser global.
 */
export interface SignOnOptions {
  /** The visitor layer (or a promise of it): linked to the customer on sign-in. */
  visitor?: VisitorLink | Promise<VisitorLink | undefined> | undefined;
  /** Opens the sign-in widget; default: load widgetSrc and use its openSignInWidget. */
  openWidget?: OpenSignInWidget;
  /** The widget script; default widgets/pravesh-sign-in.js beside the sign-on script. */
  widgetSrc?: string;
  /** A CSP nonce for the widget's script tag. */
  nonce?: string;
  /** For the accounts host calls; default fetch. */
  fetch?: FetchLike;
  cookies?: CookieJar;
  /** Domain of the access token cookie. */
  cookieDomain?: string;
  /** Session storage for a login link's state and PKCE verifier; default sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  url?: () => string;
  /** Rewrites the address without reloading (history.replaceState). */
  replaceUrl?: (url: string) => void;
  /** Sends the browser elsewhere (location.assign). */
  navigate?: (url: string) => void;
  /** Loads a URL as a hidden image (the setSSID call). */
  loadImage?: (url: string) => void;
  /** Caller identification: hands a request to the identity app (default windowAppOpener). */
  openCallerIdApp?: (appUrl: string) => (() => void) | void;
  /** Caller identification: the device check and the focus check (default user agent, document.hasFocus). */
  isAndroid?: () => boolean;
  pageHasFocus?: () => boolean;
  now?: () => number;
  setTimeout?: SetTimeoutLike;
  clearTimeout?: ClearTimeoutLike;
  logger?: Logger;
}

export interface BrowserEnv {
  readonly options: SignOnOptions;
  readonly logger: Logger;
  readonly now: () => number;
  readonly cookies: CookieJar;
  readonly schedule: SetTimeoutLike;
  readonly cancel: ClearTimeoutLike;
  readonly currentUrl: () => string;
  readonly replaceUrl: (url: string) => void;
  readonly navigate: (url: string) => void;
  readonly loadImage: (url: string) => void;
  /** The page is served over https: the access token cookie is Secure. */
  readonly secure: boolean;
  /** The sign-on script's own address: the widget script sits beside it. */
  readonly ownScript: string | undefined;
  readonly pendingLogins: ReturnType<typeof createPendingLogins>;
  /** The visitor layer, once it has arrived (it is a script of its own and may come later). */
  visitor(): VisitorLink | undefined;
  /** The visitor layer arrived, or failed, or none was promised. */
  visitorSettled(): boolean;
  /** Visitor and visit ids; a page opened without a visitor layer still sends some (spec 000 §3). */
  ids(): { visitorId: string; visitId: string };
}

// Read while the script runs: document.currentScript is null once it has finished.
const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

const consoleLogger: Logger = { warn: (message, detail) => console.warn(`[pravesh] ${message}`, detail) };

function defaultStorage(): SignOnOptions['storage'] {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function defaultLoadImage(url: string): void {
  if (typeof Image === 'undefined') return;
  const image = new Image(1, 1);
  image.referrerPolicy = 'no-referrer';
  image.src = url;
}

export function createBrowserEnv(options: SignOnOptions): BrowserEnv {
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;

  let visitor: VisitorLink | undefined;
  let settled = options.visitor === undefined || !('then' in options.visitor);
  if (options.visitor !== undefined && 'then' in options.visitor) {
    options.visitor.then(
      (link) => {
        visitor = link;
        settled = true;
      },
      (error: unknown) => {
        settled = true;
        logger.warn('visitor layer unavailable: the customer is not linked to the visitor', error);
      },
    );
  } else {
    visitor = options.visitor;
  }
  const fallbackIds = { visitorId: randomToken(16), visitId: randomToken(16) };

  return {
    options,
    logger,
    now,
    cookies: options.cookies ?? documentCookieJar(),
    schedule: options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms)),
    cancel: options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
    currentUrl: options.url ?? (() => (typeof location === 'undefined' ? '' : location.href)),
    replaceUrl:
      options.replaceUrl ??
      ((url: string) => {
        if (typeof history !== 'undefined') history.replaceState(history.state, '', url);
      }),
    navigate: options.navigate ?? ((url: string) => location.assign(url)),
    loadImage: options.loadImage ?? defaultLoadImage,
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    ownScript,
    pendingLogins: createPendingLogins(options.storage ?? defaultStorage(), now, logger),
    visitor: () => visitor,
    visitorSettled: () => settled,
    ids: () => ({ ...fallbackIds, ...visitorIds(visitor) }),
  };
}
