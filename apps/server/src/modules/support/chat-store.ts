import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { supportAgents, supportChats } from '../../db/schema/support.ts';

export type ChatRow = typeof supportChats.$inferSelect;
export type AgentRow = typeof supportAgents.$inferSelect;

const LIVE = ['WAITING', 'ACTIVE'] as const;

/** The chat with that id, when it is the customer's and still live: what touch and end may change. */
const customersLiveChat = (customerId: string, chatId: string) =>
  and(eq(supportChats.chatId, chatId), eq(supportChats.customerId, customerId), inArray(supportChats.status, LIVE));

/**
 * Chats and agents at rest (db/schema/support.ts), for GRIDSP chat/chatAllocation.
 *
 * Chats a page stopped asking about are ended by `endIdle`; agents take waiting chats at the desk
 * (chat/store.ts). Every move of the queue takes one transaction-scoped advisory lock, so the queue
 * is served strictly first come, first served however many requests arrive at once; and each
 * agent's count moves by a conditional update under the table's check (active_chats <= capacity),
 * so no agent is ever given more chats than their capacity.
 */
export function createChatStore(db: Database, { idleMs }: { idleMs: number }) {
  return {
    async live(customerId: string): Promise<ChatRow | undefined> {
      const [row] = await db
        .select()
        .from(supportChats)
        .where(and(eq(supportChats.customerId, customerId), inArray(supportChats.status, LIVE)));
      return row;
    },

    /** The customer's live chat: a new one at the back of the queue, or the one they already have. */
    async join(customerId: string, at: Date): Promise<ChatRow> {
      // One statement, insert or touch (PostgreSQL INSERT … ON CONFLICT: "an atomic INSERT or
      // UPDATE outcome … even under high concurrency"): as an insert, then an update, then a read,
      // a chat ended in between (the customer's "End chat" racing the page's liveness ask, an idle
      // sweep) left nothing to answer. The predicate is the live index's own, written out, so
      // PostgreSQL can infer that index as the arbiter.
      const [row] = await db
        .insert(supportChats)
        .values({ chatId: randomUUID(), customerId, status: 'WAITING', requestedAt: at, lastSeenAt: at })
        .onConflictDoUpdate({
          target: supportChats.customerId,
          targetWhere: sql`status in ('WAITING', 'ACTIVE')`,
          set: { lastSeenAt: at },
        })
        .returning();
      if (!row) throw new Error('the live chat was neither inserted nor touched');
      return row;
    },

    /**
     * The page's liveness ask for the chat on its screen: keeps that chat while it is live, and only
     * that one. Undefined when it is not the customer's live chat (it ended meanwhile): unlike join,
     * never a new chat, so an ask that "End chat" overtook queues nothing.
     */
    async touch(customerId: string, chatId: string, at: Date): Promise<ChatRow | undefined> {
      const [row] = await db
        .update(supportChats)
        .set({ lastSeenAt: at })
        .where(customersLiveChat(customerId, chatId))
        .returning();
      return row;
    },

    /**
     * Ends chats whose page stopped asking (idle longer than `idleMs`: a closed tab), freeing their
     * agents' places; answers the chats it ended. Agents take waiting chats themselves at the desk
     * (chat/store.ts accept), first come, first served.
     */
    async endIdle(at: Date): Promise<ChatRow[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pravesh.support.chat-queue'))`);
        const idle = await tx
          .update(supportChats)
          .set({ status: 'ENDED', endedAt: at })
          .where(and(inArray(supportChats.status, LIVE), lt(supportChats.lastSeenAt, new Date(at.getTime() - idleMs))))
          .returning();
        for (const { agentId } of idle) {
          if (!agentId) continue;
          await tx
            .update(supportAgents)
            .set({ activeChats: sql`${supportAgents.activeChats} - 1` })
            .where(eq(supportAgents.agentId, agentId));
        }
        return idle;
      });
    },

    /**
     * Ends the customer's live chat with that id (leaving the queue, or ending a chat with an agent,
     * whose place frees at once). False when the customer has no such live chat.
     */
    async end(customerId: string, chatId: string, at: Date): Promise<ChatRow | undefined> {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .update(supportChats)
          .set({ status: 'ENDED', endedAt: at })
          .where(customersLiveChat(customerId, chatId))
          .returning();
        if (!ended) return undefined;
        if (ended.agentId) {
          await tx
            .update(supportAgents)
            .set({ activeChats: sql`${supportAgents.activeChats} - 1` })
            .where(eq(supportAgents.agentId, ended.agentId));
        }
        return ended;
      });
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
