import {
  DEFAULT_AUTH_METHOD,
  ERRORS,
  MFA_REQUIRED_CODE,
  PraveshError,
  selectAuthMethod,
  type AuthMethod,
  type AuthMethodInputs,
} from '@pravesh/core';
import { PassRequestError, type HttpMethod, type RequestOptions } from '../http.ts';
import { isText, type AccountsClient } from './accounts-client.ts';
import type { BrowserEnv } from './browser-env.ts';
import {
  callerIdCredentials,
  callerIdDefaults,
  runCallerIdLogin,
  windowAppOpener,
  type AppOpener,
} from './caller-id.ts';
import type { CallerIdLoginOptions } from './caller-id.ts';
import type { ResolvedSignOnConfig, SignOnClient } from './config.ts';
import { readUrlSignOnParams, withoutSignOnParams } from './links.ts';
import { methodFields, methodInputs, urlParamsOf, type AuthorizeCredentials } from './methods.ts';
import { sessionExists } from './session-exists.ts';
import type { SessionState, SignOnInitResult, SignOnSession } from './session-state.ts';
import { resultError, toFailed, type WidgetJourney } from './widget-journey.ts';

/**
 * The authorize flow (one of the five parts of sign-on.ts): sign-in by the first
 * usable method of the priority list (spec 000 §4), the second factor, caller identification, the
 * silent sign-in from the URL or the session cookie, auto-init (spec 000 §9), and calls with the
 * access token, renewed once when a reply has no status.
 */

/** spec 000 §9: "Sign-on auto-init polls every 1 s, stops after 5 s." */
export const AUTO_INIT_POLL_MS = 1000;
export const AUTO_INIT_TIMEOUT_MS = 5000;

/** How a caller-identification login ended (spec 000 §4 statuses; signedIn after login_initiated). */
export type CallerIdSignInResult =
  | { status: 'signedIn'; session: SignOnSession }
  | { status: 'app_not_present' | 'rejected' | 'timeout' }
  /** The request, authorize or the exchange failed; `error` is the server's statusCode. */
  | { status: 'failed'; error: string; message: string };

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

/** Whether the error is the mfaRequired answer (spec 000 §4). */
function isMfaRequired(error: unknown): boolean {
  return error instanceof PassRequestError && error.statusCode === MFA_REQUIRED_CODE;
}

/** "98******10": enough for a customer to recognise their number, not enough to read it off a screen. */
export function maskMobileNo(mobileNo: string): string {
  return mobileNo.length < 6
    ? '*'.repeat(mobileNo.length)
    : `${mobileNo.slice(0, 2)}${'*'.repeat(mobileNo.length - 4)}${mobileNo.slice(-2)}`;
}

