import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_LIVENESS, CHAT_MESSAGE_LIMITS } from '@pravesh/core/support/rules.ts';
import { SUPPORT_ROUTES } from '@pravesh/core/support/routes.ts';
import type { ChatAllocationResponse, ChatEvent, ChatMessage, ChatState } from '@pravesh/core/support/schemas.ts';
import { useServices } from '../../../app/services.ts';
import { readEventStream } from '../../../lib/event-stream.ts';
import {
  useAllocateChatMutation,
  useChatMessagesMutation,
  useChatTypingMutation,
  useReleaseChatMutation,
  useSendChatMessageMutation,
} from '../api.ts';
import { failureText } from '../messages.ts';

/** Waits before opening a stream again after it ended or failed. */
const RECONNECT_MS = 2000;

/** A message of the customer's not yet answered by the server (seq is not known yet). */
export interface PendingMessage {
  messageId: string;
  text: string;
  failed: boolean;
}

/** The transcript in seq order, each message once (a stream reopened after a gap may repeat some). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.messageId, message]));
  for (const message of incoming) byId.set(message.messageId, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function stateOf(chat: ChatAllocationResponse): ChatState {
  return {
    chatId: chat.chatId,
    status: chat.status === 'ASSIGNED' ? 'ACTIVE' : chat.status === 'ENDED' ? 'ENDED' : 'WAITING',
    agentName: chat.agentName,
    queuePosition: chat.queuePosition,
    rating: null,
    ticketReference: null,
  };
}

/**
 * The customer's live chat (spec 001 §7 GRIDSP chat; modules/support/chat on the server): joins the
 * queue, keeps the chat alive by asking every CHAT_LIVENESS.pollMs (a closed tab's chat is ended),
 * hears messages, typing and state over a Server-Sent Events stream (opened again when it ends,
 * after the last message it has), and sends the customer's messages with their own ids (a resend
 * is stored once).
 */
