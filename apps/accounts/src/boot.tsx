import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ERRORS, sessionCookieNames, type Environment } from '@pravesh/core';
import { FrameApp, PageApp } from './app.tsx';
import { PageLayout } from './components/page-layout.tsx';
import { detectWebOtp } from './hooks/use-web-otp.ts';
import { createAccountsApi } from './lib/api.ts';
import { readBootstrap, type AccountsBootstrap, type LinkProblem } from './lib/bootstrap.ts';
import { legalLinks } from './lib/legal.ts';
import { resolveEmbedderOrigin } from './lib/origins.ts';
import { createParentChannel } from './lib/parent-channel.ts';
import { paramProblem, parseJourneyParams } from './lib/params.ts';

export const ROOT_ELEMENT_ID = 'pravesh-accounts';

function hasCookie(name: string): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}

function sessionExists(environment: Environment): boolean {
  // spec 000 §4: a session exists when the exists-cookie is set (the token cookie is HttpOnly).
  return hasCookie(sessionCookieNames(environment).exists);
}

function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** Shown when the page cannot run at all: no configuration, or framed by an unknown page. */
export function Unavailable({ title, detail }: { title: string; detail: string }) {
  return (
    <PageLayout>
      <section className="step step--center" aria-labelledby="unavailable-title">
        <h1 className="step-title" id="unavailable-title">
          {title}
        </h1>
        <p className="step-lede">{detail}</p>
      </section>
    </PageLayout>
  );
}

/**
 * Why this link cannot sign anyone in, known before the journey starts: the server's check of
 * /authorize (client, redirect_uri, scope, PKCE), else the page's own (missing parameters).
 */
function linkProblem(
  page: 'listener' | 'authorize',
  bootstrap: AccountsBootstrap,
  params: ReturnType<typeof parseJourneyParams>,
): LinkProblem | undefined {
  if (page === 'authorize' && bootstrap.linkProblem) return bootstrap.linkProblem;
  const detail = paramProblem(params);
  return detail === undefined ? undefined : { statusCode: ERRORS.badRequest.code, detail };
}

function render(node: ReactNode): void {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error(`#${ROOT_ELEMENT_ID} is missing`);
  createRoot(container).render(<StrictMode>{node}</StrictMode>);
}

/**
 * Starts /listener or /authorize. /listener in a frame talks to the embedding page; opened on its
 * own (or /authorize) it is a full page that redirects to the client's redirect_uri.
 */
export function boot(page: 'listener' | 'authorize'): void {
  let bootstrap: AccountsBootstrap;
  try {
    bootstrap = readBootstrap();
  } catch {
    render(<Unavailable title="Sign-in isn’t available" detail="This page is missing its configuration." />);
    return;
  }
  const params = parseJourneyParams(window.location.search);
  const api = createAccountsApi({
    apiBaseUrl: bootstrap.apiBaseUrl,
    environment: bootstrap.environment,
    ssoSiteId: bootstrap.ssoSiteId,
    params,
  });
  const common = {
    api,
    params,
    initialProblem: linkProblem(page, bootstrap, params),
    sessionExists: sessionExists(bootstrap.environment),
    webOtp: detectWebOtp(window),
  };

  if (page === 'listener' && isFramed()) {
    const ancestors = window.location.ancestorOrigins as DOMStringList | undefined;
    const embedder = resolveEmbedderOrigin(
      {
        parentOrigin: params.parentOrigin,
        ancestorOrigins: ancestors ? Array.from(ancestors) : undefined,
        referrer: document.referrer,
        redirectUri: params.redirectUri,
      },
      bootstrap.frameOrigins,
    );
    if (!embedder.ok) {
      // Nothing is posted: we cannot name an origin we trust (never '*').
      render(
        <Unavailable
          title="Sign-in isn’t available here"
          detail="This sign-in window can only be opened from a partner site."
        />,
      );
      return;
    }
    const channel = createParentChannel({ origin: embedder.origin, parent: window.parent, self: window });
    document.documentElement.classList.add('is-framed');
    render(<FrameApp {...common} channel={channel} legal={legalLinks(bootstrap, embedder.origin)} />);
    return;
  }
  render(
    <PageApp
      {...common}
      legal={legalLinks(bootstrap, params.redirectUri)}
      navigate={(url) => window.location.assign(url)}
    />,
  );
}
