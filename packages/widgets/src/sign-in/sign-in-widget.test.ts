// @vitest-environment happy-dom
import { act, fireEvent, within } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BOX_SIZES, FRAME_MESSAGE_SOURCE, WIDGET_JOURNEY_TYPES, type WidgetJourneyType } from '@pravesh/core';
import type { SignInWidgetRequest, SignInWidgetResult } from '@pravesh/sdk';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptFrameMessage } from './frame-messages.ts';
import { listenerUrl } from './listener-url.ts';
import { openSignInWidget, SIGN_IN_HOST_TAG } from './open.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';
import { boxKindFor, initialHeight, resizedHeight } from './sizes.ts';
import { SIGN_IN_CSS } from './styles.ts';

const ACCOUNTS = 'https://accounts.example.in';
const PAGE_ORIGIN = 'http://localhost:3000';
const PARAMS = {
  client_id: 'demo-site-a',
  source_site_id: '2',
  redirect_uri: 'https://www.example.in/sso/callback',
  state: 'state-1',
  scope: 'myaccount bureau',
  screen_type: '0',
  journey_type: 'REDIRECT',
};

beforeAll(() => {
  // The frame is never really loaded: each test plays the accounts page through its window.
  const happy = (window as unknown as { happyDOM?: { settings?: { navigation?: Record<string, unknown> } } }).happyDOM;
  if (happy?.settings?.navigation) happy.settings.navigation.disableChildFrameNavigation = true;
});

