import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button } from '@pravesh/ui';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { redirectionSubProductStored } from '../../app/slices/account.ts';
import { campaignRead } from '../../app/slices/user.ts';
import { FullPageSkeleton } from '../../layout/full-page-skeleton.tsx';
import { readCampaign } from '../../session/campaign.ts';
import { hasAuthorizationCode, LOGGED_OUT_PARAM, login, startsNewLoginAfterLogout } from '../../session/flows.ts';

type Phase = 'landing' | 'signingIn' | 'leaving';

const BENEFITS = [
  {
    title: 'Free credit score',
    text: 'Your score from CIBIL, Experian, CRIF High Mark and Equifax, refreshed for free.',
  },
  {
    title: 'Offers made for you',
    text: 'Pre-approved loans and cards from 60+ banks, matched to your credit profile.',
  },
  { title: 'Every application, one place', text: 'Track your loan and card applications from start to disbursal.' },
];

/**
 * The root screen (spec 001 §2: the site root and any unknown path). Signed out, it is the
 * landing with sign-in; it also finishes a login (an authorization code in the address, or the
 * accounts host's session from a sign-in on another Kosh site) and handles the return from logout.
 */
export default function RootScreen() {
  const services = useServices();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(
    (state) => Boolean(state.user.userData?.accessToken) && state.utility.apiErrors.length === 0,
  );
  const sessionEnded = useAppSelector((state) => state.user.sessionEnded);
  const [phase, setPhase] = useState<Phase>(() => {
    const params = new URLSearchParams(location.search);
    if (params.has(LOGGED_OUT_PARAM)) return 'leaving';
    // A session that just ended is not tried again behind the customer's back: its accounts session
    // is what failed (the SDK renews from it first), and the failed login's logout would drop the
    // page they were on and the explanation (session/flows.ts endSession).
    return hasAuthorizationCode(location.search) || (!signedIn && !sessionEnded && services.signOn.sessionExists())
      ? 'signingIn'
      : 'landing';
  });
  const [failed, setFailed] = useState(false);

  async function startSignIn() {
    // The campaign and the product asked for survive the round trip through the accounts host.
    dispatch(campaignRead(readCampaign(location.search, store.getState().user.utmData)));
    const subProduct = new URLSearchParams(location.search).get('subProduct');
    if (subProduct && /^[a-z]{1,16}$/.test(subProduct)) dispatch(redirectionSubProductStored(subProduct));
    services.analytics.track({ action: 'clicked', category: 'root', label: 'signIn', page: 'root' });
    try {
      services.navigate(await services.signOn.loginLink());
    } catch {
      setFailed(true);
    }
  }

  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'root', label: 'landing', page: 'root' });
    if (phase === 'leaving') {
      // spec 001 §4: after logout, a new login or the provider home, by environment.
      if (startsNewLoginAfterLogout(services)) {
        services.signOn.loginLink().then(
          (link) => services.navigate(link),
          () => setPhase('landing'),
        );
      } else {
        services.navigate(services.config.providerHomeUrl);
      }
      return;
    }
    if (phase !== 'signingIn') return;
    let live = true;
    void login({ services, store }).then((target) => {
      if (live && target !== undefined) void navigate(target, { replace: true });
    });
    return () => {
      live = false;
    };
  }, []);

  if (phase === 'signingIn') return <FullPageSkeleton label="Signing you in…" />;
  if (phase === 'leaving') return <FullPageSkeleton label="You have logged out. Taking you to sign in…" />;

  return (
    <div className="ma-root">
      <header className="ma-root-header">
        <span className="ma-brand">
          <span className="ma-brand-mark" aria-hidden="true">
            K
          </span>
          <span className="ma-brand-name">Kosh</span>
          <span className="ma-brand-product">My Account</span>
        </span>
      </header>
      <main id="main" className="ma-root-main">
        <section className="ma-root-hero" aria-labelledby="root-title">
          {sessionEnded && !signedIn ? (
            <>
              <h1 id="root-title" className="ma-root-title">
                Your session has ended
              </h1>
              <Alert tone="warning">
                For your security you’ve been signed out: your session expired, or it was ended on another device or
                tab. Sign in again and we’ll take you back to the page you were on.
              </Alert>
            </>
          ) : (
            <>
              <h1 id="root-title" className="ma-root-title">
                Your credit score, offers and applications in one place
              </h1>
              <p className="ma-root-lede">
                Sign in with your mobile number to see your free credit score, offers picked for your profile and the
                status of every application.
              </p>
            </>
          )}
          {failed ? <Alert tone="error">Something went wrong! Please try again later</Alert> : null}
          <div className="ma-root-actions">
            {signedIn ? (
              <Link className="pv-button pv-button--primary" to="/dashboard">
                <span>Go to My Account</span>
              </Link>
            ) : (
              <Button onClick={() => void startSignIn()}>Sign in to My Account</Button>
            )}
            <p className="ma-root-note">One sign-in for every Kosh site. We never share your number without consent.</p>
          </div>
        </section>
        <section className="ma-root-benefits" aria-label="What you get">
          <ul role="list">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title}>
                <h2>{benefit.title}</h2>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
