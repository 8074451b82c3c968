import { PraveshError, type ChatAllocationResponse } from '@pravesh/core';
import type { ChatRow, ChatStore } from './chat-store.ts';

/**
 * "Chat with us" (spec 001 §7 GRIDSP chat/chatAllocation, §9 "Chat enabled"; issue 16 §1): a
 * waiting customer gets an agent with a free place, or their place in the queue. Asking again is
 * how the page keeps up and says it is still open (core CHAT_LIVENESS): the same chat, served if
 * its turn has come; a chat no page asks about is ended when the queue is next served.
 */
export function createChatService({ store, now, enabled }: { store: ChatStore; now: () => number; enabled: boolean }) {
  function requireEnabled(): void {
    if (!enabled) throw new PraveshError('chatDisabled');
  }

  async function describe(chat: ChatRow): Promise<ChatAllocationResponse> {
    const common = { chatId: chat.chatId, requestedAt: chat.requestedAt.toISOString() };
    if (chat.status === 'ACTIVE' && chat.agentId) {
      const agent = await store.agent(chat.agentId);
      return {
        ...common,
        status: 'ASSIGNED',
        agentName: agent?.displayName ?? null,
        queuePosition: null,
        assignedAt: chat.assignedAt?.toISOString() ?? null,
      };
    }
    return {
      ...common,
      status: 'QUEUED',
      agentName: null,
      queuePosition: await store.position(chat),
      assignedAt: null,
    };
  }

  return {
    async allocate(customerId: string): Promise<ChatAllocationResponse> {
      requireEnabled();
      const at = new Date(now());
      let chat = await store.join(customerId, at);
      if (chat.status === 'WAITING') {
        await store.serveQueue(at);
        // Served, still waiting, or (idle until a moment ago, ended by another request) joined anew.
        chat = (await store.live(customerId)) ?? (await store.join(customerId, at));
      }
      return describe(chat);
    },

    /**
     * Leaves the queue or ends the chat; the freed place goes to the next customer in line. Open even
     * with the switch off, so turning chat off never strands a customer's place.
     */
    async release(customerId: string, chatId: string): Promise<void> {
      const at = new Date(now());
      if (!(await store.end(customerId, chatId, at))) throw new PraveshError('chatNotFound');
      await store.serveQueue(at);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
