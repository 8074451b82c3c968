// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_MESSAGE_SOURCE, parentMessage } from '../messages.ts';
import { createParentChannel, type MessageTarget } from './parent-channel.ts';

const EMBEDDER = 'http://localhost:4100';

function stubParent() {
  return { postMessage: vi.fn<MessageTarget['postMessage']>() };
}

function deliver(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

const disposers: (() => void)[] = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

function channelFor(parent: MessageTarget, origin = EMBEDDER) {
  const channel = createParentChannel({ origin, parent, self: window });
  disposers.push(() => channel.dispose());
  return channel;
}

describe('createParentChannel', () => {
  it('posts every message to the exact embedding origin, never "*"', () => {
    const parent = stubParent();
    const channel = channelFor(parent);
    channel.post('boxSize', { size: 'medium', height: 470 });
    channel.post('closed_by_user', {});
    expect(parent.postMessage.mock.calls).toEqual([
      [{ source: FRAME_MESSAGE_SOURCE, type: 'boxSize', payload: { size: 'medium', height: 470 } }, EMBEDDER],
      [{ source: FRAME_MESSAGE_SOURCE, type: 'closed_by_user', payload: {} }, EMBEDDER],
    ]);
  });

  it.each(['*', '', 'null'])('refuses to be created for %j', (origin) => {
    expect(() => createParentChannel({ origin, parent: stubParent(), self: window })).toThrow();
  });

  it('hears widgetOpen from the parent at the embedding origin', () => {
    const parent = stubParent();
    const channel = channelFor(parent);
    const opened = vi.fn();
    channel.on('widgetOpen', opened);
    deliver(parentMessage('widgetOpen', {}), EMBEDDER, parent);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('ignores a message from a foreign origin, even from the parent window', () => {
    const parent = stubParent();
    const channel = channelFor(parent);
    const opened = vi.fn();
    channel.on('widgetOpen', opened);
    deliver(parentMessage('widgetOpen', {}), 'https://evil.example', parent);
    deliver(parentMessage('widgetOpen', {}), 'http://localhost:4101', parent);
    deliver(parentMessage('widgetOpen', {}), 'null', parent);
    expect(opened).not.toHaveBeenCalled();
  });

  it('ignores the right origin from another window (a sibling frame)', () => {
    const parent = stubParent();
    const channel = channelFor(parent);
    const opened = vi.fn();
    channel.on('widgetOpen', opened);
    deliver(parentMessage('widgetOpen', {}), EMBEDDER, stubParent());
    expect(opened).not.toHaveBeenCalled();
  });

  it('ignores what is not this protocol', () => {
    const parent = stubParent();
    const channel = channelFor(parent);
    const opened = vi.fn();
    channel.on('widgetOpen', opened);
    deliver('widgetOpen', EMBEDDER, parent);
    deliver({ type: 'widgetOpen', payload: {} }, EMBEDDER, parent);
    deliver({ source: FRAME_MESSAGE_SOURCE, type: 'auth', payload: {} }, EMBEDDER, parent);
    expect(opened).not.toHaveBeenCalled();
  });

  it('replays a widgetOpen that came before anyone listened', () => {
    const parent = stubParent();
    const channel = channelFor(parent);
    deliver(parentMessage('widgetOpen', {}), EMBEDDER, parent);
    const opened = vi.fn();
    channel.on('widgetOpen', opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('stops listening once disposed', () => {
    const parent = stubParent();
    const channel = createParentChannel({ origin: EMBEDDER, parent, self: window });
    const opened = vi.fn();
    channel.on('widgetOpen', opened);
    channel.dispose();
    deliver(parentMessage('widgetOpen', {}), EMBEDDER, parent);
    expect(opened).not.toHaveBeenCalled();
  });
});
