// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountsApiError } from '../lib/api.ts';
import { fakeApi, GRANT, journeyParams, renderSignIn, SENT, settle } from '../test/fixtures.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Spec 001 §5, letter for letter. */
const SPEC_TEXTS = {
  incorrect: 'OTP is Incorrect, Please enter valid OTP',
  incorrectOnResend: 'Incorrect OTP. Please click on Resend OTP',
  otherFailure: 'Something went wrong. Please click on Resend Code',
  resent: 'Please enter OTP re-sent to your mobile number',
  verified: 'Your mobile number verified successfully.',
};

const mobileField = () => screen.getByRole('textbox', { name: 'Mobile number' });
const otpField = () => screen.getByRole('textbox', { name: 'One-time password (OTP)' });
const status = () => screen.getByRole('status');

async function enterMobile(value: string) {
  const field = await screen.findByRole('textbox', { name: 'Mobile number' });
  fireEvent.change(field, { target: { value } });
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
}

async function reachOtpStep(api = fakeApi()) {
  const rendered = renderSignIn({ api });
  await enterMobile('98765 43210');
  await screen.findByRole('heading', { name: 'Enter the OTP' });
  return rendered;
}

async function submitOtp(code: string) {
  fireEvent.change(otpField(), { target: { value: code } });
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' })));
}

describe('mobile number entry', () => {
  it('is a labelled numeric field for Indian numbers', async () => {
    renderSignIn();
    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('tel-national');
    expect(field.getAttribute('aria-describedby')).toBe('mobile-number-hint');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in with your mobile number');
  });

  it('links the terms and privacy policy to the marketplace’s own pages, opening in a new tab', async () => {
    renderSignIn({ legal: { terms: 'http://localhost:4100/terms', privacy: 'http://localhost:4100/privacy' } });
    const terms = await screen.findByRole('link', { name: 'Terms of Use (opens in a new tab)' });
    expect(terms.getAttribute('href')).toBe('http://localhost:4100/terms');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
    const privacy = screen.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' });
    expect(privacy.getAttribute('href')).toBe('http://localhost:4100/privacy');
  });

  it.each([
    ['', 'Enter your 10-digit mobile number'],
    ['12345', 'Enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['5876543210', 'Enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
    ['98765432101', 'Enter a valid 10-digit mobile number starting with 6, 7, 8 or 9'],
  ])('refuses %j with a clear error tied to the field', async (value, message) => {
    const { api } = renderSignIn();
    await enterMobile(value);
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe(message);
    const field = mobileField();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(api.sendOtp).not.toHaveBeenCalled();
  });

  it.each(['9876543210', '+91 98765 43210', '098765-43210', '91 9876543210'])(
    'accepts %j and sends the OTP to the 10 national digits',
    async (value) => {
      const { api, onOtpSent } = renderSignIn();
      await enterMobile(value);
      expect(api.sendOtp).toHaveBeenCalledWith('9876543210');
      await screen.findByRole('heading', { name: 'Enter the OTP' });
      expect(status().textContent).toBe('OTP sent to +91 98765 43210');
      expect(onOtpSent).toHaveBeenCalledWith(SENT, false);
    },
  );

  it('shows the service’s refusal under the field', async () => {
    const api = fakeApi({
      sendOtp: () =>
        Promise.reject(new AccountsApiError('otpRateLimited', 'Too many OTP requests. Please try again later')),
    });
    renderSignIn({ api });
    await enterMobile('9876543210');
    expect(screen.getByRole('alert').textContent).toBe('Too many OTP requests. Please try again later');
    expect(mobileField()).toBeTruthy();
  });

  it('words a network failure for people, not with its code', async () => {
    const api = fakeApi({
      sendOtp: () => Promise.reject(new AccountsApiError('somethingWentWrong', 'somethingWentWrong')),
    });
    renderSignIn({ api });
    await enterMobile('9876543210');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong! Please try again later');
  });
});

describe('OTP entry', () => {
  it('is one numeric field the browser can fill from the SMS', async () => {
    await reachOtpStep();
    const field = otpField();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(field);
  });

  it('takes a whole pasted code, separators and words dropped', async () => {
    await reachOtpStep();
    const field = otpField() as HTMLInputElement;
    fireEvent.paste(field, { clipboardData: { getData: () => 'Your OTP is 123 456. Do not share it.' } });
    expect(field.value).toBe('123456');
  });

  it('keeps only digits when typed, up to the code length', async () => {
    await reachOtpStep();
    const field = otpField() as HTMLInputElement;
    fireEvent.change(field, { target: { value: '12a34-5678' } });
    expect(field.value).toBe('123456');
  });

  it('asks for every digit before calling the service', async () => {
    const api = fakeApi();
    await reachOtpStep(api);
    await submitOtp('123');
    expect(screen.getByRole('alert').textContent).toBe('Enter all 6 digits of the OTP');
    expect(api.authorize).not.toHaveBeenCalled();
  });

  it.each([
    ['otpIncorrect', SPEC_TEXTS.incorrect],
    ['otpIncorrectOnResend', SPEC_TEXTS.incorrectOnResend],
    ['otpFailure', SPEC_TEXTS.otherFailure],
    ['somethingWentWrong', SPEC_TEXTS.otherFailure],
  ])('shows spec 001 §5’s text exactly when the service answers %s', async (statusCode, text) => {
    const api = fakeApi({ authorize: () => Promise.reject(new AccountsApiError(statusCode, 'server words')) });
    await reachOtpStep(api);
    await submitOtp('123456');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe(text);
    expect(otpField().getAttribute('aria-describedby')?.split(' ')).toEqual(['otp-hint', 'otp-error']);
  });

  it('signs in with the code and says the number is verified', async () => {
    const api = fakeApi();
    const { onSignedIn } = await reachOtpStep(api);
    await submitOtp('123456');
    expect(api.authorize).toHaveBeenCalledWith('9876543210', { otp: '123456' });
    expect(onSignedIn).toHaveBeenCalledWith(GRANT);
    expect(status().textContent).toBe(SPEC_TEXTS.verified);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You’re signed in');
  });

  it('refuses a code issued for another redirect_uri', async () => {
    const api = fakeApi({ authorize: () => Promise.resolve({ ...GRANT, redirect_uri: 'https://evil.example/' }) });
    const { onSignedIn, onFailed } = await reachOtpStep(api);
    await submitOtp('123456');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ statusCode: 'invalidRedirectUri' }));
  });
});

