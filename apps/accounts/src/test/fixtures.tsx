import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { FrameApp, PageApp, type FrameAppProps, type PageAppProps } from '../app.tsx';
import { SignIn, type SignInProps } from '../journey/sign-in.tsx';
import type { AccountsApi, AuthorizationGrant, OtpSent, Preference } from '../lib/api.ts';
import { parseJourneyParams, type JourneyParams } from '../lib/params.ts';

/** Test helpers that need JSX; the tests themselves are .test.ts files (vitest's include). */

export const EMBEDDER = 'http://localhost:4100';
export const REDIRECT_URI = 'http://localhost:4100/signed-in';
export const GRANT: AuthorizationGrant = {
  code: 'code-123',
  state: 'state-xyz',
  redirect_uri: REDIRECT_URI,
  customerId: '6f1c1f8e-8a43-4f55-9a55-3c7d0f0d2a11',
};
export const SENT: OtpSent = { resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6 };

export function journeyParams(extra: Record<string, string> = {}): JourneyParams {
  const query = new URLSearchParams({
    client_id: 'demo-site-a',
    redirect_uri: REDIRECT_URI,
    state: 'state-xyz',
    scope: 'myaccount',
    journey_type: 'JOURNEY',
    ...extra,
  });
  return parseJourneyParams(`?${query.toString()}`);
}

export type FakeApi = { [K in keyof AccountsApi]: ReturnType<typeof vi.fn<AccountsApi[K]>> };

export function fakeApi(overrides: Partial<AccountsApi> = {}): FakeApi {
  const api: FakeApi = {
    sendOtp: vi.fn<AccountsApi['sendOtp']>(() => Promise.resolve(SENT)),
    sendEmailOtp: vi.fn<AccountsApi['sendEmailOtp']>(() => Promise.resolve(SENT)),
    preference: vi.fn<AccountsApi['preference']>(() =>
      Promise.resolve<Preference>({ passwordSet: false, preferredMethod: 'otp' }),
    ),
    authorize: vi.fn<AccountsApi['authorize']>(() => Promise.resolve(GRANT)),
    openSealedMobile: vi.fn<AccountsApi['openSealedMobile']>(() => Promise.resolve(undefined)),
  };
  for (const [name, implementation] of Object.entries(overrides)) {
    api[name as keyof AccountsApi].mockImplementation(implementation as never);
  }
  return api;
}

export function renderSignIn(props: Partial<SignInProps> = {}) {
  const api = (props.api as FakeApi | undefined) ?? fakeApi();
  const onSignedIn = vi.fn<SignInProps['onSignedIn']>();
  const onFailed = vi.fn<NonNullable<SignInProps['onFailed']>>();
  const onOtpSent = vi.fn<NonNullable<SignInProps['onOtpSent']>>();
  const result = render(
    <SignIn
      api={api}
      params={journeyParams()}
      onSignedIn={onSignedIn}
      onFailed={onFailed}
      onOtpSent={onOtpSent}
      autoFocus
      {...props}
    />,
  );
  return { ...result, api, onSignedIn, onFailed, onOtpSent };
}

export function renderFrame(props: FrameAppProps) {
  return render(<FrameApp {...props} />);
}

export function renderPage(props: PageAppProps) {
  return render(<PageApp {...props} />);
}

/** Runs `action` inside act and lets the promises it started (the fake API's answers) settle. */
export async function settle(action: () => void = () => undefined): Promise<void> {
  await act(async () => {
    action();
    await Promise.resolve();
  });
}