export function useLiveChat() {
  const services = useServices();
  const [allocate, allocating] = useAllocateChatMutation();
  const [release, releasing] = useReleaseChatMutation();
  const [loadMessages] = useChatMessagesMutation();
  const [sendMessage] = useSendChatMessageMutation();
  const [signalTyping] = useChatTypingMutation();

  const [chatId, setChatId] = useState<string | null>(null);
  const [agentsOnDuty, setAgentsOnDuty] = useState<number | null>(null);
  const [state, setState] = useState<ChatState | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [agentTyping, setAgentTyping] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const lastSeq = useRef(0);
  // The chat the panel shows now, read by answers that arrive late: the history asked for when the
  // chat opened, or a stream event, may land after the customer left the queue, and must not
  // bring back a chat the panel has closed.
  const shownChat = useRef<string | null>(null);
  const lastTypingSent = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const live = chatId !== null && state !== null && state.status !== 'ENDED';

  const hear = useCallback((event: ChatEvent) => {
    if (event.type === 'message') {
      lastSeq.current = Math.max(lastSeq.current, event.message.seq);
      setMessages((current) => mergeMessages(current, [event.message]));
      if (event.message.author === 'AGENT') setAgentTyping(false);
    } else if (event.type === 'state') {
      if (event.state.chatId === shownChat.current) setState(event.state);
    } else if (event.type === 'typing' && event.author === 'AGENT') {
      setAgentTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setAgentTyping(false), CHAT_MESSAGE_LIMITS.typingShownMs);
    }
  }, []);

  /** Joins the queue; with the chat on screen's id, keeps that chat alive (never a new one). */
  async function ask(onScreen?: string): Promise<ChatAllocationResponse | undefined> {
    const result = await allocate(onScreen === undefined ? {} : { chatId: onScreen });
    if ('error' in result) {
      setFailure(failureText(result.error));
      return undefined;
    }
    setFailure(null);
    setAgentsOnDuty(result.data.agentsOnDuty);
    return result.data;
  }

  async function start(): Promise<void> {
    services.analytics.track({ action: 'clicked', category: 'myAccount', label: 'chat with us', page: 'support' });
    const chat = await ask();
    if (!chat) return;
    lastSeq.current = 0;
    shownChat.current = chat.chatId;
    setMessages([]);
    setPending([]);
    setState(stateOf(chat));
    setChatId(chat.chatId);
    const history = await loadMessages({ chatId: chat.chatId });
    if ('data' in history && history.data && shownChat.current === chat.chatId) {
      setMessages(history.data.messages);
      lastSeq.current = history.data.messages.at(-1)?.seq ?? 0;
      setState(history.data.state);
    }
  }

  // The page says it is still there (and learns who is on duty) while the chat is live.
  useEffect(() => {
    if (!live || !chatId) return;
    const timer = setInterval(() => {
      void ask(chatId).then((chat) => {
        // The stream says it first; this keeps the panel right while the stream is down.
        if (!chat) return;
        const latest = stateOf(chat);
        setState((current) =>
          current && current.status !== 'ENDED' && current.chatId === chat.chatId
            ? { ...current, status: latest.status, agentName: latest.agentName, queuePosition: latest.queuePosition }
            : current,
        );
      });
    }, CHAT_LIVENESS.pollMs);
    return () => clearInterval(timer);
    // `ask` is the same call each time; the interval follows the chat on screen and whether it is live.
  }, [live, chatId]);

  // The stream, opened again after it ends, until the chat ends or the panel goes.
  useEffect(() => {
    if (!chatId || !live) return;
    const controller = new AbortController();
    let wait: ReturnType<typeof setTimeout> | undefined;
    const base = services.config.apiBaseUrl.replace(/\/$/, '');
    async function run(): Promise<void> {
      while (!controller.signal.aborted) {
        try {
          const headers = await services.streamHeaders();
          const url = `${base}${SUPPORT_ROUTES.chatEvents}?chatId=${chatId}&after=${lastSeq.current}`;
          setReconnecting(false);
          await readEventStream(url, headers, (data) => hear(JSON.parse(data) as ChatEvent), controller.signal);
        } catch (error) {
          if (controller.signal.aborted) return;
          const status = (error as { httpStatus?: number }).httpStatus ?? 0;
          // A refusal (the chat or the session is gone) is not helped by asking again.
          if (status >= 400 && status < 500) return;
          setReconnecting(true);
        }
        await new Promise<void>((resolve) => (wait = setTimeout(resolve, RECONNECT_MS)));
      }
    }
    void run();
    return () => {
      controller.abort();
      clearTimeout(wait);
    };
  }, [chatId, live, hear, services]);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  async function send(text: string, messageId: string = crypto.randomUUID()): Promise<boolean> {
    if (!chatId) return false;
    setPending((current) => [
      ...current.filter((item) => item.messageId !== messageId),
      { messageId, text, failed: false },
    ]);
    const result = await sendMessage({ chatId, messageId, text });
    if ('error' in result) {
      setPending((current) => current.map((item) => (item.messageId === messageId ? { ...item, failed: true } : item)));
      setFailure(failureText(result.error));
      return false;
    }
    setFailure(null);
    setPending((current) => current.filter((item) => item.messageId !== messageId));
    setMessages((current) => mergeMessages(current, [result.data.message]));
    return true;
  }

  /** Tells the agent the customer is typing, at most every CHAT_MESSAGE_LIMITS.typingEveryMs. */
  function typing(): void {
    if (!chatId || state?.status !== 'ACTIVE') return;
    const now = Date.now();
    if (now - lastTypingSent.current < CHAT_MESSAGE_LIMITS.typingEveryMs) return;
    lastTypingSent.current = now;
    void signalTyping({ chatId });
  }

  async function end(): Promise<void> {
    if (!chatId || !state) return;
    const result = await release({ chatId });
    if ('error' in result) {
      setFailure(failureText(result.error));
      return;
    }
    // Leaving the queue before anyone answered leaves nothing to rate: the panel closes.
    if (state.status === 'WAITING') reset();
    else setState({ ...state, status: 'ENDED', queuePosition: null });
  }

  function reset(): void {
    shownChat.current = null;
    setChatId(null);
    setState(null);
    setMessages([]);
    setPending([]);
    setFailure(null);
  }

  return {
    chatId,
    state,
    setState,
    messages,
    pending,
    agentTyping,
    agentsOnDuty,
    failure,
    reconnecting,
    starting: allocating.isLoading && chatId === null,
    ending: releasing.isLoading,
    start,
    send,
    typing,
    end,
    reset,
  };
}

export type LiveChat = ReturnType<typeof useLiveChat>;
