import type { HttpMethod, RequestOptions } from '../http.ts';
import { createAccountsClient, type LoginLinkOptions, type OtpPayloadExtras } from './accounts-client.ts';
import { createAuthorizeFlow, type CallerIdSignInResult } from './authorize-flow.ts';
import { createBrowserEnv, type SignOnOptions } from './browser-env.ts';
import type { CallerIdLoginOptions } from './caller-id.ts';
import { checkClient, resolveSignOnConfig, type ResolvedSignOnConfig } from './config.ts';
import type { AuthorizeCredentials } from './methods.ts';
import { sessionExists } from './session-exists.ts';
import { createSessionState, type SignOnInitResult, type SignOnSession, type SignOnSnapshot } from './session-state.ts';
import { createWidgetJourney, type SignInOptions, type SignInResult } from './widget-journey.ts';
import type { OtpSendResponse, PreferenceResponse, SsoInitState } from '@pravesh/core';

/**
 * The single sign-on client of spec 000 (§3 "Sign-on configuration", §4, §5), put together from its
 * five parts: the browser environment (browser-env.ts), the accounts host's client
 * (accounts-client.ts), the session state and code exchange (session-state.ts), the widget journey
 * (widget-journey.ts) and the authorize flow (authorize-flow.ts). Each part is given the ones
 * before it, so none imports a later one.
 */
export { AUTO_INIT_POLL_MS, AUTO_INIT_TIMEOUT_MS, maskMobileNo, returnedNoStatus } from './authorize-flow.ts';
export type { AuthorizeCredentials, CallerIdSignInResult, LoginLinkOptions, OtpPayloadExtras, SignInOptions };
export type { SignInResult, SignOnInitResult, SignOnOptions, SignOnSession, SignOnSnapshot };

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

/**
 * Checks its configuration at once; every call that needs more checks that at call time, with the
 * spec's "[list] is required".
 */
export function createSignOn(pravesh: unknown, config: unknown, options: SignOnOptions = {}): SignOn {
  const client = checkClient(pravesh);
  const settings = resolveSignOnConfig(client, config);
  const env = createBrowserEnv(options);
  const accountsClient = createAccountsClient(client, settings, env);
  const sessionState = createSessionState(client, settings, env, accountsClient);
  const journeys = createWidgetJourney(settings, env, accountsClient, sessionState);
  const flow = createAuthorizeFlow(client, settings, env, accountsClient, sessionState, journeys);

  return {
    config: settings,
    get state() {
      return sessionState.state;
    },
    get session() {
      return sessionState.session;
    },
    autoInit: flow.autoInit,
    subscribe: sessionState.subscribe,
    sessionExists: () => sessionExists(settings.environment, env.cookies, env.currentUrl()),
    loginLink: accountsClient.loginLink,
    logoutLink: accountsClient.logoutLink,
    signIn: journeys.signIn,
    authorize: flow.authorize,
    callerIdLogin: flow.callerIdLogin,
    exchangeCode: sessionState.exchangeCode,
    sendOtp: accountsClient.sendOtp,
    checkPreference: accountsClient.checkPreference,
    request: flow.request,
    refreshAccessToken: flow.refreshAccessToken,
    getAccessToken: sessionState.accessToken,
    logout() {
      const link = accountsClient.logoutLink();
      sessionState.end();
      env.navigate(link);
    },
  };
}
