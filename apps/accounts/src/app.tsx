import { useCallback, useEffect, useRef, useState } from 'react';
import { Brand } from './components/brand.tsx';
import { PageLayout } from './components/page-layout.tsx';
import { useBoxSize, type PostBoxSize } from './hooks/use-box-size.ts';
import type { WebOtpReader } from './hooks/use-web-otp.ts';
import { SignIn, type Failure, type Step } from './journey/sign-in.tsx';
import type { AccountsApi, AuthorizationGrant, OtpSent } from './lib/api.ts';
import type { LinkProblem } from './lib/bootstrap.ts';
import type { LegalLinks } from './lib/legal.ts';
import type { ParentChannel } from './lib/parent-channel.ts';
import { OTP_BOX_JOURNEYS, type JourneyParams } from './lib/params.ts';

interface CommonProps {
  api: AccountsApi;
  params: JourneyParams;
  initialProblem?: LinkProblem | undefined;
  sessionExists?: boolean;
  webOtp?: WebOtpReader | undefined;
  /** The marketplace's terms and privacy pages (lib/legal.ts). */
  legal?: LegalLinks | undefined;
  now?: () => number;
}

export interface FrameAppProps extends CommonProps {
  /** The embedding page, at its exact origin. */
  channel: ParentChannel;
}

/**
 * /listener inside the sign-in widget's iframe (spec 000 §2, §4): the widget draws the modal, so
 * the frame is the card itself. Results go to the embedding page as frame messages.
 */
export function FrameApp({ channel, params, ...rest }: FrameAppProps) {
  const root = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>('starting');
  const [opened, setOpened] = useState(0);

  useEffect(() => channel.on('widgetOpen', () => setOpened((count) => count + 1)), [channel]);

  // Key events do not cross the iframe: Esc pressed while focus is in here never reaches the
  // widget's own Esc handler, so the frame asks for the close itself (spec 000 §4 closed_by_user),
  // only when the widget may be closed (closable=0 shows no close control and ignores Esc).
  useEffect(() => {
    if (!params.closable) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      channel.post('closed_by_user', {});
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [channel, params.closable]);

  const postSize = useCallback<PostBoxSize>((size) => channel.post('boxSize', size), [channel]);
  useBoxSize(root, postSize, {
    otpBox: OTP_BOX_JOURNEYS.includes(params.journeyType) && step === 'otp',
    remeasure: opened,
  });

  const onSignedIn = useCallback(
    (grant: AuthorizationGrant) =>
      channel.post('auth', { code: grant.code, state: grant.state, customerId: grant.customerId }),
    [channel],
  );
  const onFailed = useCallback(
    (failure: Failure) => channel.post('authFailed', { statusCode: failure.statusCode, statusMessage: failure.detail }),
    [channel],
  );
  const onOtpSent = useCallback(
    (sent: OtpSent, resent: boolean) =>
      channel.post('otpSent', {
        resendAfterSeconds: sent.resendAfterSeconds,
        expiresInSeconds: sent.expiresInSeconds,
        otpLength: sent.otpLength,
        resent,
      }),
    [channel],
  );

  const compact = OTP_BOX_JOURNEYS.includes(params.journeyType);
  return (
    <div className={`frame${compact ? ' frame--compact' : ''}`} ref={root}>
      <header className="frame-header">
        <Brand />
        {params.closable ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Close sign-in"
            onClick={() => channel.post('closed_by_user', {})}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </header>
      <div className="frame-body">
        {compact ? null : <FrameAside />}
        <main className="frame-main">
          <SignIn
            {...rest}
            params={params}
            onSignedIn={onSignedIn}
            onFailed={onFailed}
            onOtpSent={onOtpSent}
            onStep={setStep}
            focusSignal={opened}
          />
        </main>
      </div>
    </div>
  );
}

/** The wide full-journey frame's side panel (hidden below 720px by CSS). */
function FrameAside() {
  return (
    <aside className="frame-aside" aria-label="Why sign in">
      <p className="frame-aside-title">One sign-in for every partner site</p>
      <ul className="benefits">
        <li>Check your credit score for free, as often as you like</li>
        <li>Pick up loan and card applications where you left them</li>
        <li>Your number is verified by OTP and never shared without consent</li>
      </ul>
      <p className="frame-aside-trust">
        <svg className="lock-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        Secure sign-in, encrypted end to end
      </p>
    </aside>
  );
}

export interface PageAppProps extends CommonProps {
  /** Sends the browser on (location.assign in the browser; a spy in tests). */
  navigate: (url: string) => void;
}

/** The redirect back to the client (RFC 6749 §4.1.2): redirect_uri with code and state added. */
export function redirectUrl(grant: AuthorizationGrant, requestedState: string): string {
  const url = new URL(grant.redirect_uri);
  url.searchParams.set('code', grant.code);
  const state = grant.state || requestedState;
  if (state !== '') url.searchParams.set('state', state);
  return url.toString();
}

/**
 * /authorize as a full page: the login link's target and the OAuth authorization endpoint
 * (spec 000 §2). After sign-in the browser goes to the registered redirect_uri.
 */
export function PageApp({ navigate, params, ...rest }: PageAppProps) {
  const onSignedIn = useCallback(
    (grant: AuthorizationGrant) => navigate(redirectUrl(grant, params.state)),
    [navigate, params.state],
  );
  return (
    <PageLayout
      footer={
        <p>
          <svg className="lock-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
          Secure sign-in. Your number is used only to sign you in.
        </p>
      }
    >
      <SignIn {...rest} params={params} onSignedIn={onSignedIn} autoFocus />
    </PageLayout>
  );
}
