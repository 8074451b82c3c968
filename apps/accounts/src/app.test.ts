// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectUrl } from './app.tsx';
import { AccountsApiError } from './lib/api.ts';
import { createParentChannel, type MessageTarget } from './lib/parent-channel.ts';
import { FRAME_MESSAGE_SOURCE, parentMessage, parseFrameToParentMessage } from './messages.ts';
import {
  EMBEDDER,
  fakeApi,
  GRANT,
  journeyParams,
  REDIRECT_URI,
  renderFrame,
  renderPage,
  SENT,
  settle,
  type FakeApi,
} from './test/fixtures.tsx';

const disposers: (() => void)[] = [];
afterEach(() => {
  cleanup();
  disposers.splice(0).forEach((dispose) => dispose());
});

function frame(api: FakeApi = fakeApi(), extra: Record<string, string> = {}) {
  const parent = { postMessage: vi.fn<MessageTarget['postMessage']>() };
  const channel = createParentChannel({ origin: EMBEDDER, parent, self: window });
  disposers.push(() => channel.dispose());
  renderFrame({ api, params: journeyParams(extra), channel });
  const posted = () => parent.postMessage.mock.calls.map(([message]) => parseFrameToParentMessage(message));
  const deliver = (origin: string, source: unknown = parent) =>
    settle(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data: parentMessage('widgetOpen', {}), origin, source: source as Window }),
      ),
    );
  return { parent, posted, deliver, api };
}

async function signInThroughFrame() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Mobile number' }), { target: { value: '9876543210' } });
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
  fireEvent.change(await screen.findByRole('textbox', { name: 'One-time password (OTP)' }), {
    target: { value: '123456' },
  });
  await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' })));
}

describe('/listener in the widget’s frame', () => {
  it('posts otpSent, auth and boxSize — every one to the exact embedding origin', async () => {
    const { parent, posted } = frame();
    await signInThroughFrame();
    expect(parent.postMessage).toHaveBeenCalled();
    for (const [message, targetOrigin] of parent.postMessage.mock.calls) {
      expect(targetOrigin).toBe(EMBEDDER);
      expect(message).toMatchObject({ source: FRAME_MESSAGE_SOURCE });
    }
    const messages = posted();
    expect(messages).not.toContain(null);
    expect(messages.map((message) => message?.type)).toEqual(expect.arrayContaining(['boxSize', 'otpSent', 'auth']));
    expect(messages).toContainEqual({
      source: FRAME_MESSAGE_SOURCE,
      type: 'otpSent',
      payload: { ...SENT, resent: false },
    });
    expect(messages).toContainEqual({
      source: FRAME_MESSAGE_SOURCE,
      type: 'auth',
      payload: { code: GRANT.code, state: GRANT.state, customerId: GRANT.customerId },
    });
    // Nothing personal leaves the frame: no number, no OTP.
    expect(JSON.stringify(parent.postMessage.mock.calls)).not.toMatch(/9876543210|123456/);
  });

  it('asks for a box size when it starts', async () => {
    const { posted } = frame();
    await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(posted().filter((message) => message?.type === 'boxSize').length).toBeGreaterThan(0);
  });

  it('reports closed_by_user from its close control', async () => {
    const { posted } = frame();
    fireEvent.click(await screen.findByRole('button', { name: 'Close sign-in' }));
    expect(posted().at(-1)).toEqual({ source: FRAME_MESSAGE_SOURCE, type: 'closed_by_user', payload: {} });
  });

  it('reports closed_by_user on Esc pressed inside the frame, to the exact embedding origin', async () => {
    const { posted, parent } = frame();
    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(posted().map((message) => message?.type)).not.toContain('closed_by_user');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(posted().at(-1)).toEqual({ source: FRAME_MESSAGE_SOURCE, type: 'closed_by_user', payload: {} });
    expect(parent.postMessage.mock.calls.at(-1)?.[1]).toBe(EMBEDDER);
  });

  it('ignores Esc when the widget is not closable (closable=0), and Esc another handler took', async () => {
    const { posted } = frame(fakeApi(), { closable: '0' });
    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    fireEvent.keyDown(field, { key: 'Escape' });
    cleanup();
    const second = frame();
    const other = await screen.findByRole('textbox', { name: 'Mobile number' });
    other.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(other, { key: 'Escape' });
    for (const messages of [posted(), second.posted()]) {
      expect(messages.map((message) => message?.type)).not.toContain('closed_by_user');
    }
  });

  it('has no close control when the widget is not closable', async () => {
    frame(fakeApi(), { closable: '0' });
    await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(screen.queryByRole('button', { name: 'Close sign-in' })).toBeNull();
  });

  it('reports authFailed when the service refuses the client', async () => {
    const api = fakeApi({
      authorize: () => Promise.reject(new AccountsApiError('invalidClient', 'client_id is not a registered client')),
    });
    const { posted } = frame(api);
    await signInThroughFrame();
    expect(posted()).toContainEqual({
      source: FRAME_MESSAGE_SOURCE,
      type: 'authFailed',
      payload: { statusCode: 'invalidClient', statusMessage: 'client_id is not a registered client' },
    });
    expect(posted().map((message) => message?.type)).not.toContain('auth');
  });

  it('focuses the field on widgetOpen from the embedding page only', async () => {
    const { deliver, parent } = frame();
    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    // A hidden frame must not take focus from the embedding page before it is opened.
    expect(document.activeElement).not.toBe(field);

    await deliver('https://evil.example');
    await deliver(EMBEDDER, { postMessage: vi.fn() });
    expect(document.activeElement).not.toBe(field);

    const before = parent.postMessage.mock.calls.length;
    await deliver(EMBEDDER);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Opening re-sends the current box size.
    expect(parent.postMessage.mock.calls.length).toBeGreaterThan(before);
  });
});

describe('/authorize as a full page', () => {
  it('sends the browser to the registered redirect_uri with code and state', async () => {
    const navigate = vi.fn<(url: string) => void>();
    renderPage({ api: fakeApi(), params: journeyParams(), navigate });
    expect(document.activeElement).toBe(await screen.findByRole('textbox', { name: 'Mobile number' }));
    await signInThroughFrame();
    expect(navigate).toHaveBeenCalledWith(`${REDIRECT_URI}?code=code-123&state=state-xyz`);
  });

  it('shows a refused redirect_uri instead of following it', async () => {
    const navigate = vi.fn<(url: string) => void>();
    const api = fakeApi({
      authorize: () =>
        Promise.reject(new AccountsApiError('invalidRedirectUri', 'redirect_uri is not registered for this client')),
    });
    renderPage({ api, params: journeyParams(), navigate });
    await signInThroughFrame();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This sign-in link isn’t valid');
    expect(screen.getByText('redirect_uri is not registered for this client')).toBeTruthy();
  });
});

describe('redirectUrl', () => {
  it('keeps the redirect_uri’s own query and adds code and state', () => {
    expect(redirectUrl({ ...GRANT, redirect_uri: 'https://a.example/cb?x=1' }, 'ignored')).toBe(
      'https://a.example/cb?x=1&code=code-123&state=state-xyz',
    );
    expect(redirectUrl({ ...GRANT, state: '' }, '')).toBe(`${REDIRECT_URI}?code=code-123`);
  });
});