describe('resend countdown', () => {
  it('offers Resend OTP after 30 s and announces the re-sent text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const api = fakeApi();
    const { onOtpSent } = renderSignIn({ api });
    await settle();
    fireEvent.change(mobileField(), { target: { value: '9876543210' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));

    expect(screen.getByText(/Resend OTP in/).textContent).toBe('Didn’t get it? Resend OTP in 0:30');
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    await settle(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByText(/Resend OTP in/).textContent).toContain('0:01');
    await settle(() => vi.advanceTimersByTime(1_000));
    const resend = screen.getByRole('button', { name: 'Resend OTP' });

    await settle(() => fireEvent.click(resend));
    expect(api.sendOtp).toHaveBeenCalledTimes(2);
    expect(onOtpSent).toHaveBeenLastCalledWith(SENT, true);
    expect(status().textContent).toBe(SPEC_TEXTS.resent);
    // A fresh 30 s wait for the new code.
    expect(screen.getByText(/Resend OTP in/).textContent).toContain('0:30');
  });

  it('shows a resend refused as too soon (429) as an error alert in the catalogue’s words, not as news', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let sends = 0;
    const api = fakeApi({
      sendOtp: () =>
        ++sends === 1
          ? Promise.resolve(SENT)
          : Promise.reject(
              new AccountsApiError('otpResendTooSoon', 'Please wait 27 seconds before requesting another OTP', 429),
            ),
    });
    renderSignIn({ api });
    await settle();
    fireEvent.change(mobileField(), { target: { value: '9876543210' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
    await settle(() => vi.advanceTimersByTime(30_000));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' })));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please wait 27 seconds before requesting another OTP');
    expect(alert.className).toContain('pv-alert--error');
    expect(status().textContent).toBe('');
    // The wait named is counted down before Resend is offered again.
    expect(screen.getByText(/Resend OTP in/).textContent).toContain('0:27');
  });

  it('counts from the service’s resendAfterSeconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderSignIn({ api: fakeApi({ sendOtp: () => Promise.resolve({ ...SENT, resendAfterSeconds: 45 }) }) });
    await settle();
    fireEvent.change(mobileField(), { target: { value: '9876543210' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
    expect(screen.getByText(/Resend OTP in/).textContent).toContain('0:45');
  });
});

describe('WebOTP', () => {
  it('fills and submits the code the browser read from the SMS', async () => {
    const api = fakeApi();
    const reader = vi.fn((_signal: AbortSignal) => Promise.resolve('654321'));
    const { onSignedIn } = renderSignIn({ api, webOtp: reader });
    await enterMobile('9876543210');
    await waitFor(() => expect(api.authorize).toHaveBeenCalledWith('9876543210', { otp: '654321' }));
    expect(onSignedIn).toHaveBeenCalledWith(GRANT);
  });

  it('aborts the read after 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let signal: AbortSignal | undefined;
    const reader = vi.fn((given: AbortSignal) => {
      signal = given;
      return new Promise<string | null>(() => undefined);
    });
    renderSignIn({ webOtp: reader });
    await settle();
    fireEvent.change(mobileField(), { target: { value: '9876543210' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
    expect(reader).toHaveBeenCalledTimes(1);
    expect(signal?.aborted).toBe(false);
    await settle(() => vi.advanceTimersByTime(59_999));
    expect(signal?.aborted).toBe(false);
    await settle(() => vi.advanceTimersByTime(1));
    expect(signal?.aborted).toBe(true);
  });
});

describe('password option', () => {
  it('is offered first when the preference says the customer prefers it', async () => {
    const api = fakeApi({
      preference: () => Promise.resolve({ passwordSet: true, preferredMethod: 'mobile_credential' }),
    });
    const { onSignedIn } = renderSignIn({ api });
    await enterMobile('9876543210');
    await screen.findByRole('heading', { name: 'Enter your password' });
    expect(api.sendOtp).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('autocomplete')).toBe('current-password');
    fireEvent.change(field, { target: { value: 'secret-pass' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(api.authorize).toHaveBeenCalledWith('9876543210', { password: 'secret-pass' });
    expect(onSignedIn).toHaveBeenCalledWith(GRANT);
  });

  it('is a link on the OTP step when a password is set', async () => {
    const api = fakeApi({ preference: () => Promise.resolve({ passwordSet: true, preferredMethod: 'otp' }) });
    await reachOtpStep(api);
    fireEvent.click(screen.getByRole('button', { name: 'Use password instead' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your password');
  });

  it('is not offered without a password', async () => {
    await reachOtpStep();
    expect(screen.queryByRole('button', { name: 'Use password instead' })).toBeNull();
  });

  it('goes through the OTP step with force_redirect after mfaRequired, then retries', async () => {
    let calls = 0;
    const api = fakeApi({
      preference: () => Promise.resolve({ passwordSet: true, preferredMethod: 'mobile_credential' }),
      authorize: () =>
        ++calls === 1
          ? Promise.reject(new AccountsApiError('mfaRequired', 'Please verify the OTP'))
          : Promise.resolve(GRANT),
    });
    const { onSignedIn } = renderSignIn({ api });
    await enterMobile('9876543210');
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'secret-pass' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    await screen.findByRole('heading', { name: 'Enter the OTP' });
    expect(api.sendOtp).toHaveBeenCalledWith('9876543210');
    expect(screen.queryByRole('button', { name: /Change/ })).toBeNull();
    await submitOtp('123456');
    expect(api.authorize).toHaveBeenLastCalledWith('9876543210', {
      otp: '123456',
      password: 'secret-pass',
      forceRedirect: true,
    });
    expect(onSignedIn).toHaveBeenCalledWith(GRANT);
  });
});

describe('journeys', () => {
  it('JOURNEY_OTP with a supplied number sends the OTP at once', async () => {
    const api = fakeApi();
    renderSignIn({ api, params: journeyParams({ journey_type: 'JOURNEY_OTP', mobileNo: '9876543210' }) });
    await screen.findByRole('heading', { name: 'Enter the OTP' });
    expect(api.sendOtp).toHaveBeenCalledWith('9876543210');
    expect(api.preference).not.toHaveBeenCalled();
  });

  it('opens a number the embedding site sealed into the link', async () => {
    const api = fakeApi({ openSealedMobile: () => Promise.resolve('9123456789') });
    renderSignIn({
      api,
      params: journeyParams({ journey_type: 'JOURNEY_OTP', mobileNo: 'c2VhbGVk', source_site_id: '2' }),
    });
    await screen.findByRole('heading', { name: 'Enter the OTP' });
    expect(api.openSealedMobile).toHaveBeenCalledWith('c2VhbGVk');
    expect(api.sendOtp).toHaveBeenCalledWith('9123456789');
  });

  it('mobile verification says so', async () => {
    renderSignIn({ params: journeyParams({ journey_type: 'JOURNEY_MOBILE_VERIFICATION' }) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Verify your mobile number');
  });

  it('an existing session signs in without a form', async () => {
    const api = fakeApi();
    const { onSignedIn } = renderSignIn({ api, sessionExists: true });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(GRANT));
    expect(api.authorize).toHaveBeenCalledWith(undefined, {});
  });

  it('falls back to the form when the session is gone', async () => {
    const api = fakeApi({ authorize: () => Promise.reject(new AccountsApiError('sessionInvalid', 'gone')) });
    renderSignIn({ api, sessionExists: true });
    expect(await screen.findByRole('textbox', { name: 'Mobile number' })).toBeTruthy();
  });

  it('an unregistered client or redirect_uri ends the journey with the service’s reason', async () => {
    const api = fakeApi({
      authorize: () =>
        Promise.reject(new AccountsApiError('invalidRedirectUri', 'redirect_uri is not registered for this client')),
    });
    const { onFailed } = await reachOtpStep(api);
    await submitOtp('123456');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This sign-in link isn’t valid');
    expect(screen.getByText('redirect_uri is not registered for this client')).toBeTruthy();
    expect(onFailed).toHaveBeenCalledWith({
      statusCode: 'invalidRedirectUri',
      title: 'This sign-in link isn’t valid',
      detail: 'redirect_uri is not registered for this client',
    });
  });

  it('a link the server refused when serving the page shows why at once, without any call', async () => {
    const api = fakeApi();
    renderSignIn({
      api,
      initialProblem: { statusCode: 'invalidRedirectUri', detail: 'redirect_uri is not registered for this client' },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This sign-in link isn’t valid');
    expect(screen.getByRole('alert').textContent).toMatch(/gave us a sign-in link we can’t use/);
    expect(screen.getByText('Details for the site’s team').tagName).toBe('SUMMARY');
    expect(screen.getByText('redirect_uri is not registered for this client')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.sendOtp).not.toHaveBeenCalled();
    expect(api.authorize).not.toHaveBeenCalled();
  });

  it('a link without client_id never reaches the service', async () => {
    const api = fakeApi();
    renderSignIn({
      api,
      initialProblem: { statusCode: 'badRequest', detail: 'The sign-in link is missing client_id.' },
    });
    expect(await screen.findByText('The sign-in link is missing client_id.')).toBeTruthy();
    expect(api.sendOtp).not.toHaveBeenCalled();
    expect(api.authorize).not.toHaveBeenCalled();
  });
});

describe('JOURNEY_EMAIL_OTP', () => {
  const emailParams = () => journeyParams({ journey_type: 'JOURNEY_EMAIL_OTP' });

  async function enterEmail(value: string) {
    const field = await screen.findByRole('textbox', { name: 'Email address' });
    fireEvent.change(field, { target: { value } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
  }

  it('asks for an email address, refuses a bad one, and emails the OTP to the lower-cased address', async () => {
    const { api } = renderSignIn({ params: emailParams() });
    const field = await screen.findByRole('textbox', { name: 'Email address' });
    expect(field.getAttribute('autocomplete')).toBe('email');
    expect(field.getAttribute('type')).toBe('email');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in with your email');
    await enterEmail('name@example');
    expect(await screen.findByText('Enter a valid email address, like name@example.com')).toBeTruthy();
    expect(api.sendEmailOtp).not.toHaveBeenCalled();
    await enterEmail(' Name@Example.IN ');
    expect(api.sendEmailOtp).toHaveBeenCalledWith('name@example.in');
    expect(api.sendOtp).not.toHaveBeenCalled();
    await screen.findByRole('heading', { name: 'Enter the OTP' });
    expect(screen.getByText('name@example.in')).toBeTruthy();
    expect(otpField().getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('verifies through authorize with the address, and says so', async () => {
    const api = fakeApi();
    const { onSignedIn } = renderSignIn({ api, params: emailParams() });
    await enterEmail('name@example.in');
    await screen.findByRole('heading', { name: 'Enter the OTP' });
    await submitOtp('123456');
    expect(api.authorize).toHaveBeenCalledWith(undefined, { otp: '123456', email: 'name@example.in' });
    expect(onSignedIn).toHaveBeenCalledWith(GRANT);
    await waitFor(() => expect(status().textContent).toBe('Your email address verified successfully.'));
  });
});

describe('JOURNEY_EMAIL_OTP with a session', () => {
  it('asks for the address even when a session exists (the session does not prove an address)', async () => {
    const api = fakeApi();
    renderSignIn({ api, params: journeyParams({ journey_type: 'JOURNEY_EMAIL_OTP' }), sessionExists: true });
    await screen.findByRole('textbox', { name: 'Email address' });
    expect(api.authorize).not.toHaveBeenCalled();
  });
});
