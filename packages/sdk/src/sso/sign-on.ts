import {
  DEFAULT_AUTH_METHOD,
  ERRORS,
  GET_SSO_TOKEN_QUERY,
  isWidgetJourney,
  MFA_REQUIRED_CODE,
  openForSite,
  PraveshError,
  sealForSite,
  selectAuthMethod,
  SSO_ROUTES,
  unwrapSiteKey,
  type AuthMethod,
  type AuthMethodInputs,
  type FrameToParentPayloads,
  type JourneyType,
  type OtpSendResponse,
  type PreferenceResponse,
  type SealPurpose,
  type SsoInitState,
  type WidgetJourneyType,
} from '@pravesh/core';
import type { Logger } from '../cookie-purge.ts';
import { documentCookieJar, type CookieJar } from '../cookies.ts';
import {
  createHttpClient,
  PassRequestError,
  type FetchLike,
  type HttpClient,
  type HttpMethod,
  type RequestOptions,
} from '../http.ts';
import type { ClearTimeoutLike, SetTimeoutLike } from '../visit-chain.ts';
import {
  checkClient,
  LOGIN_REQUIREMENTS,
  LOGOUT_REQUIREMENTS,
  OTP_REQUIREMENTS,
  requireFields,
  resolveSignOnConfig,
  type ResolvedSignOnConfig,
  type SignOnClient,
} from './config.ts';
import {
  loginLinkUrl,
  loginQuery,
  logoutLinkUrl,
  readUrlSignOnParams,
  withoutSignOnParams,
  type LoginLinkBase,
} from './links.ts';
import {
  callerIdCredentials,
  callerIdDefaults,
  runCallerIdLogin,
  windowAppOpener,
  type AppOpener,
  type CallerIdLoginOptions,
} from './caller-id.ts';
import { methodFields, methodInputs, urlParamsOf, type AuthorizeCredentials } from './methods.ts';
export type { AuthorizeCredentials };
import { createPendingLogins } from './pending-login.ts';
import { newPkcePair, randomToken } from './pkce.ts';
import { existsCookieSet, sessionExists } from './session-exists.ts';
import { accessTokenCookieName, cookieTokenStore, memoryTokenStore, type TokenStore } from './token-store.ts';
import {
  linkVisitorToCustomer,
  unlinkVisitorCustomer,
  visitorIds,
  type LinkedCustomer,
  type VisitorLink,
} from './visitor-link.ts';
import { loadSignInWidget, SIGN_IN_WIDGET_FILE, type OpenSignInWidget, type SignInWidgetRequest } from './widget.ts';

/** spec 000 §9: "Sign-on auto-init polls every 1 s, stops after 5 s." */
export const AUTO_INIT_POLL_MS = 1000;
export const AUTO_INIT_TIMEOUT_MS = 5000;

/** The signed-in customer, as the code exchange answered (spec 000 §3 "Customer data from the server"). */
export interface SignOnSession {
  customerId: string;
  /** The server's mobilePhone, renamed mobileNo (spec 000 §3). */
  mobileNo: string;
  accessToken: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  scope: string;
}

export type SignInResult =
  | { status: 'signedIn'; session: SignOnSession }
  /** spec 000 §4, §8: the widget was closed — event closed with error closed_by_user. */
  | { status: 'closed'; error: 'closed_by_user' }
  /** The journey or the exchange failed; `error` is the server's statusCode. */
  | { status: 'failed'; error: string; message: string }
  /** A journey type the widget does not open: the browser was sent to the login link. */
  | { status: 'redirected' };

export interface SignOnInitResult {
  state: SsoInitState;
  session: SignOnSession | undefined;
}

export interface SignOnSnapshot {
  state: SsoInitState;
  session: SignOnSession | undefined;
}

export interface LoginLinkOptions {
  /** Echoed back with the code; default a fresh random value. */
  state?: string;
  journeyType?: JourneyType;
  screenType?: number | string;
  authType?: string;
  version?: number | string;
  /** Sealed into the link (spec 000 §2: "mobileNo and leadId inside it are encrypted"). */
  mobileNo?: string;
  leadId?: string;
  forceRedirect?: boolean;
  editMobile?: 0 | 1;
}

