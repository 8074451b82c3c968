import { createHash, randomBytes } from 'node:crypto';
import {
  CHAT_MESSAGE_LIMITS,
  DESK_SESSION_MS,
  DESK_SIGN_IN_LIMIT,
  PraveshError,
  chatMessageText,
  normaliseEmail,
  type ChatAllocationResponse,
  type ChatEvent,
  type ChatLeaveMessageBody,
  type ChatMessage,
  type ChatMessagesResponse,
  type ChatSendBody,
  type ChatState,
  type ChatTranscriptResponse,
  type DeskAgent,
  type DeskChat,
  type DeskQueueResponse,
  type SupportMailResponse,
} from '@pravesh/core';
import type { RateLimiter } from '../../../lib/rate-limit/index.ts';
import { maskEmail, type EmailProvider } from '../../../providers/email/index.ts';
import { decoyHash, verifyPassword } from '../../sso/index.ts';
import type { AgentRow, ChatRow, ChatStore } from '../chat-store.ts';
import { transcriptMail } from '../mails.ts';
import type { TicketService } from '../tickets.ts';
import type { ChatBus } from './bus.ts';
import type { LiveChatStore, MessageRow } from './store.ts';

/** Transcripts a customer may have mailed per hour (each goes to their own verified address). */
const TRANSCRIPTS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;
/** What a chat that became a query is filed under (core SUPPORT_TOPICS). */
const LEFT_MESSAGE_TOPIC = 'topicAccount';

export interface LiveChatDeps {
  chats: ChatStore;
  live: LiveChatStore;
  bus: ChatBus;
  limiter: RateLimiter;
  tickets: TicketService;
  email: EmailProvider | undefined;
  /** The account's verified email, opened; undefined when it has none. */
  accountEmail: (customerId: string) => Promise<string | undefined>;
  now: () => number;
  /** spec 001 §9 "Chat enabled". */
  enabled: boolean;
}

export function sessionHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    messageId: row.messageId,
    seq: row.seq,
    author: row.author as ChatMessage['author'],
    agentName: row.author === 'AGENT' ? row.agentName : null,
    text: row.body,
    sentAt: row.sentAt.toISOString(),
  };
}

function toAgent(row: AgentRow): DeskAgent {
  return { agentId: row.agentId, displayName: row.displayName, capacity: row.capacity, activeChats: row.activeChats };
}

/** A short reference an agent can read out: the chat id's first 8 characters, upper-cased. */
export function chatReference(chatId: string): string {
  return chatId.slice(0, 8).toUpperCase();
}

/**
 * Live chat (spec 001 §7 GRIDSP chat, §9 "Chat enabled"; ARCHITECTURE.md support/chat): the
 * customer's side (queue, messages, typing, end, rating, transcript, a query when no agent is on
 * duty) and the support desk's (sign-in, queue, accept, reply, hand back, end). Every change is
 * published on the bus (bus.ts) for the streams of every instance. A customer reaches only their
 * own chats, an agent only the chats they hold; one answer (chatNotFound) for a chat that is not
 * theirs and one that does not exist, so nothing is learnt from it. Message text is never logged.
 */