afterEach(async () => {
  // Any widget a test left open is closed by the customer, so the next test starts clean.
  for (let i = 0; i < 3 && document.querySelector(SIGN_IN_HOST_TAG); i++) {
    const open = document.querySelector(SIGN_IN_HOST_TAG)!;
    await act(async () => {
      open.shadowRoot?.querySelector<HTMLButtonElement>('.close')?.click();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      await Promise.resolve();
    });
    open.remove();
  }
  document.body.replaceChildren();
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

type Handlers = Required<Pick<SignInWidgetRequest, 'onOtpSent' | 'onAuth' | 'onAuthFailed'>>;

async function open(overrides: Partial<SignInWidgetRequest> = {}) {
  const request: SignInWidgetRequest & Handlers = {
    accountsUrl: ACCOUNTS,
    journeyType: 'JOURNEY',
    params: PARAMS,
    visitorId: 'visitor-1',
    visitId: 'visit-1',
    closable: true,
    onOtpSent: vi.fn(),
    onAuth: vi.fn(),
    onAuthFailed: vi.fn(),
    ...overrides,
  };
  let result!: Promise<SignInWidgetResult>;
  await act(async () => {
    result = openSignInWidget(request);
    await Promise.resolve();
  });
  const settled = vi.fn();
  void result.then(settled);
  const host = document.querySelector<HTMLElement>(SIGN_IN_HOST_TAG)!;
  const shadow = host.shadowRoot!;
  // The shadow root's one element: testing-library's queries need an element to start from.
  const view = within(shadow.firstElementChild as HTMLElement);
  const iframe = shadow.querySelector('iframe')!;
  const frameWindow = { postMessage: vi.fn() };
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => frameWindow });
  const dialog = () => view.getByRole('dialog');
  /** The accounts page posting to its parent (or anyone else posting to the page). */
  const post = (type: string, payload: unknown, from: { origin?: string; source?: unknown } = {}) =>
    act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: FRAME_MESSAGE_SOURCE, type, payload },
          origin: from.origin ?? ACCOUNTS,
          source: (from.source ?? frameWindow) as Window,
        }),
      );
      await Promise.resolve();
    });
  const load = () =>
    act(async () => {
      iframe.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
  /** Lets the close (a microtask) and the callback run. */
  const closed = async () => {
    await act(async () => {
      await result;
    });
    return result;
  };
  return { request, result, settled, host, shadow, view, iframe, frameWindow, dialog, post, load, closed };
}

describe('the sign-in modal (spec 000 §2)', () => {
  it('renders a labelled modal dialog into a shadow root, loading /listener with the journey', async () => {
    const { host, shadow, view, iframe, dialog } = await open();
    expect(host.parentElement).toBe(document.body);
    expect(shadow.mode).toBe('open');
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(view.getByRole('dialog', { name: 'Sign in' })).toBe(dialog());
    // Nothing of the widget is reachable from the page's own DOM.
    expect(document.querySelector('iframe')).toBeNull();
    const src = new URL(iframe.src);
    expect(`${src.origin}${src.pathname}`).toBe(`${ACCOUNTS}/listener`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      ...PARAMS,
      journey_type: 'JOURNEY',
      parentOrigin: PAGE_ORIGIN,
      visitorId: 'visitor-1',
      visitId: 'visit-1',
      closable: '1',
    });
    expect(iframe.getAttribute('allow')).toBe('otp-credentials');
    expect(iframe.title).toBe('Sign in with your mobile number');
  });

  it('shows a loading state and its own close control until the frame has loaded', () => {
    const markup = renderToStaticMarkup(
      createElement(SignInDialog, {
        src: `${ACCOUNTS}/listener`,
        origin: ACCOUNTS,
        kind: 'otp',
        closable: true,
        view: window,
        onFinish: vi.fn(),
      }),
    );
    expect(markup).toContain('<div class="loading" role="status">');
    expect(markup).toContain('Loading secure sign-in…');
    expect(markup).toContain('aria-label="Close sign-in"');
    expect(markup).toContain('--pv-box-height:350px');
  });

  it('sizes: full journey 80% × 545px, OTP box 30% at 350px, extra-small for email OTP', async () => {
    expect(WIDGET_JOURNEY_TYPES.map((journey) => [journey, boxKindFor(journey)])).toEqual([
      ['JOURNEY', 'full'],
      ['JOURNEY_OTP', 'otp'],
      ['JOURNEY_EMAIL_OTP', 'xs'],
      ['JOURNEY_MOBILE_VERIFICATION', 'otp'],
      ['JOURNEY_MOBILE_VERIFICATION_OTP', 'otp'],
    ]);
    expect([initialHeight('full'), initialHeight('otp'), initialHeight('xs')]).toEqual([545, 350, 290]);
    const css = SIGN_IN_CSS.replace(/\s+/g, ' ');
    expect(css).toContain('width: 80vw; height: 545px;');
    expect(css).toContain('.dialog--otp { width: 30vw;');
    expect(css).toContain('height: clamp(290px, var(--pv-box-height), 580px)');
    expect(css).toContain('@media (max-width: 640px)');

    for (const [journeyType, box, height] of [
      ['JOURNEY', 'full', '545'],
      ['JOURNEY_OTP', 'otp', '350'],
      ['JOURNEY_EMAIL_OTP', 'xs', '290'],
    ] as const) {
      const { dialog, post } = await open({ journeyType });
      expect(dialog().dataset.box).toBe(box);
      expect(dialog().dataset.height).toBe(height);
      await post('closed_by_user', {});
    }
  });

  it('resizes on boxSize: xl 580, large 530, medium 470, small 410, xs 370, xss 290, otp 350', async () => {
    const { dialog, post } = await open({ journeyType: 'JOURNEY_MOBILE_VERIFICATION' });
    for (const size of ['xl', 'large', 'medium', 'small', 'xs', 'xss', 'otp'] as const) {
      // The frame's number is not trusted: the named size decides.
      await post('boxSize', { size, height: 9999 });
      expect(dialog().dataset.height).toBe(String(BOX_SIZES[size]));
      expect(dialog().style.getPropertyValue('--pv-box-height')).toBe(`${BOX_SIZES[size]}px`);
    }
    await post('boxSize', { size: 'huge', height: 900 });
    expect(dialog().dataset.height).toBe('350');
    expect(resizedHeight('full', 545, 'xl')).toBe(545);
  });

  it('locks page scroll while open and gives it back as it was', async () => {
    document.body.style.overflow = 'auto';
    const { post, closed } = await open();
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    await post('closed_by_user', {});
    await closed();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.body.style.overflow).toBe('auto');
  });

  it('makes the rest of the page inert while open, and only what it changed is restored', async () => {
    const main = document.body.appendChild(document.createElement('main'));
    const already = document.body.appendChild(document.createElement('aside'));
    already.setAttribute('inert', '');
    const { host, post, closed } = await open();
    expect(main.hasAttribute('inert')).toBe(true);
    expect(host.hasAttribute('inert')).toBe(false);
    await post('closed_by_user', {});
    await closed();
    expect(main.hasAttribute('inert')).toBe(false);
    expect(already.hasAttribute('inert')).toBe(true);
  });

  it('keeps its host visible whatever the page’s CSS says', async () => {
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = `${SIGN_IN_HOST_TAG} { display: none !important; } iframe, div { display: none; }`;
    const { host } = await open();
    expect(host.style.getPropertyValue('display')).toBe('block');
    expect(host.style.getPropertyPriority('display')).toBe('important');
    expect(SIGN_IN_CSS).toContain(':host {\n  all: initial;\n}');
    style.remove();
  });
});

