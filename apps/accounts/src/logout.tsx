// /logout: the logout link's target (spec 000 §2).
import { StrictMode, useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ROOT_ELEMENT_ID, Unavailable } from './boot.tsx';
import { Button, Spinner } from '@pravesh/ui';
import { PageLayout } from './components/page-layout.tsx';
import { readBootstrap, type AccountsBootstrap } from './lib/bootstrap.ts';
import { LogoutError, logOut } from './lib/logout.ts';

type Phase = 'confirm' | 'working' | 'done' | { failed: string };

/**
 * Signs out with POST oauth/logout, then goes to the checked redirect_uri. Arriving from this site
 * (the server's autoLogout) it does so at once; arriving from anywhere else it asks first, so a
 * hostile page that navigates here cannot sign the customer out.
 */
function SignOut({ bootstrap }: { bootstrap: AccountsBootstrap }) {
  const logout = bootstrap.logout;
  const [phase, setPhase] = useState<Phase>(logout?.autoLogout ? 'working' : 'confirm');
  const started = useRef(false);
  const run = useCallback(() => {
    if (!logout || started.current) return;
    started.current = true;
    setPhase('working');
    const redirectUri = new URLSearchParams(window.location.search).get('redirect_uri') ?? undefined;
    logOut({ apiBaseUrl: bootstrap.apiBaseUrl, csrfToken: logout.csrfToken }, redirectUri).then(
      (next) => (next ? window.location.replace(next) : setPhase('done')),
      (error: unknown) => {
        started.current = false;
        // Customers see plain words, never a catalogue code.
        setPhase({
          failed:
            error instanceof LogoutError && error.message !== 'somethingWentWrong'
              ? error.message
              : 'Please check your connection and try again.',
        });
      },
    );
  }, [bootstrap.apiBaseUrl, logout]);
  useEffect(() => {
    if (logout?.autoLogout) run();
  }, [logout, run]);

  if (!logout) return <Unavailable title="We couldn’t sign you out" detail="Please reload the page." />;
  if (typeof phase === 'object') {
    return <Unavailable title="We couldn’t sign you out" detail={phase.failed} />;
  }
  if (phase === 'done') {
    return (
      <PageLayout>
        <section className="step step--center" aria-labelledby="logout-title">
          <h1 className="step-title" id="logout-title">
            You are signed out
          </h1>
        </section>
      </PageLayout>
    );
  }
  if (phase === 'confirm') {
    return (
      <PageLayout>
        <section className="step step--center" aria-labelledby="logout-title">
          <h1 className="step-title" id="logout-title">
            Sign out?
          </h1>
          <p className="step-lede">You will be signed out on every site that uses this account.</p>
          <Button onClick={run}>Sign out</Button>
        </section>
      </PageLayout>
    );
  }
  return (
    <PageLayout>
      <section className="step step--center" aria-labelledby="logout-title" aria-busy="true">
        <Spinner large />
        <h1 className="step-title" id="logout-title">
          Signing you out…
        </h1>
      </section>
    </PageLayout>
  );
}

function start(): void {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) return;
  let bootstrap: AccountsBootstrap | undefined;
  try {
    bootstrap = readBootstrap();
  } catch {
    bootstrap = undefined;
  }
  createRoot(container).render(
    <StrictMode>
      {bootstrap ? (
        <SignOut bootstrap={bootstrap} />
      ) : (
        <Unavailable title="We couldn’t sign you out" detail="Please reload the page." />
      )}
    </StrictMode>,
  );
}

start();