export function createChatService(deps: LiveChatDeps) {
  const { chats, live, bus, limiter, now } = deps;
  const at = () => new Date(now());

  async function state(chat: ChatRow): Promise<ChatState> {
    return {
      chatId: chat.chatId,
      status: chat.status as ChatState['status'],
      agentName: chat.status === 'ACTIVE' ? await live.agentName(chat.agentId) : null,
      queuePosition: chat.status === 'WAITING' ? await live.position(chat) : null,
      rating: chat.rating,
      ticketReference: chat.ticketReference,
    };
  }

  async function publish(chat: ChatRow, event: ChatEvent, agentId = chat.agentId): Promise<void> {
    await bus.publish({ customerId: chat.customerId, agentId, event });
  }

  async function publishState(chat: ChatRow, agentId = chat.agentId): Promise<void> {
    await publish(chat, { type: 'state', chatId: chat.chatId, state: await state(chat) }, agentId);
  }

  const publishQueue = () => bus.publish({ customerId: null, agentId: null, event: { type: 'queue' } });

  async function ownChat(customerId: string, chatId: string): Promise<ChatRow> {
    const chat = await live.chat(chatId);
    if (!chat || chat.customerId !== customerId) throw new PraveshError('chatNotFound');
    return chat;
  }

  async function heldChat(agent: AgentRow, chatId: string): Promise<ChatRow> {
    const chat = await live.chat(chatId);
    if (!chat || chat.agentId !== agent.agentId || chat.status !== 'ACTIVE') throw new PraveshError('chatNotFound');
    return chat;
  }

  async function post(
    chat: ChatRow,
    sender: { author: 'CUSTOMER' | 'AGENT' | 'SYSTEM'; agentId: string | null; limitKey?: string },
    messageId: string,
    text: string,
  ): Promise<ChatMessage> {
    const body = chatMessageText(text);
    if (body === undefined) throw new PraveshError('chatMessageInvalid');
    if (sender.limitKey) {
      const limit = await limiter.consume(sender.limitKey, CHAT_MESSAGE_LIMITS.perMinute, CHAT_MESSAGE_LIMITS.windowMs);
      if (!limit.allowed) throw new PraveshError('chatMessageLimit');
    }
    const { row, added } = await live.addMessage({
      messageId,
      chatId: chat.chatId,
      author: sender.author,
      agentId: sender.agentId,
      body,
      sentAt: at(),
    });
    // A message id reused for another chat or sender is not this message.
    if (row.chatId !== chat.chatId || row.author !== sender.author) throw new PraveshError('chatNotFound');
    const message = toMessage(row);
    if (added) await publish(chat, { type: 'message', chatId: chat.chatId, message });
    return message;
  }

  /** Ends chats no page asks about any more, and tells their agents. */
  async function endIdle(now: Date): Promise<void> {
    const ended = await chats.endIdle(now);
    for (const chat of ended) await publishState(chat);
    if (ended.length > 0) await publishQueue();
  }

  async function deskChats(rows: ChatRow[]): Promise<DeskChat[]> {
    const previews = await live.firstCustomerMessages(rows.map((row) => row.chatId));
    return rows.map((row) => ({
      chatId: row.chatId,
      status: row.status === 'ACTIVE' ? 'ACTIVE' : 'WAITING',
      reference: chatReference(row.chatId),
      requestedAt: row.requestedAt.toISOString(),
      preview: previews.get(row.chatId)?.slice(0, 120) ?? null,
    }));
  }

  const systemId = () => crypto.randomUUID();

  return {
    state,

    /* The customer's side. */

    /**
     * Without `chatId`, joins (or keeps) the customer's live chat; with it, the page's liveness ask
     * for that chat, which never starts another (chatAllocationBodySchema).
     */
    async allocate(customerId: string, chatId?: string): Promise<ChatAllocationResponse> {
      if (!deps.enabled) throw new PraveshError('chatDisabled');
      const now = at();
      await endIdle(now);
      let chat: ChatRow;
      if (chatId === undefined) {
        chat = await chats.join(customerId, now);
        if (chat.requestedAt.getTime() === now.getTime()) await publishQueue();
      } else {
        chat = (await chats.touch(customerId, chatId, now)) ?? (await ownChat(customerId, chatId));
      }
      const current = await state(chat);
      return {
        chatId: chat.chatId,
        status: chat.status === 'ACTIVE' ? 'ASSIGNED' : chat.status === 'ENDED' ? 'ENDED' : 'QUEUED',
        agentName: current.agentName,
        queuePosition: current.queuePosition,
        requestedAt: chat.requestedAt.toISOString(),
        assignedAt: chat.assignedAt?.toISOString() ?? null,
        agentsOnDuty: await live.agentsOnDuty(now),
      };
    },

    /**
     * Leaves the queue or ends the chat. Open even with the switch off, so turning chat off never
     * strands a customer's place.
     */
    async release(customerId: string, chatId: string): Promise<void> {
      const ended = await chats.end(customerId, chatId, at());
      if (!ended) throw new PraveshError('chatNotFound');
      await publishState(ended);
      await publishQueue();
    },

    async messages(customerId: string, chatId: string, after?: number): Promise<ChatMessagesResponse> {
      const chat = await ownChat(customerId, chatId);
      return { state: await state(chat), messages: (await live.messages(chat.chatId, after)).map(toMessage) };
    },

    async send(customerId: string, body: ChatSendBody): Promise<ChatMessage> {
      const chat = await ownChat(customerId, body.chatId);
      if (chat.status === 'ENDED') throw new PraveshError('chatNotActive');
      const limitKey = `support:chat:customer:${customerId}`;
      const message = await post(chat, { author: 'CUSTOMER', agentId: null, limitKey }, body.messageId, body.text);
      // The queue's previews show a waiting customer's first words.
      if (chat.status === 'WAITING') await publishQueue();
      return message;
    },

    async typing(customerId: string, chatId: string): Promise<void> {
      const chat = await ownChat(customerId, chatId);
      if (chat.status !== 'ACTIVE') return;
      await publish(chat, { type: 'typing', chatId, author: 'CUSTOMER' });
    },

    async rate(customerId: string, chatId: string, rating: number): Promise<ChatState> {
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new PraveshError('chatRatingInvalid');
      const chat = await ownChat(customerId, chatId);
      if (!(await live.rate(customerId, chatId, rating))) throw new PraveshError('chatNotActive');
      return state({ ...chat, rating });
    },

    /** Mails the transcript to the account's verified email (never an address the body names: no open relay). */
    async transcript(customerId: string, chatId: string): Promise<ChatTranscriptResponse> {
      const chat = await ownChat(customerId, chatId);
      const to = await deps.accountEmail(customerId);
      if (!to || !deps.email) throw new PraveshError('chatTranscriptNoEmail');
      const limit = await limiter.consume(`support:chat:transcript:${customerId}`, TRANSCRIPTS_PER_HOUR, HOUR_MS);
      if (!limit.allowed) throw new PraveshError('chatMessageLimit');
      const rows = await live.messages(chat.chatId);
      const lines = rows.map((row) => ({
        who: row.author === 'CUSTOMER' ? 'You' : row.author === 'AGENT' ? (row.agentName ?? 'Kosh') : null,
        text: row.body,
        sentAt: row.sentAt,
      }));
      await deps.email.send(transcriptMail(lines, chat.requestedAt, to));
      await live.markTranscriptMailed(chat.chatId, at());
      return { sentTo: maskEmail(to) };
    },

    /**
     * No agent on duty: what the customer wrote becomes a query (Submit A Query's ticket, mailed to
     * the desk and acknowledged), and the chat ends.
     */
    async leaveMessage(customerId: string, body: ChatLeaveMessageBody): Promise<SupportMailResponse> {
      const chat = await ownChat(customerId, body.chatId);
      if (chat.status === 'ENDED' && !chat.ticketReference) throw new PraveshError('chatNotActive');
      const written = (await live.messages(chat.chatId)).filter((row) => row.author === 'CUSTOMER');
      const answer = await deps.tickets.submit(customerId, {
        requestId: body.requestId,
        product: LEFT_MESSAGE_TOPIC,
        subject: 'Message left in chat',
        message: written.map((row) => row.body).join('\n\n'),
        email: normaliseEmail(body.email),
      });
      await live.markTicket(chat.chatId, answer.ticket.reference);
      const ended = await chats.end(customerId, chat.chatId, at());
      if (ended) {
        await publishState({ ...ended, ticketReference: answer.ticket.reference });
        await publishQueue();
      }
      return answer;
    },

    /* The support desk's side. */

    /** Answers the session token (for the cookie) and the agent; deskSignInFailed for any mismatch. */
    async signIn(email: string, password: string, ip: string): Promise<{ token: string; agent: DeskAgent }> {
      const address = normaliseEmail(email);
      for (const key of [`support:desk:signin:email:${address}`, `support:desk:signin:ip:${ip}`]) {
        const limit = await limiter.consume(key, DESK_SIGN_IN_LIMIT.attempts, DESK_SIGN_IN_LIMIT.windowMs);
        if (!limit.allowed) throw new PraveshError('deskSignInLimit');
      }
      const agent = await live.agentByEmail(address);
      // An unknown address costs the same hash as a known one, so timing does not tell.
      const matches = await verifyPassword(password, agent?.passwordHash ?? (await decoyHash()));
      if (!agent?.passwordHash || !matches) throw new PraveshError('deskSignInFailed');
      const token = randomBytes(32).toString('base64url');
      const now = at();
      await live.startSession(sessionHash(token), agent.agentId, now, new Date(now.getTime() + DESK_SESSION_MS));
      await publishQueue();
      return { token, agent: toAgent(agent) };
    },

    async agentOf(token: string | undefined): Promise<AgentRow> {
      const agent = token ? await live.sessionAgent(sessionHash(token), at()) : undefined;
      if (!agent) throw new PraveshError('deskSessionRequired');
      return agent;
    },

    async signOut(token: string): Promise<void> {
      await live.endSession(sessionHash(token));
      await publishQueue();
    },

    toAgent,

    async queue(agent: AgentRow): Promise<DeskQueueResponse> {
      const [waiting, mine, canned, fresh] = [
        await live.waiting(),
        await live.activeOf(agent.agentId),
        await live.cannedAnswers(),
        (await live.agent(agent.agentId)) ?? agent,
      ];
      return { agent: toAgent(fresh), waiting: await deskChats(waiting), mine: await deskChats(mine), canned };
    },

    async accept(agent: AgentRow): Promise<DeskChat> {
      const taken = await live.accept(agent.agentId, at());
      if (taken === 'empty') throw new PraveshError('deskQueueEmpty');
      if (taken === 'full') throw new PraveshError('deskAgentFull');
      await post(taken, { author: 'SYSTEM', agentId: null }, systemId(), `${agent.displayName} has joined the chat.`);
      await publishState(taken);
      await publishQueue();
      const [chat] = await deskChats([taken]);
      return chat!;
    },

    async agentMessages(agent: AgentRow, chatId: string): Promise<ChatMessagesResponse> {
      const chat = await heldChat(agent, chatId);
      return { state: await state(chat), messages: (await live.messages(chat.chatId)).map(toMessage) };
    },

    async agentSend(agent: AgentRow, body: ChatSendBody): Promise<ChatMessage> {
      const chat = await heldChat(agent, body.chatId);
      const limitKey = `support:chat:agent:${agent.agentId}`;
      return post(chat, { author: 'AGENT', agentId: agent.agentId, limitKey }, body.messageId, body.text);
    },

    async agentTyping(agent: AgentRow, chatId: string): Promise<void> {
      const chat = await heldChat(agent, chatId);
      await publish(chat, { type: 'typing', chatId, author: 'AGENT' });
    },

    /** The chat goes back to the queue, first in line, for another agent. */
    async handBack(agent: AgentRow, chatId: string): Promise<void> {
      const chat = await live.release(agent.agentId, chatId, 'WAITING', at());
      if (!chat) throw new PraveshError('chatNotFound');
      await post(
        chat,
        { author: 'SYSTEM', agentId: null },
        systemId(),
        `${agent.displayName} has passed your chat to a colleague. You’re first in line.`,
      );
      await publishState(chat, agent.agentId);
      await publishQueue();
    },

    async agentEnd(agent: AgentRow, chatId: string): Promise<void> {
      const chat = await live.release(agent.agentId, chatId, 'ENDED', at());
      if (!chat) throw new PraveshError('chatNotFound');
      await post(chat, { author: 'SYSTEM', agentId: null }, systemId(), `${agent.displayName} has ended the chat.`);
      await publishState(chat, agent.agentId);
      await publishQueue();
    },
  };
}

export type LiveChatService = ReturnType<typeof createChatService>;