describe('the frame protocol (spec 000 §4, §7)', () => {
  it('sends widgetOpen to the frame’s exact origin once it has loaded, and moves focus into it', async () => {
    const { load, frameWindow, view, iframe, shadow } = await open();
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    const focus = vi.spyOn(iframe, 'focus');
    await load();
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      { source: FRAME_MESSAGE_SOURCE, type: 'widgetOpen', payload: {} },
      ACCOUNTS,
    );
    expect(focus).toHaveBeenCalled();
    expect(view.queryByRole('status')).toBeNull();
    expect(shadow.querySelector('.loading')).toBeNull();
  });

  it('ignores messages from any other origin, any other window, or outside the protocol', async () => {
    const { post, request, settled, host } = await open();
    const auth = { code: 'code-1', state: 'state-1', customerId: 'c-1' };
    await post('auth', auth, { origin: 'https://evil.example' });
    await post('auth', auth, { origin: 'https://accounts.example.in.evil.example' });
    await post('auth', auth, { source: window });
    await post('auth', auth, { source: { postMessage: vi.fn() } });
    await post('closed_by_user', {}, { origin: 'http://localhost:3000', source: window });
    await post('auth', { code: '', state: 's', customerId: 'c' });
    await post('nonsense', {});
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', { data: 'auth', origin: ACCOUNTS, source: window as unknown as Window }),
      );
      await Promise.resolve();
    });
    expect(request.onAuth).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
    expect(host.isConnected).toBe(true);
  });

  it('forwards otpSent and stays open', async () => {
    const { post, request, settled } = await open({ journeyType: 'JOURNEY_OTP' });
    const sent = { resendAfterSeconds: 30, expiresInSeconds: 300, otpLength: 6, resent: false };
    await post('otpSent', sent);
    expect(request.onOtpSent).toHaveBeenCalledWith(sent);
    expect(settled).not.toHaveBeenCalled();
  });

  it('forwards auth, then closes and resets, then the callback fires', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.textContent = 'Sign in';
    opener.focus();
    const order: string[] = [];
    const { post, request, closed, host } = await open({
      onAuth: vi.fn(() => order.push(`onAuth (open: ${String(host.isConnected)})`)),
    });
    void closed().then(() => order.push(`callback (open: ${String(host.isConnected)})`));
    const auth = { code: 'code-1', state: 'state-1', customerId: 'c-1' };
    await post('auth', auth);
    await expect(closed()).resolves.toEqual({ event: 'auth', ...auth });
    expect(request.onAuth).toHaveBeenCalledWith(auth);
    expect(order).toEqual(['onAuth (open: true)', 'callback (open: false)']);
    expect(document.querySelector(SIGN_IN_HOST_TAG)).toBeNull();
    expect(document.activeElement).toBe(opener);
    // Reset: the next open is a fresh widget with a fresh frame.
    const again = await open();
    expect(again.host).not.toBe(host);
  });

  it('forwards authFailed, closes, and reports the statusCode', async () => {
    const { post, request, closed } = await open();
    const failure = { statusCode: 'invalidClient', statusMessage: 'client_id is not a registered client' };
    await post('authFailed', failure);
    expect(request.onAuthFailed).toHaveBeenCalledWith(failure);
    await expect(closed()).resolves.toEqual({
      event: 'authFailed',
      error: 'invalidClient',
      message: 'client_id is not a registered client',
    });
  });

  it('closed_by_user closes and is reported as closed with error closed_by_user', async () => {
    const { post, closed } = await open();
    await post('closed_by_user', {});
    await expect(closed()).resolves.toEqual({ event: 'closed', error: 'closed_by_user' });
  });

  it('closable 0: closed_by_user and Esc are ignored, and there is no close control', async () => {
    const { post, settled, view, host, iframe } = await open({ closable: false });
    expect(new URL(iframe.src).searchParams.get('closable')).toBe('0');
    expect(view.queryByRole('button', { name: 'Close sign-in' })).toBeNull();
    await post('closed_by_user', {});
    fireEvent.keyDown(document, { key: 'Escape' });
    await act(() => Promise.resolve());
    expect(settled).not.toHaveBeenCalled();
    expect(host.isConnected).toBe(true);
    await post('auth', { code: 'c', state: 's', customerId: 'x' });
    expect(host.isConnected).toBe(false);
  });
});