export interface SignInOptions extends Omit<LoginLinkOptions, 'state'> {
  /** false: closed_by_user is ignored and no close control is shown (closable=0). */
  closable?: boolean;
  /** Forwarded frame messages (spec 000 §4). */
  onOtpSent?: (payload: FrameToParentPayloads['otpSent']) => void;
  onAuth?: (payload: FrameToParentPayloads['auth']) => void;
  onAuthFailed?: (payload: FrameToParentPayloads['authFailed']) => void;
}

/** How a caller-identification login ended (spec 000 §4 statuses; signedIn after login_initiated). */
export type CallerIdSignInResult =
  | { status: 'signedIn'; session: SignOnSession }
  | { status: 'app_not_present' | 'rejected' | 'timeout' }
  /** The request, authorize or the exchange failed; `error` is the server's statusCode. */
  | { status: 'failed'; error: string; message: string };

export interface OtpPayloadExtras {
  productId?: string | number;
  event?: string;
  eventPayload?: Record<string, unknown>;
}

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

export interface SignOn {
  readonly config: ResolvedSignOnConfig;
  /** PENDING, IN_PROCESS or INITIALIZED (spec 000 §4). */
  readonly state: SsoInitState;
  readonly session: SignOnSession | undefined;
  /**
   * Polls every second, for at most 5 s, until the shield config (and the visitor layer, when
   * given) is ready; then signs in from the login link's redirect, the URL's glssKey or
   * signature, or the existing session, if any.
   */
  autoInit(): Promise<SignOnInitResult>;
  subscribe(listener: (snapshot: SignOnSnapshot) => void): () => void;
  sessionExists(): boolean;
  loginLink(options?: LoginLinkOptions): Promise<string>;
  logoutLink(): string;
  /** The sign-in widget for widget journeys; a redirect to the login link for the others. */
  signIn(options?: SignInOptions): Promise<SignInResult>;
  /** Signs in with the first method of the priority list whose inputs are present. */
  authorize(credentials?: AuthorizeCredentials): Promise<SignOnSession>;
  /**
   * Caller-identification login (spec 000 §4): start a request, open the identity app, poll its
   * status, and on success sign in with social_truecaller. Call it from a click handler.
   */
  callerIdLogin(options?: CallerIdLoginOptions): Promise<CallerIdSignInResult>;
  exchangeCode(
    code: string,
    options?: { redirectUri?: string; codeVerifier?: string; customerId?: string },
  ): Promise<SignOnSession>;
  sendOtp(mobileNo: string, extras?: OtpPayloadExtras): Promise<OtpSendResponse>;
  checkPreference(mobileNo: string): Promise<PreferenceResponse>;
  /** A call with the access token; a reply with no status gets a new token and one retry. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  refreshAccessToken(): Promise<string>;
  getAccessToken(): string | undefined;
  /** Forgets the token and the visitor's customer, then goes to the logout link. */
  logout(): void;
}

interface AuthorizeReply {
  code?: unknown;
  state?: unknown;
  customerId?: unknown;
}

interface SsoTokenReply {
  accessToken?: unknown;
  customerId?: unknown;
  mobileNo?: unknown;
  mobilePhone?: unknown;
  expiresIn?: unknown;
  scope?: unknown;
  user?: { glssToken?: unknown } | null;
  /** The one-time setSSID value, when asked for. */
  ssidHandoff?: unknown;
}

/** The sign-on script's own address: the widget script sits beside it. */
const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

const consoleLogger: Logger = { warn: (message, detail) => console.warn(`[pravesh] ${message}`, detail) };

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function failure(statusCode: string, statusMessage?: string, body?: unknown): PassRequestError {
  return new PassRequestError({ statusCode, statusMessage, httpStatus: 0, body });
}

/**
 * spec 000 §4 "Token refresh: when the first call returns no status, a new access token is
 * obtained…". A reply came (not a network failure) and it carried no status, or it refused the
 * token (401, tokenNotValidated): a new token may help. Other refusals are the call's own.
 */
export function returnedNoStatus(error: unknown): boolean {
  if (!(error instanceof PassRequestError) || error.httpStatus === 0) return false;
  if (error.httpStatus === 401 || error.statusCode === ERRORS.tokenNotValidated.code) return true;
  const body = error.body;
  return typeof body !== 'object' || body === null || typeof (body as { status?: unknown }).status !== 'boolean';
}