export function createAuthorizeFlow(
  client: SignOnClient,
  settings: ResolvedSignOnConfig,
  env: BrowserEnv,
  accountsClient: AccountsClient,
  sessionState: SessionState,
  journeys: WidgetJourney,
) {
  const { siteId, environment } = settings;
  const { logger } = env;
  const { authorizeOnce } = accountsClient;
  const { exchangeCode } = sessionState;
  let initializing: Promise<SignOnInitResult> | undefined;
  let refreshing: Promise<string> | undefined;

  const sealPassword = (password: string) => accountsClient.seal('password', password);
  const inputsFor = (credentials: AuthorizeCredentials) =>
    methodInputs(credentials, readUrlSignOnParams(env.currentUrl()), {
      siteId,
      hasSessionCookie: sessionState.hasSessionCookie(),
    });

  /** One-time values of the URL are used once: they leave the address bar as soon as they are read. */
  function dropUsedUrlParams(method: AuthMethod): void {
    const url = env.currentUrl();
    const params = readUrlSignOnParams(url);
    const present = urlParamsOf(method).filter((name) => params[name] !== undefined);
    if (present.length > 0) env.replaceUrl(withoutSignOnParams(url, present));
  }

  async function authorize(credentials: AuthorizeCredentials = {}): Promise<SignOnSession> {
    accountsClient.loginBase();
    const inputs = inputsFor(credentials);
    const method = selectAuthMethod(inputs) ?? DEFAULT_AUTH_METHOD;
    if (method === 'otp' && !(inputs.mobileNo && inputs.otp)) {
      // spec 000 §4 "Default otp": the OTP journey asks for whatever is missing.
      const result = await journeys.signIn({
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
      if (!isMfaRequired(error)) throw error;
      granted = await afterSecondFactor(fields);
    }
    dropUsedUrlParams(method);
    return exchangeCode(granted.code, { codeVerifier: granted.verifier });
  }

  /**
   * spec 000 §4: "If authorize returns mfaRequired, an OTP journey widget opens with the decrypted
   * mobile number and force_redirect=1, then the call is retried." The server answers the number
   * masked, not sealed (a sealed one told it to anyone who had only the password: server
   * authorize/service.ts maskMobile), so the number is the one this sign-in was made with: a mobile
   * and password sign-in opens the step with it, locked; a username sign-in lets the customer type
   * it. The OTP step signs the customer in on the accounts host and trusts this device, so the
   * retry passes; if it still does not (the accounts host's session cookie not visible to this
   * site), the journey's own code is used.
   */
  async function afterSecondFactor(fields: Record<string, unknown>) {
    const mobileNo = isText(fields.mobileNo) ? fields.mobileNo : undefined;
    const opened = await journeys.openJourney('JOURNEY_OTP', {
      forceRedirect: true,
      editMobile: mobileNo ? 0 : 1,
      ...(mobileNo ? { mobileNo } : {}),
    });
    if (opened.result.event !== 'auth') throw resultError(await journeys.settleWidget(opened));
    if (opened.result.state !== opened.state) throw new PraveshError('invalidGrant');
    try {
      return await authorizeOnce(fields);
    } catch (error) {
      logger.warn('authorize retry after the OTP step failed: using the OTP journey’s code', error);
      return { code: opened.result.code, verifier: opened.verifier };
    }
  }

  async function callerIdLogin(loginOptions: CallerIdLoginOptions = {}): Promise<CallerIdSignInResult> {
    accountsClient.loginBase();
    // Synchronous up to here: the default opener may open its window within the click.
    const opener: AppOpener = env.options.openCallerIdApp ?? windowAppOpener(loginOptions.appPresence === 'assume');
    let opened = false;
    const openApp = (appUrl: string) => {
      opened = true;
      return opener(appUrl);
    };
    try {
      const outcome = await runCallerIdLogin(
        {
          accounts: accountsClient.accounts,
          siteId,
          schedule: env.schedule,
          cancel: env.cancel,
          openApp,
          isAndroid: env.options.isAndroid ?? callerIdDefaults.isAndroid,
          pageHasFocus: env.options.pageHasFocus ?? callerIdDefaults.pageHasFocus,
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
    const url = readUrlSignOnParams(env.currentUrl());
    const inputs: AuthMethodInputs = {
      glss_key: url.glssKey,
      siteId: url.siteId,
      auth_token: url.signature,
      hasSessionCookie: sessionState.hasSessionCookie(),
    };
    const method = selectAuthMethod(inputs);
    if (!method) return undefined;
    const fields = await methodFields(method, inputs, {}, sealPassword);
    dropUsedUrlParams(method);
    const granted = await authorizeOnce(fields);
    return exchangeCode(granted.code, { codeVerifier: granted.verifier });
  }

  async function initialize(): Promise<SignOnSession | undefined> {
    const url = env.currentUrl();
    const params = readUrlSignOnParams(url);
    try {
      if (params.code !== undefined && params.state !== undefined) {
        // The return from a login link: only a state this browser issued is exchanged (RFC 6749 §10.12).
        const pending = env.pendingLogins.take(params.state);
        if (pending) {
          env.replaceUrl(withoutSignOnParams(url, ['code', 'state']));
          return await exchangeCode(params.code, { redirectUri: pending.redirectUri, codeVerifier: pending.verifier });
        }
      }
      if (sessionExists(environment, env.cookies, url)) return await silentSignIn();
    } catch (error) {
      logger.warn('signed out: the existing session could not be used', error);
    }
    return undefined;
  }

  /** One check: the shield config (and the visitor layer, when one was promised) is there. */
  function prerequisitesReady(): Promise<boolean> {
    return client.init().then(
      () => env.visitorSettled(),
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
        handle = env.schedule(() => resolve(false), last ? 0 : AUTO_INIT_POLL_MS);
      });
      const ready = await Promise.race([prerequisitesReady(), due]);
      if (ready || last) {
        env.cancel(handle);
        return ready;
      }
      await due;
    }
  }

  function autoInit(): Promise<SignOnInitResult> {
    const snapshot = () => ({ state: sessionState.state, session: sessionState.session });
    initializing ??= (async (): Promise<SignOnInitResult> => {
      if (!(await waitForPrerequisites())) {
        // Stopped after 5 s: still PENDING; a later autoInit() starts polling again.
        initializing = undefined;
        return snapshot();
      }
      sessionState.setState('IN_PROCESS');
      await initialize();
      sessionState.setState('INITIALIZED');
      return snapshot();
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

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const send = (token: string) =>
      client.request<T>(method, path, {
        ...requestOptions,
        // pb-access-token for the service; sso-authentication-token is moved into the pass token's
        // sso strategy by the HTTP client (spec 000 §7 request interceptor).
        headers: { ...requestOptions.headers, 'pb-access-token': token, 'sso-authentication-token': token },
      });
    const token = sessionState.accessToken() ?? (await refreshAccessToken());
    try {
      return await send(token);
    } catch (error) {
      if (!returnedNoStatus(error)) throw error;
      // spec 000 §4: a new access token, stored in the cookie, and one retry.
      return send(await refreshAccessToken());
    }
  }

  return { autoInit, authorize, callerIdLogin, refreshAccessToken, request };
}
