import { isWidgetJourney } from '@pravesh/core';
import type { SignInWidgetRequest, SignInWidgetResult } from '@pravesh/sdk';
import { openInShadowRoot } from '../shared/shadow-root.tsx';
import { accountsOrigin, listenerUrl } from './listener-url.ts';
import { SignInDialog } from './sign-in-dialog.tsx';
import { boxKindFor } from './sizes.ts';
import { SIGN_IN_CSS } from './styles.ts';

/** The element the widget is rendered under; its shadow root keeps the page's CSS out. */
export const SIGN_IN_HOST_TAG = 'pravesh-sign-in';

export interface OpenSignInWidgetOptions {
  /** The page the widget opens on; default the global document. */
  document?: Document;
}

let active: Promise<SignInWidgetResult> | undefined;

/** Page scroll is locked while the widget is open (spec 000 §2) and given back as it was. */
function lockScroll(doc: Document): () => void {
  const html = doc.documentElement;
  const body = doc.body;
  const view = doc.defaultView;
  const saved = {
    htmlOverflow: html.style.overflow,
    bodyOverflow: body.style.overflow,
    bodyPaddingRight: body.style.paddingRight,
  };
  // The scroll bar disappears with overflow: hidden; padding in its place keeps the page still.
  const scrollbar = view ? view.innerWidth - html.clientWidth : 0;
  if (scrollbar > 0) {
    const padding = view ? parseFloat(view.getComputedStyle(body).paddingRight) || 0 : 0;
    body.style.paddingRight = `${padding + scrollbar}px`;
  }
  html.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  return () => {
    html.style.overflow = saved.htmlOverflow;
    body.style.overflow = saved.bodyOverflow;
    body.style.paddingRight = saved.bodyPaddingRight;
  };
}

/**
 * Opens the sign-in widget (spec 000 §2 "Sign-in modal", §4 "Sign-in widget") and resolves with how
 * it ended, after it has closed and the page is as it was: scroll, focus and inertness restored.
 * Journey types the widget does not open go to the login link instead (request.redirect). While one
 * widget is open, opening again answers the open one's result.
 */
export function openSignInWidget(
  request: SignInWidgetRequest,
  options: OpenSignInWidgetOptions = {},
): Promise<SignInWidgetResult> {
  if (!isWidgetJourney(request.journeyType)) {
    request.redirect?.();
    return Promise.resolve({ event: 'redirected' });
  }
  if (active) return active;

  const doc = options.document ?? document;
  const view = doc.defaultView;
  if (!view) return Promise.reject(new Error('the sign-in widget needs a window'));
  const closable = request.closable !== false;
  const origin = accountsOrigin(request.accountsUrl);
  const src = listenerUrl({
    accountsUrl: request.accountsUrl,
    journeyType: request.journeyType,
    params: request.params,
    parentOrigin: view.location.origin,
    visitorId: request.visitorId,
    visitId: request.visitId,
    closable,
  });

  active = openInShadowRoot<SignInWidgetResult>({
    document: doc,
    tagName: SIGN_IN_HOST_TAG,
    css: SIGN_IN_CSS,
    lockScroll,
    onClosed: () => {
      active = undefined;
    },
    render: (finish) => (
      <SignInDialog
        src={src}
        origin={origin}
        kind={boxKindFor(request.journeyType)}
        closable={closable}
        view={view}
        onOtpSent={request.onOtpSent}
        onAuth={request.onAuth}
        onAuthFailed={request.onAuthFailed}
        onFinish={finish}
      />
    ),
  });
  return active;
}
