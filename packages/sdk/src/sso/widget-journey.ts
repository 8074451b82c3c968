import {
  ERRORS,
  isWidgetJourney,
  PraveshError,
  type FrameToParentPayloads,
  type WidgetJourneyType,
} from '@pravesh/core';
import { PassRequestError } from '../http.ts';
import { failure, type AccountsClient, type LoginLinkOptions } from './accounts-client.ts';
import type { BrowserEnv } from './browser-env.ts';
import type { ResolvedSignOnConfig } from './config.ts';
import { loginQuery } from './links.ts';
import { newPkcePair, randomToken } from './pkce.ts';
import type { SessionState, SignOnSession } from './session-state.ts';
import { visitorIds } from './visitor-link.ts';
import { loadSignInWidget, SIGN_IN_WIDGET_FILE, type OpenSignInWidget, type SignInWidgetRequest } from './widget.ts';

/**
 * The widget journey (one of the five parts of sign-on.ts): the sign-in widget opened
 * over the page for the widget journey types, its result checked against the state it was given
 * and its code exchanged; any other journey type goes to the login link (spec 000 §2, §4, §8).
 */
export type SignInResult =
  | { status: 'signedIn'; session: SignOnSession }
  /** spec 000 §4, §8: the widget was closed — event closed with error closed_by_user. */
  | { status: 'closed'; error: 'closed_by_user' }
  /** The journey or the exchange failed; `error` is the server's statusCode. */
  | { status: 'failed'; error: string; message: string }
  /** A journey type the widget does not open: the browser was sent to the login link. */
  | { status: 'redirected' };

export interface SignInOptions extends Omit<LoginLinkOptions, 'state'> {
  /** false: closed_by_user is ignored and no close control is shown (closable=0). */
  closable?: boolean;
  /** Forwarded frame messages (spec 000 §4). */
  onOtpSent?: (payload: FrameToParentPayloads['otpSent']) => void;
  onAuth?: (payload: FrameToParentPayloads['auth']) => void;
  onAuthFailed?: (payload: FrameToParentPayloads['authFailed']) => void;
}

/** A refusal as a failed result: the server's statusCode, or the catalogue's code. */
export function toFailed(error: unknown): Extract<SignInResult, { status: 'failed' }> {
  if (error instanceof PassRequestError) {
    return { status: 'failed', error: error.statusCode, message: error.statusMessage ?? error.statusCode };
  }
  if (error instanceof PraveshError) return { status: 'failed', error: error.code, message: error.message };
  return { status: 'failed', error: ERRORS.somethingWentWrong.code, message: 'somethingWentWrong' };
}

/** A result other than signedIn, as the error a promise of a session rejects with. */
export function resultError(result: SignInResult): PassRequestError {
  if (result.status === 'closed') return failure(result.error, result.error);
  if (result.status === 'failed') return failure(result.error, result.message);
  return failure(result.status, result.status);
}

export type WidgetJourney = ReturnType<typeof createWidgetJourney>;
export type OpenedJourney = Awaited<ReturnType<WidgetJourney['openJourney']>>;

export function createWidgetJourney(
  settings: ResolvedSignOnConfig,
  env: BrowserEnv,
  accountsClient: AccountsClient,
  sessionState: SessionState,
) {
  function widgetOpener(): OpenSignInWidget {
    const { openWidget, widgetSrc, nonce } = env.options;
    if (openWidget) return openWidget;
    return async (request) => {
      const src = widgetSrc ?? (env.ownScript ? new URL(SIGN_IN_WIDGET_FILE, env.ownScript).href : undefined);
      if (!src) throw new PraveshError('required', { list: 'widgetSrc' });
      const open = await loadSignInWidget(src, nonce);
      return open(request);
    };
  }

  /** Opens the widget for a journey; resolves with its result and what exchanging its code needs. */
  async function openJourney(journeyType: WidgetJourneyType, signInOptions: SignInOptions) {
    const base = accountsClient.loginBase();
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
      ...(await accountsClient.sealedLinkValues(signInOptions)),
    });
    const { visitorId, visitId } = visitorIds(env.visitor());
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

  async function settleWidget(opened: OpenedJourney): Promise<SignInResult> {
    const { result } = opened;
    switch (result.event) {
      case 'auth':
        if (result.state !== opened.state) return toFailed(new PraveshError('invalidGrant'));
        try {
          return {
            status: 'signedIn',
            session: await sessionState.exchangeCode(result.code, {
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
      env.navigate(await accountsClient.loginLink({ ...signInOptions, journeyType }));
      return { status: 'redirected' };
    }
    return settleWidget(await openJourney(journeyType, signInOptions));
  }

  return { openJourney, settleWidget, signIn };
}
