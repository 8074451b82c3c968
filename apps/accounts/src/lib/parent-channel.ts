import {
  frameMessage,
  parseParentToFrameMessage,
  type FrameToParentPayloads,
  type FrameToParentType,
  type ParentToFrameType,
} from '../messages.ts';

/** The window we post to: window.parent in the browser, a stub in tests. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The window we listen on. */
export interface MessageSourceWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface ParentChannel {
  /** The exact origin every message is addressed to. */
  readonly origin: string;
  post<K extends FrameToParentType>(type: K, payload: FrameToParentPayloads[K]): void;
  /**
   * Calls `listener` for each message of `type` from the parent. A widgetOpen that arrived before
   * anyone subscribed (the widget may send it on the iframe's load event, before React has
   * rendered) is replayed to the first subscriber.
   */
  on(type: ParentToFrameType, listener: () => void): () => void;
  dispose(): void;
}

export interface ParentChannelOptions {
  /** The embedding page's exact origin, already checked against the configured site origins. */
  origin: string;
  parent: MessageTarget;
  self: MessageSourceWindow;
}

export function createParentChannel({ origin, parent, self }: ParentChannelOptions): ParentChannel {
  if (origin === '*' || origin === '' || origin === 'null') throw new Error('a parent channel needs an exact origin');
  const listeners = new Map<ParentToFrameType, Set<() => void>>();
  const pending = new Set<ParentToFrameType>();

  function onMessage(event: MessageEvent): void {
    // Only the embedding page, from its own window: a message from any other origin, or from
    // another frame of an allowed origin, is ignored.
    if (event.origin !== origin || event.source !== (parent as unknown)) return;
    const message = parseParentToFrameMessage(event.data);
    if (!message) return;
    const subscribed = listeners.get(message.type);
    if (subscribed && subscribed.size > 0) {
      for (const listener of subscribed) listener();
    } else {
      pending.add(message.type);
    }
  }
  self.addEventListener('message', onMessage);

  return {
    origin,
    post(type, payload) {
      parent.postMessage(frameMessage(type, payload), origin);
    },
    on(type, listener) {
      let subscribed = listeners.get(type);
      if (!subscribed) listeners.set(type, (subscribed = new Set()));
      subscribed.add(listener);
      if (pending.delete(type)) listener();
      return () => {
        subscribed.delete(listener);
      };
    },
    dispose() {
      self.removeEventListener('message', onMessage);
      listeners.clear();
    },
  };
}