/** The mfaRequired answer's sealed mobile number (spec 000 §4), or undefined for other errors. */
function mfaSealedMobile(error: unknown): string | undefined {
  if (!(error instanceof PassRequestError) || error.statusCode !== MFA_REQUIRED_CODE) return undefined;
  const response = (error.body as { response?: { mobileNo?: unknown } } | undefined)?.response;
  return isText(response?.mobileNo) ? response.mobileNo : undefined;
}

/** "98******10": enough for a customer to recognise their number, not enough to read it off a screen. */
export function maskMobileNo(mobileNo: string): string {
  return mobileNo.length < 6
    ? '*'.repeat(mobileNo.length)
    : `${mobileNo.slice(0, 2)}${'*'.repeat(mobileNo.length - 4)}${mobileNo.slice(-2)}`;
}

function defaultStorage(): SignOnOptions['storage'] {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The single sign-on client of spec 000 (§3 "Sign-on configuration", §4, §5). Checks its
 * configuration at once; every call that needs more checks that at call time, with the spec's
 * "[list] is required".
 */
export function createSignOn(pravesh: unknown, config: unknown, options: SignOnOptions = {}): SignOn {
  const client: SignOnClient = checkClient(pravesh);
  const settings = resolveSignOnConfig(client, config);
  const { siteId, environment } = settings;
  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const cookies = options.cookies ?? documentCookieJar();
  const storage = options.storage ?? defaultStorage();
  const schedule: SetTimeoutLike = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel: ClearTimeoutLike =
    options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const currentUrl = options.url ?? (() => (typeof location === 'undefined' ? '' : location.href));
  const replaceUrl =
    options.replaceUrl ??
    ((url: string) => {
      if (typeof history !== 'undefined') history.replaceState(history.state, '', url);
    });
  const navigate = options.navigate ?? ((url: string) => location.assign(url));
  const loadImage =
    options.loadImage ??
    ((url: string) => {
      if (typeof Image === 'undefined') return;
      const image = new Image(1, 1);
      image.referrerPolicy = 'no-referrer';
      image.src = url;
    });
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  const tokens: TokenStore =
    settings.tokenSource === 'memory'
      ? memoryTokenStore()
      : cookieTokenStore(accessTokenCookieName(environment, siteId), cookies, {
          secure,
          domain: options.cookieDomain,
        });

  const pendingLogins = createPendingLogins(storage, now, logger);

  let state: SsoInitState = 'PENDING';
  let session: SignOnSession | undefined;
  let initializing: Promise<SignOnInitResult> | undefined;
  let refreshing: Promise<string> | undefined;
  let accountsClient: HttpClient | undefined;
  let siteKey: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const listeners = new Set<(snapshot: SignOnSnapshot) => void>();

  // The visitor layer may arrive later than this client (it is a script of its own).
  let visitor: VisitorLink | undefined;
  let visitorSettled = options.visitor === undefined || !('then' in options.visitor);
  if (options.visitor !== undefined && 'then' in options.visitor) {
    options.visitor.then(
      (link) => {
        visitor = link;
        visitorSettled = true;
      },
      (error: unknown) => {
        visitorSettled = true;
        logger.warn('visitor layer unavailable: the customer is not linked to the visitor', error);
      },
    );
  } else {
    visitor = options.visitor;
  }

  // A page opened without a visitor layer still sends the OTP payload's ids (spec 000 §3).
  const fallbackIds = { visitorId: randomToken(16), visitId: randomToken(16) };
  const ids = () => ({ ...fallbackIds, ...visitorIds(visitor) });

  function notify(): void {
    const snapshot = { state, session };
    for (const listener of listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        logger.warn('sign-on listener failed', error);
      }
    }
  }

  function setState(next: SsoInitState): void {
    state = next;
    notify();
  }

  function accounts(): HttpClient {
    const { accountsUrl } = requireFields({ accountsUrl: settings.accountsUrl }, ['accountsUrl']);
    // The accounts host's calls carry this site's pass token like every other (spec 000 §7).
    accountsClient ??= createHttpClient({
      baseUrl: accountsUrl,
      signer: { getToken: (authenticationToken) => client.getPassToken(authenticationToken) },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    return accountsClient;
  }

  function siteKeyOnce(): Promise<Uint8Array<ArrayBuffer>> {
    siteKey ??= client
      .init()
      .then((shield) => unwrapSiteKey(shield.ct, shield.siteId, shield.ci))
      .catch((error: unknown) => {
        siteKey = undefined;
        throw error;
      });
    return siteKey;
  }

  async function seal(purpose: SealPurpose, value: unknown): Promise<string> {
    return sealForSite(await siteKeyOnce(), purpose, value);
  }

  /** spec 000 §5: "Login link and authorization need redirectLoginUri, scope, clientId, accountsUrl". */
  function loginBase(): LoginLinkBase {
    const required = requireFields(
      {
        redirectLoginUri: settings.redirectLoginUri,
        scope: settings.scope,
        clientId: settings.clientId,
        accountsUrl: settings.accountsUrl,
      },
      LOGIN_REQUIREMENTS,
    );
    return { ...required, siteId };
  }

  const hasExistsCookie = () => existsCookieSet(environment, cookies);

  // --- the session -------------------------------------------------------------------------

  async function linkVisitor(customer: LinkedCustomer): Promise<void> {
    if (!visitor) return;
    try {
      await linkVisitorToCustomer(visitor, customer);
    } catch (error) {
      logger.warn('visitor record not linked to the customer', error);
    }
  }

  async function exchangeCode(
    code: string,
    exchange: { redirectUri?: string; codeVerifier?: string; customerId?: string } = {},
  ): Promise<SignOnSession> {
    if (!isText(code)) throw new PraveshError('required', { list: 'code' });
    const body: Record<string, string> = { authorizationCode: code };
    const redirectUri = exchange.redirectUri ?? settings.redirectLoginUri;
    if (redirectUri) body.redirect_uri = redirectUri;
    if (exchange.codeVerifier) body.code_verifier = exchange.codeVerifier;
    if (exchange.customerId) body.customerId = exchange.customerId;
    // The accounts host sets its session cookie itself when the customer signed in through its
    // pages; after a direct authorize call it may not have, so this page asks for a one-time
    // handoff and loads it in the hidden setSSID image (spec 000 §7). The session token itself
    // never reaches this page (issue 12 §1.4, §1.5).
    const wantsHandoff = !hasExistsCookie() && Boolean(settings.accountsUrl);
    // spec 001 §7: POST getSsoToken?guc=true with { authorizationCode }.
    const reply = await client.request<SsoTokenReply | undefined>(
      'POST',
      `${SSO_ROUTES.getSsoToken}?${GET_SSO_TOKEN_QUERY}`,
      { body: wantsHandoff ? { ...body, ssidHandoff: true } : body },
    );
    const mobileNo = reply?.mobileNo ?? reply?.mobilePhone;
    if (!reply || !isText(reply.accessToken) || !isText(reply.customerId) || !isText(mobileNo)) {
      throw failure(ERRORS.somethingWentWrong.code, 'somethingWentWrong', reply);
    }
    const expiresIn = typeof reply.expiresIn === 'number' && reply.expiresIn > 0 ? reply.expiresIn : 900;
    tokens.write(reply.accessToken, expiresIn);
    session = {
      customerId: reply.customerId,
      mobileNo,
      accessToken: reply.accessToken,
      expiresAt: now() + expiresIn * 1000,
      scope: isText(reply.scope) ? reply.scope : settings.scope,
    };
    // Failures of the hidden image are ignored (spec 000 §7).
    const handoff = reply.ssidHandoff;
    if (wantsHandoff && isText(handoff) && !hasExistsCookie()) {
      accounts()
        .imageUrl(SSO_ROUTES.setSsid, { token: handoff })
        .then(loadImage, () => undefined);
    }
    await linkVisitor({ mobileNo, customerId: reply.customerId });
    notify();
    return session;
  }

  /** POST oauth/authorize with the method's fields; the code is bound to a fresh PKCE verifier. */
  async function authorizeOnce(fields: Record<string, unknown>): Promise<{ code: string; verifier: string }> {
    const base = loginBase();
    const loginState = randomToken(16);
    const pkce = await newPkcePair();
    const body: Record<string, unknown> = {
      response_type: 'code',
      client_id: base.clientId,
      redirect_uri: base.redirectLoginUri,
      state: loginState,
      scope: base.scope,
      ...ids(),
      ...(settings.authType ? { auth_type: settings.authType } : {}),
      ...(settings.version ? { version: settings.version } : {}),
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null && value !== '') body[name] = value;
    }
    const reply = await accounts().request<AuthorizeReply | undefined>('POST', SSO_ROUTES.authorize, {
      headers: { 'site-id': String(siteId) },
      body,
    });
    if (!reply || !isText(reply.code)) throw failure(ERRORS.somethingWentWrong.code, 'somethingWentWrong', reply);
    // RFC 6749 §10.12: the state must come back unchanged.
    if (reply.state !== undefined && reply.state !== loginState) throw new PraveshError('invalidGrant');
    return { code: reply.code, verifier: pkce.verifier };
  }

  const sealPassword = (password: string) => seal('password', password);
  const inputsFor = (credentials: AuthorizeCredentials) =>
    methodInputs(credentials, readUrlSignOnParams(currentUrl()), { siteId, hasSessionCookie: hasExistsCookie() });

  /** One-time values of the URL are used once: they leave the address bar as soon as they are read. */
  function dropUsedUrlParams(method: AuthMethod): void {
    const url = currentUrl();
    const params = readUrlSignOnParams(url);
    const present = urlParamsOf(method).filter((name) => params[name] !== undefined);
    if (present.length > 0) replaceUrl(withoutSignOnParams(url, present));
  }

  // --- the widget --------------------------------------------------------------------------

  function widgetOpener(): OpenSignInWidget {
    if (options.openWidget) return options.openWidget;
    return async (request) => {
      const src = options.widgetSrc ?? (ownScript ? new URL(SIGN_IN_WIDGET_FILE, ownScript).href : undefined);
      if (!src) throw new PraveshError('required', { list: 'widgetSrc' });
      const open = await loadSignInWidget(src, options.nonce);
      return open(request);
    };
  }

  async function sealedLinkValues(linkOptions: LoginLinkOptions) {
    const mobileNo = linkOptions.mobileNo?.trim();
    const leadId = linkOptions.leadId === undefined ? undefined : String(linkOptions.leadId).trim();
    const [sealedMobileNo, sealedLeadId] = await Promise.all([
      mobileNo ? seal('login-link', mobileNo) : undefined,
      leadId ? seal('login-link', leadId) : undefined,
    ]);
    return { sealedMobileNo, sealedLeadId };
  }

  async function loginLink(linkOptions: LoginLinkOptions = {}): Promise<string> {
    const base = loginBase();
    const loginState = linkOptions.state ?? randomToken(16);
    const pkce = await newPkcePair();
    const link = loginLinkUrl(base, {
      state: loginState,
      journeyType: linkOptions.journeyType ?? settings.journeyType,
      screenType: linkOptions.screenType === undefined ? settings.screenType : String(linkOptions.screenType),
      version: linkOptions.version === undefined ? settings.version : String(linkOptions.version),
      authType: linkOptions.authType ?? settings.authType,
      forceRedirect: linkOptions.forceRedirect,
      editMobile: linkOptions.editMobile ?? settings.editMobile,
      codeChallenge: pkce.challenge,
      ...(await sealedLinkValues(linkOptions)),
    });
    pendingLogins.remember(loginState, {
      verifier: pkce.verifier,
      redirectUri: base.redirectLoginUri,
      createdAt: now(),
    });
    return link;
  }

  /** Opens the widget for a journey; resolves with its result and what exchanging its code needs. */
  async function openJourney(journeyType: WidgetJourneyType, signInOptions: SignInOptions) {
    const base = loginBase();
    const accountsUrl = base.accountsUrl;
    const loginState = randomToken(16);
    const pkce = await newPkcePair();
    const query = loginQuery(base, {
      state: loginState,
      journeyType,
      screenType: signInOptions.screenType === undefined ? settings.screenType : String(signInOptions.screenType),
      version: signInOptions.version === undefined ? settings.version : String(signInOptions.version),
      authType: signInOptions.authType ?? settings.authType,
      forceRedirect: signInOptions.forceRedirect,
      editMobile: signInOptions.editMobile ?? settings.editMobile,
      codeChallenge: pkce.challenge,
      ...(await sealedLinkValues(signInOptions)),
    });
    const { visitorId, visitId } = visitorIds(visitor);
    const request: SignInWidgetRequest = {
      accountsUrl,
      journeyType,
      params: Object.fromEntries(query),
      visitorId,
      visitId,
      closable: signInOptions.closable ?? true,
      onOtpSent: signInOptions.onOtpSent,
      onAuth: signInOptions.onAuth,
      onAuthFailed: signInOptions.onAuthFailed,
    };
    const result = await widgetOpener()(request);
    return { result, state: loginState, verifier: pkce.verifier, redirectUri: base.redirectLoginUri };
  }

  function toFailed(error: unknown): Extract<SignInResult, { status: 'failed' }> {
    if (error instanceof PassRequestError) {
      return { status: 'failed', error: error.statusCode, message: error.statusMessage ?? error.statusCode };
    }
    if (error instanceof PraveshError) return { status: 'failed', error: error.code, message: error.message };
    return { status: 'failed', error: ERRORS.somethingWentWrong.code, message: 'somethingWentWrong' };
  }

  async function settleWidget(opened: Awaited<ReturnType<typeof openJourney>>): Promise<SignInResult> {
    const { result } = opened;
    switch (result.event) {
      case 'auth':
        if (result.state !== opened.state) return toFailed(new PraveshError('invalidGrant'));
        try {
          return {
            status: 'signedIn',
            session: await exchangeCode(result.code, {
              redirectUri: opened.redirectUri,
              codeVerifier: opened.verifier,
              customerId: result.customerId,
            }),
          };
        } catch (error) {
          return toFailed(error);
        }
      case 'authFailed':
        return { status: 'failed', error: result.error, message: result.message };
      case 'closed':
        return { status: 'closed', error: 'closed_by_user' };
      case 'redirected':
        return { status: 'redirected' };
    }
  }

  async function signIn(signInOptions: SignInOptions = {}): Promise<SignInResult> {
    const journeyType = signInOptions.journeyType ?? settings.journeyType;
    if (!isWidgetJourney(journeyType)) {
      // spec 000 §2: any other journey type redirects to the login link.
      navigate(await loginLink({ ...signInOptions, journeyType }));
      return { status: 'redirected' };
    }
    return settleWidget(await openJourney(journeyType, signInOptions));
  }

  async function authorize(credentials: AuthorizeCredentials = {}): Promise<SignOnSession> {
    loginBase();
    const inputs = inputsFor(credentials);
    const method = selectAuthMethod(inputs) ?? DEFAULT_AUTH_METHOD;
    if (method === 'otp' && !(inputs.mobileNo && inputs.otp)) {
      // spec 000 §4 "Default otp": the OTP journey asks for whatever is missing.
      const result = await signIn({
        journeyType: 'JOURNEY_OTP',
        ...(inputs.mobileNo ? { mobileNo: inputs.mobileNo } : {}),
      });
      if (result.status === 'signedIn') return result.session;
      throw resultError(result);
    }
    const fields = await methodFields(method, inputs, credentials, sealPassword);
    let granted: { code: string; verifier: string };
    try {
      granted = await authorizeOnce(fields);
    } catch (error) {
      const sealedMobile = mfaSealedMobile(error);
      if (sealedMobile === undefined) throw error;
      granted = await afterSecondFactor(sealedMobile, fields);
    }
    dropUsedUrlParams(method);
    return exchangeCode(granted.code, { codeVerifier: granted.verifier });
  }

  /**
   * spec 000 §4: "If authorize returns mfaRequired, an OTP journey widget opens with the decrypted
   * mobile number and force_redirect=1, then the call is retried." The OTP step signs the customer
   * in on the accounts host and trusts this device, so the retry passes; if it still does not
   * (the accounts host's session cookie not visible to this site), the journey's own code is used.
   */
  async function afterSecondFactor(sealedMobile: string, fields: Record<string, unknown>) {
    let mobileNo: string | undefined;
    try {
      const opened = await openForSite(await siteKeyOnce(), 'login-link', sealedMobile);
      mobileNo = typeof opened === 'string' ? opened : undefined;
    } catch {
      mobileNo = undefined;
    }
    const opened = await openJourney('JOURNEY_OTP', {
      forceRedirect: true,
      editMobile: 0,
      ...(mobileNo ? { mobileNo } : {}),
    });
    if (opened.result.event !== 'auth') throw resultError(await settleWidget(opened));
    if (opened.result.state !== opened.state) throw new PraveshError('invalidGrant');
    try {
      return await authorizeOnce(fields);
    } catch (error) {
      logger.warn('authorize retry after the OTP step failed: using the OTP journey’s code', error);
      return { code: opened.result.code, verifier: opened.verifier };
    }
  }

  function resultError(result: SignInResult): PassRequestError {
    if (result.status === 'closed') return failure(result.error, result.error);
    if (result.status === 'failed') return failure(result.error, result.message);
    return failure(result.status, result.status);
  }

  async function callerIdLogin(loginOptions: CallerIdLoginOptions = {}): Promise<CallerIdSignInResult> {
    loginBase();
    // Synchronous up to here: the default opener may open its window within the click.
    const opener: AppOpener = options.openCallerIdApp ?? windowAppOpener(loginOptions.appPresence === 'assume');
    let opened = false;
    const openApp = (appUrl: string) => {
      opened = true;
      return opener(appUrl);
    };
    try {
      const outcome = await runCallerIdLogin(
        {
          accounts,
          siteId,
          schedule,
          cancel,
          openApp,
          isAndroid: options.isAndroid ?? callerIdDefaults.isAndroid,
          pageHasFocus: options.pageHasFocus ?? callerIdDefaults.pageHasFocus,
        },
        loginOptions,
      );
      if (outcome.status !== 'login_initiated') return { status: outcome.status };
      // spec 000 §4: "Success triggers login_initiated then an authorization-code fetch."
      const inputs = inputsFor(callerIdCredentials(outcome.requestNonce));
      const fields = await methodFields('social_truecaller', inputs, {}, sealPassword);
      const granted = await authorizeOnce(fields);
      return { status: 'signedIn', session: await exchangeCode(granted.code, { codeVerifier: granted.verifier }) };
    } catch (error) {
      return toFailed(error);
    } finally {
      if (!opened) opener.discard?.();
    }
  }

  /** Signs in with what the page already has: the URL's glssKey or signature, or the session cookie. */
  async function silentSignIn(): Promise<SignOnSession | undefined> {
    const url = readUrlSignOnParams(currentUrl());
    const inputs: AuthMethodInputs = {
      glss_key: url.glssKey,
      siteId: url.siteId,
      auth_token: url.signature,
      hasSessionCookie: hasExistsCookie(),
    };
    const method = selectAuthMethod(inputs);
    if (!method) return undefined;
    const fields = await methodFields(method, inputs, {}, sealPassword);
    dropUsedUrlParams(method);
    const granted = await authorizeOnce(fields);
    return exchangeCode(granted.code, { codeVerifier: granted.verifier });
  }

  async function initialize(): Promise<SignOnSession | undefined> {
    const url = currentUrl();
    const params = readUrlSignOnParams(url);
    try {
      if (params.code !== undefined && params.state !== undefined) {
        // The return from a login link: only a state this browser issued is exchanged (RFC 6749 §10.12).
        const pending = pendingLogins.take(params.state);
        if (pending) {
          replaceUrl(withoutSignOnParams(url, ['code', 'state']));
          return await exchangeCode(params.code, { redirectUri: pending.redirectUri, codeVerifier: pending.verifier });
        }
      }
      if (sessionExists(environment, cookies, url)) return await silentSignIn();
    } catch (error) {
      logger.warn('signed out: the existing session could not be used', error);
    }
    return undefined;
  }

  /** One check: the shield config (and the visitor layer, when one was promised) is there. */
  function prerequisitesReady(): Promise<boolean> {
    return client.init().then(
      () => visitorSettled,
      () => false,
    );
  }

  /**
   * spec 000 §9: polls every second and stops after 5 s — checks at 0, 1, 2, 3, 4 and 5 s. A check
   * still running (a slow config fetch) when the next poll is due counts as not ready, and the
   * check at 5 s is the last, so the 5 s hold whatever the network does.
   */
  async function waitForPrerequisites(): Promise<boolean> {
    for (let waited = 0; ; waited += AUTO_INIT_POLL_MS) {
      const last = waited + AUTO_INIT_POLL_MS > AUTO_INIT_TIMEOUT_MS;
      let handle: unknown;
      const due = new Promise<false>((resolve) => {
        handle = schedule(() => resolve(false), last ? 0 : AUTO_INIT_POLL_MS);
      });
      const ready = await Promise.race([prerequisitesReady(), due]);
      if (ready || last) {
        cancel(handle);
        return ready;
      }
      await due;
    }
  }

  function autoInit(): Promise<SignOnInitResult> {
    initializing ??= (async (): Promise<SignOnInitResult> => {
      if (!(await waitForPrerequisites())) {
        // Stopped after 5 s: still PENDING; a later autoInit() starts polling again.
        initializing = undefined;
        return { state, session };
      }
      setState('IN_PROCESS');
      await initialize();
      setState('INITIALIZED');
      return { state, session };
    })();
    return initializing;
  }

  async function refreshAccessToken(): Promise<string> {
    refreshing ??= (async () => {
      const found = await silentSignIn();
      if (!found) throw new PraveshError('sessionInvalid');
      return found.accessToken;
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  function logoutLink(): string {
    const required = requireFields(
      { redirectLogoutUri: settings.redirectLogoutUri, accountsUrl: settings.accountsUrl },
      LOGOUT_REQUIREMENTS,
    );
    return logoutLinkUrl(required.accountsUrl, required.redirectLogoutUri);
  }

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const send = (token: string) =>
      client.request<T>(method, path, {
        ...requestOptions,
        // pb-access-token for the service; sso-authentication-token is moved into the pass token's
        // sso strategy by the HTTP client (spec 000 §7 request interceptor).
        headers: { ...requestOptions.headers, 'pb-access-token': token, 'sso-authentication-token': token },
      });
    const token = tokens.read() ?? (await refreshAccessToken());
    try {
      return await send(token);
    } catch (error) {
      if (!returnedNoStatus(error)) throw error;
      // spec 000 §4: a new access token, stored in the cookie, and one retry.
      return send(await refreshAccessToken());
    }
  }

  return {
    config: settings,
    get state() {
      return state;
    },
    get session() {
      return session;
    },
    autoInit,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sessionExists: () => sessionExists(environment, cookies, currentUrl()),
    loginLink,
    logoutLink,
    signIn,
    authorize,
    callerIdLogin,
    exchangeCode,
    async sendOtp(mobileNo, extras = {}) {
      const required = requireFields(
        { mobileNo: mobileNo?.trim(), accountsUrl: settings.accountsUrl },
        OTP_REQUIREMENTS,
      );
      // spec 000 §7: authorization-key is the encrypted string of site id, timestamp and mobile number.
      const authorizationKey = await seal('authorization-key', {
        siteId,
        timestamp: now(),
        mobileNo: required.mobileNo,
      });
      const { visitorId, visitId } = ids();
      return accounts().request<OtpSendResponse>('POST', SSO_ROUTES.otp, {
        headers: { 'site-id': String(siteId), 'authorization-key': authorizationKey },
        body: { mobileNo: required.mobileNo, visitorId, visitId, ...extras },
      });
    },
    async checkPreference(mobileNo) {
      const required = requireFields(
        { mobileNo: mobileNo?.trim(), accountsUrl: settings.accountsUrl },
        OTP_REQUIREMENTS,
      );
      return accounts().request<PreferenceResponse>('GET', SSO_ROUTES.preference, {
        headers: { 'site-id': String(siteId) },
        query: { mobileNo: required.mobileNo },
      });
    },
    request,
    refreshAccessToken,
    getAccessToken: () => tokens.read(),
    logout() {
      const link = logoutLink();
      tokens.clear();
      session = undefined;
      if (visitor) unlinkVisitorCustomer(visitor);
      notify();
      navigate(link);
    },
  };
}