describe('accessibility', () => {
  it('moves focus into the dialog, Esc closes it, and focus goes back where it was', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { shadow, dialog, closed } = await open();
    expect(dialog().contains(shadow.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(closed()).resolves.toEqual({ event: 'closed', error: 'closed_by_user' });
    expect(document.activeElement).toBe(opener);
  });

  it('has its own close control until the frame speaks; the frame’s own then takes over', async () => {
    const first = await open();
    const close = first.view.getByRole('button', { name: 'Close sign-in' });
    await act(async () => {
      close.click();
      await Promise.resolve();
    });
    await expect(first.closed()).resolves.toEqual({ event: 'closed', error: 'closed_by_user' });

    const second = await open();
    await second.post('boxSize', { size: 'medium', height: 470 });
    expect(second.view.queryByRole('button', { name: 'Close sign-in' })).toBeNull();
  });
});

describe('journeys and reuse', () => {
  it('any other journey type redirects to the login link instead of opening', async () => {
    const redirect = vi.fn();
    const result = openSignInWidget({
      accountsUrl: ACCOUNTS,
      journeyType: 'REDIRECT' as WidgetJourneyType,
      params: PARAMS,
      redirect,
    });
    await expect(result).resolves.toEqual({ event: 'redirected' });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(document.querySelector(SIGN_IN_HOST_TAG)).toBeNull();
  });

  it('opening again while open answers the open widget', async () => {
    const { result } = await open();
    expect(openSignInWidget({ accountsUrl: ACCOUNTS, journeyType: 'JOURNEY_OTP', params: PARAMS })).toBe(result);
    expect(document.querySelectorAll(SIGN_IN_HOST_TAG)).toHaveLength(1);
  });
});

describe('pure parts', () => {
  it('acceptFrameMessage needs the exact origin, the widget’s own frame and a valid message', () => {
    const frame = {} as Window;
    const data = { source: FRAME_MESSAGE_SOURCE, type: 'closed_by_user', payload: {} };
    expect(acceptFrameMessage({ origin: ACCOUNTS, source: frame, data }, { origin: ACCOUNTS, frame })).toEqual(data);
    expect(
      acceptFrameMessage({ origin: `${ACCOUNTS}:443`, source: frame, data }, { origin: ACCOUNTS, frame }),
    ).toBeNull();
    expect(acceptFrameMessage({ origin: ACCOUNTS, source: null, data }, { origin: ACCOUNTS, frame })).toBeNull();
    expect(acceptFrameMessage({ origin: ACCOUNTS, source: null, data }, { origin: ACCOUNTS, frame: null })).toBeNull();
    expect(
      acceptFrameMessage(
        { origin: ACCOUNTS, source: frame, data: { ...data, source: 'x' } },
        { origin: ACCOUNTS, frame },
      ),
    ).toBeNull();
  });

  it('listenerUrl lets the widget’s own values win', () => {
    const url = new URL(
      listenerUrl({
        accountsUrl: `${ACCOUNTS}/`,
        journeyType: 'JOURNEY_OTP',
        params: { ...PARAMS, parentOrigin: 'https://evil.example', closable: '1', mobileNo: '' },
        parentOrigin: 'https://www.example.in',
        closable: false,
      }),
    );
    expect(url.pathname).toBe('/listener');
    expect(url.searchParams.get('parentOrigin')).toBe('https://www.example.in');
    expect(url.searchParams.get('closable')).toBe('0');
    expect(url.searchParams.get('journey_type')).toBe('JOURNEY_OTP');
    expect(url.searchParams.has('mobileNo')).toBe(false);
    expect(url.searchParams.has('visitorId')).toBe(false);
  });
});
