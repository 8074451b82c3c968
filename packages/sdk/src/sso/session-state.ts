import { ERRORS, GET_SSO_TOKEN_QUERY, PraveshError, SSO_ROUTES, type SsoInitState } from '@pravesh/core';
import { failure, isText, type AccountsClient } from './accounts-client.ts';
import type { BrowserEnv } from './browser-env.ts';
import type { ResolvedSignOnConfig, SignOnClient } from './config.ts';
import { existsCookieSet } from './session-exists.ts';
import { accessTokenCookieName, cookieTokenStore, memoryTokenStore, type TokenStore } from './token-store.ts';
import { linkVisitorToCustomer, unlinkVisitorCustomer } from './visitor-link.ts';

/**
 * The sign-on client's state (one of the five parts of sign-on.ts): PENDING →
 * IN_PROCESS → INITIALIZED (spec 000 §4), the signed-in customer, their access token, the
 * listeners told of each change, and the code exchange that starts a session.
 */

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

export interface SignOnInitResult {
  state: SsoInitState;
  session: SignOnSession | undefined;
}

export interface SignOnSnapshot {
  state: SsoInitState;
  session: SignOnSession | undefined;
}

export interface CodeExchange {
  redirectUri?: string;
  codeVerifier?: string;
  customerId?: string;
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

export type SessionState = ReturnType<typeof createSessionState>;

export function createSessionState(
  client: SignOnClient,
  settings: ResolvedSignOnConfig,
  env: BrowserEnv,
  accountsClient: AccountsClient,
) {
  const { siteId, environment } = settings;
  const tokens: TokenStore =
    settings.tokenSource === 'memory'
      ? memoryTokenStore()
      : cookieTokenStore(accessTokenCookieName(environment, siteId), env.cookies, {
          secure: env.secure,
          domain: env.options.cookieDomain,
        });
  let state: SsoInitState = 'PENDING';
  let session: SignOnSession | undefined;
  const listeners = new Set<(snapshot: SignOnSnapshot) => void>();

  function notify(): void {
    const snapshot = { state, session };
    for (const listener of listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        env.logger.warn('sign-on listener failed', error);
      }
    }
  }

  const hasSessionCookie = () => existsCookieSet(environment, env.cookies);

  async function linkVisitor(mobileNo: string, customerId: string): Promise<void> {
    const visitor = env.visitor();
    if (!visitor) return;
    try {
      await linkVisitorToCustomer(visitor, { mobileNo, customerId });
    } catch (error) {
      env.logger.warn('visitor record not linked to the customer', error);
    }
  }

  async function exchangeCode(code: string, exchange: CodeExchange = {}): Promise<SignOnSession> {
    if (!isText(code)) throw new PraveshError('required', { list: 'code' });
    const body: Record<string, string> = { authorizationCode: code };
    const redirectUri = exchange.redirectUri ?? settings.redirectLoginUri;
    if (redirectUri) body.redirect_uri = redirectUri;
    if (exchange.codeVerifier) body.code_verifier = exchange.codeVerifier;
    if (exchange.customerId) body.customerId = exchange.customerId;
    // The accounts host sets its session cookie itself when the customer signed in through its
    // pages; after a direct authorize call it may not have, so this page asks for a one-time
    // handoff and loads it in the hidden setSSID image (spec 000 §7). The session token itself
    // never reaches this page.
    const wantsHandoff = !hasSessionCookie() && Boolean(settings.accountsUrl);
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
      expiresAt: env.now() + expiresIn * 1000,
      scope: isText(reply.scope) ? reply.scope : settings.scope,
    };
    const handoff = reply.ssidHandoff;
    if (wantsHandoff && isText(handoff) && !hasSessionCookie()) accountsClient.handOffSession(handoff);
    await linkVisitor(mobileNo, reply.customerId);
    notify();
    return session;
  }

  return {
    get state() {
      return state;
    },
    get session() {
      return session;
    },
    setState: (next: SsoInitState): void => {
      state = next;
      notify();
    },
    subscribe: (listener: (snapshot: SignOnSnapshot) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hasSessionCookie,
    exchangeCode,
    accessToken: () => tokens.read(),
    /** Forgets the token and the visitor's customer (logout). */
    end: (): void => {
      tokens.clear();
      session = undefined;
      const visitor = env.visitor();
      if (visitor) unlinkVisitorCustomer(visitor);
      notify();
    },
  };
}
