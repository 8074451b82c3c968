// /logout: the logout link's target (spec 000 §2).
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ROOT_ELEMENT_ID, Unavailable } from './boot.tsx';
import { Spinner } from '@pravesh/ui';
import { PageLayout } from './components/page-layout.tsx';
import { readBootstrap } from './lib/bootstrap.ts';
import { logoutUrl } from './lib/logout.ts';

function SigningOut() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const redirectUri = new URLSearchParams(window.location.search).get('redirect_uri') ?? undefined;
    Promise.resolve()
      .then(() => logoutUrl(readBootstrap(), redirectUri))
      .then(
        (url) => window.location.replace(url),
        () => setFailed(true),
      );
  }, []);
  if (failed) {
    return <Unavailable title="We couldn’t sign you out" detail="Please check your connection and try again." />;
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

const container = document.getElementById(ROOT_ELEMENT_ID);
if (container) {
  createRoot(container).render(
    <StrictMode>
      <SigningOut />
    </StrictMode>,
  );
}
