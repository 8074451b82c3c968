import { type FrameToParentPayloads, type WidgetJourneyType } from '@pravesh/core';
import { createScriptLoader } from '../script-loader.ts';

/**
 * The contract between the sign-on client and the sign-in widget (packages/widgets, React, its own
 * script). The SDK never imports the widget: it loads the widget script on first use and calls the
 * one function it exposes, so pages that never open the widget never download React.
 */

/** What the widget needs to open the accounts host's /listener in its frame (spec 000 §2, §4). */
export interface SignInWidgetRequest {
  /** Origin (and optional path prefix) of the accounts host. */
  accountsUrl: string;
  journeyType: WidgetJourneyType;
  /**
   * The journey's query (client_id, source_site_id, redirect_uri, state, scope, screen_type,
   * journey_type, version, sealed mobileNo and leadId, force_redirect, PKCE…); the widget adds
   * parentOrigin, visitorId, visitId and closable.
   */
  params: Record<string, string>;
  visitorId?: string | undefined;
  visitId?: string | undefined;
  /** false: the customer cannot close the widget (closable=0); default true. */
  closable?: boolean | undefined;
  /** Forwarded frame messages (spec 000 §4): otpSent, auth, authFailed. */
  onOtpSent?: ((payload: FrameToParentPayloads['otpSent']) => void) | undefined;
  onAuth?: ((payload: FrameToParentPayloads['auth']) => void) | undefined;
  onAuthFailed?: ((payload: FrameToParentPayloads['authFailed']) => void) | undefined;
  /** For journey types the widget does not open (spec 000 §2): go to the login link instead. */
  redirect?: (() => void) | undefined;
}

/**
 * How the widget ended: signed in (an authorization code to exchange), failed for good, or closed
 * by the customer — reported as event closed with error closed_by_user (spec 000 §4, §8).
 */
export type SignInWidgetResult =
  | { event: 'auth'; code: string; state: string; customerId: string }
  | { event: 'authFailed'; error: string; message: string }
  | { event: 'closed'; error: 'closed_by_user' }
  | { event: 'redirected' };

/** Opens the widget; resolves once it has closed (the widget's callback). */
export type OpenSignInWidget = (request: SignInWidgetRequest) => Promise<SignInWidgetResult>;

/** The global the widget script (dist/widgets/pravesh-sign-in.js) defines. */
export const SIGN_IN_WIDGET_GLOBAL = 'PraveshSignIn';
export const SIGN_IN_WIDGET_FILE = 'widgets/pravesh-sign-in.js';

interface SignInWidgetModule {
  openSignInWidget: OpenSignInWidget;
}

function loadedModule(): SignInWidgetModule | undefined {
  const module = (globalThis as Record<string, unknown>)[SIGN_IN_WIDGET_GLOBAL] as SignInWidgetModule | undefined;
  return typeof module?.openSignInWidget === 'function' ? module : undefined;
}

const loadWidgetModule = createScriptLoader(loadedModule);

/** Adds the widget script once (concurrent calls share the load); a failed load can be tried again. */
export function loadSignInWidget(src: string, nonce?: string): Promise<OpenSignInWidget> {
  return loadWidgetModule(src, nonce).then((module) => module.openSignInWidget);
}
