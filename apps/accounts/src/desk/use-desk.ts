import { useCallback, useEffect, useRef, useState } from 'react';
import { DESK_ROUTES } from '@pravesh/core/support/routes.ts';
import { CHAT_MESSAGE_LIMITS } from '@pravesh/core/support/rules.ts';
import type {
  ChatEvent,
  ChatMessage,
  ChatMessagesResponse,
  DeskAgent,
  DeskQueueResponse,
} from '@pravesh/core/support/schemas.ts';
import { DeskError, deskCall } from './desk-api.ts';

export type DeskSession = { phase: 'checking' } | { phase: 'signedOut' } | { phase: 'signedIn'; agent: DeskAgent };

function merge(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.messageId, message]));
  for (const message of incoming) byId.set(message.messageId, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Who is signed in at the desk: asked once on load, then set by sign-in and sign-out. */
export function useDeskSession() {
  const [session, setSession] = useState<DeskSession>({ phase: 'checking' });
  useEffect(() => {
    deskCall<{ agent: DeskAgent }>(DESK_ROUTES.me).then(
      ({ agent }) => setSession({ phase: 'signedIn', agent }),
      () => setSession({ phase: 'signedOut' }),
    );
  }, []);
  return {
    session,
    signIn: async (email: string, password: string): Promise<void> => {
      const { agent } = await deskCall<{ agent: DeskAgent }>(DESK_ROUTES.signIn, { email, password });
      setSession({ phase: 'signedIn', agent });
    },
    signOut: async (): Promise<void> => {
      await deskCall(DESK_ROUTES.signOut, {}).catch(() => undefined);
      setSession({ phase: 'signedOut' });
    },
    expired: () => setSession({ phase: 'signedOut' }),
  };
}

/**
 * The console's state: the queue and the agent's chats (read again whenever the desk stream says
 * the queue moved), the open chat's transcript, and the customer's typing, heard over the desk's
 * Server-Sent Events stream (EventSource: same origin, the session cookie goes with it).
 */
export function useDesk(onExpired: () => void) {
  const [queue, setQueue] = useState<DeskQueueResponse | null>(null);
  const [openChatId, setOpenChatId] = useState<string | null>(null);
  const [transcripts, setTranscripts] = useState<Record<string, ChatMessage[]>>({});
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const [unread, setUnread] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const openRef = useRef<string | null>(null);
  openRef.current = openChatId;
  const transcriptsRef = useRef(transcripts);
  transcriptsRef.current = transcripts;
  /** The chats whose transcripts this console holds: read again when the stream opens. */
  const loadedRef = useRef(new Set<string>());

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof DeskError && error.statusCode === 'deskSessionRequired') onExpired();
      else setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    },
    [onExpired],
  );

  const refresh = useCallback(async () => {
    try {
      const next = await deskCall<DeskQueueResponse>(DESK_ROUTES.queue);
      setQueue(next);
      // A chat that is no longer the agent's (ended, handed back) closes.
      if (openRef.current && !next.mine.some((chat) => chat.chatId === openRef.current)) setOpenChatId(null);
    } catch (error) {
      fail(error);
    }
  }, [fail]);

  /** Reads a chat's transcript and merges it into what the console holds; answers what was new. */
  const readTranscript = useCallback(async (chatId: string): Promise<ChatMessage[]> => {
    const { messages } = await deskCall<ChatMessagesResponse>(DESK_ROUTES.messages, { chatId });
    loadedRef.current.add(chatId);
    const known = new Set((transcriptsRef.current[chatId] ?? []).map((message) => message.messageId));
    setTranscripts((current) => ({ ...current, [chatId]: merge(current[chatId] ?? [], messages) }));
    return messages.filter((message) => !known.has(message.messageId));
  }, []);

  const load = useCallback(
    async (chatId: string) => {
      try {
        await readTranscript(chatId);
      } catch (error) {
        fail(error);
      }
    },
    [fail, readTranscript],
  );

  /**
   * Catching up after the stream (re)opens: it ends every few minutes and on any network cut, and
   * what was said meanwhile went out to no one. The queue is read again, and so is every transcript
   * this console holds; a customer's message it had not heard counts as unread in a chat not open.
   */
  const catchUp = useCallback(async () => {
    await refresh();
    for (const chatId of loadedRef.current) {
      try {
        const missed = (await readTranscript(chatId)).filter((message) => message.author === 'CUSTOMER');
        if (missed.length > 0 && openRef.current !== chatId) {
          setUnread((counts) => ({ ...counts, [chatId]: (counts[chatId] ?? 0) + missed.length }));
        }
      } catch {
        // A chat that ended meanwhile answers no transcript: the queue read above closed it.
      }
    }
  }, [refresh, readTranscript]);

  useEffect(() => {
    const source = new EventSource(DESK_ROUTES.events);
    let opened = false;
    source.onopen = () => {
      setConnected(true);
      // The first open is the console's start: the queue read by the stream's first event.
      if (opened) void catchUp();
      opened = true;
    };
    source.onerror = () => setConnected(false);
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as ChatEvent;
      if (event.type === 'queue') void refresh();
      else if (event.type === 'message') {
        const { chatId } = event;
        setTranscripts((current) => ({ ...current, [chatId]: merge(current[chatId] ?? [], [event.message]) }));
        if (event.message.author === 'CUSTOMER') {
          setTyping((current) => ({ ...current, [chatId]: false }));
          if (openRef.current !== chatId)
            setUnread((current) => ({ ...current, [chatId]: (current[chatId] ?? 0) + 1 }));
        }
      } else if (event.type === 'typing') {
        const { chatId } = event;
        setTyping((current) => ({ ...current, [chatId]: true }));
        clearTimeout(typingTimers.current.get(chatId));
        typingTimers.current.set(
          chatId,
          setTimeout(
            () => setTyping((current) => ({ ...current, [chatId]: false })),
            CHAT_MESSAGE_LIMITS.typingShownMs,
          ),
        );
      } else if (event.type === 'state') void refresh();
    };
    const timers = typingTimers.current;
    return () => {
      source.close();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [refresh, catchUp]);

  function open(chatId: string): void {
    setOpenChatId(chatId);
    setUnread((current) => ({ ...current, [chatId]: 0 }));
    void load(chatId);
  }

  const lastTyping = useRef(0);

  return {
    queue,
    openChatId,
    transcript: openChatId ? (transcripts[openChatId] ?? []) : [],
    customerTyping: openChatId ? Boolean(typing[openChatId]) : false,
    unread,
    failure,
    connected,
    dismissFailure: () => setFailure(null),
    open,
    async accept(): Promise<void> {
      try {
        const { chat } = await deskCall<{ chat: { chatId: string } }>(DESK_ROUTES.accept, {});
        setFailure(null);
        await refresh();
        open(chat.chatId);
      } catch (error) {
        fail(error);
      }
    },
    async send(text: string): Promise<boolean> {
      if (!openChatId) return false;
      const chatId = openChatId;
      try {
        const { message } = await deskCall<{ message: ChatMessage }>(DESK_ROUTES.send, {
          chatId,
          messageId: crypto.randomUUID(),
          text,
        });
        setTranscripts((current) => ({ ...current, [chatId]: merge(current[chatId] ?? [], [message]) }));
        setFailure(null);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    typing(): void {
      if (!openChatId || Date.now() - lastTyping.current < CHAT_MESSAGE_LIMITS.typingEveryMs) return;
      lastTyping.current = Date.now();
      void deskCall(DESK_ROUTES.typing, { chatId: openChatId }).catch(() => undefined);
    },
    async finish(how: 'handBack' | 'end'): Promise<void> {
      if (!openChatId) return;
      try {
        await deskCall(DESK_ROUTES[how], { chatId: openChatId });
        setOpenChatId(null);
        await refresh();
      } catch (error) {
        fail(error);
      }
    },
  };
}

export type Desk = ReturnType<typeof useDesk>;
