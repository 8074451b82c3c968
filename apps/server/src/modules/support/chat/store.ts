import { and, asc, count, countDistinct, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  supportAgentSessions,
  supportAgents,
  supportCannedAnswers,
  supportChatMessages,
  supportChats,
} from '../../../db/schema/support.ts';
import type { AgentRow, ChatRow } from '../chat-store.ts';

export type MessageRow = typeof supportChatMessages.$inferSelect & { agentName: string | null };
export type Author = 'CUSTOMER' | 'AGENT' | 'SYSTEM';

/** Why the desk's accept took nothing. */
export type AcceptRefusal = 'full' | 'empty';

const QUEUE_LOCK = sql`select pg_advisory_xact_lock(hashtext('pravesh.support.chat-queue'))`;

/**
 * Live chat at rest (db/schema/support.ts, migration 0027): the messages of a chat, the desk's
 * queue, agents' sessions and canned answers. The queue's moves (accept, hand back) take the same
 * advisory lock as chat-store.ts's serveQueue, and an agent's count moves by a conditional update
 * under the table's check, so no agent holds more chats than their capacity.
 */
export function createLiveChatStore(db: Database) {
  const messageColumns = {
    messageId: supportChatMessages.messageId,
    seq: supportChatMessages.seq,
    chatId: supportChatMessages.chatId,
    author: supportChatMessages.author,
    agentId: supportChatMessages.agentId,
    body: supportChatMessages.body,
    sentAt: supportChatMessages.sentAt,
    agentName: supportAgents.displayName,
  };

  return {
    async chat(chatId: string): Promise<ChatRow | undefined> {
      const [row] = await db.select().from(supportChats).where(eq(supportChats.chatId, chatId));
      return row;
    },

    async agentName(agentId: string | null): Promise<string | null> {
      if (!agentId) return null;
      const [row] = await db
        .select({ name: supportAgents.displayName })
        .from(supportAgents)
        .where(eq(supportAgents.agentId, agentId));
      return row?.name ?? null;
    },

    /** The message as stored; a resend of the same id answers the stored one. */
    async addMessage(message: {
      messageId: string;
      chatId: string;
      author: Author;
      agentId: string | null;
      body: string;
      sentAt: Date;
    }): Promise<{ row: MessageRow; added: boolean }> {
      const added = await db
        .insert(supportChatMessages)
        .values(message)
        .onConflictDoNothing()
        .returning({ id: supportChatMessages.messageId });
      const [row] = await db
        .select(messageColumns)
        .from(supportChatMessages)
        .leftJoin(supportAgents, eq(supportAgents.agentId, supportChatMessages.agentId))
        .where(eq(supportChatMessages.messageId, message.messageId));
      if (!row) throw new Error('the message just written is not there');
      return { row, added: added.length > 0 };
    },

    async messages(chatId: string, after = 0): Promise<MessageRow[]> {
      return db
        .select(messageColumns)
        .from(supportChatMessages)
        .leftJoin(supportAgents, eq(supportAgents.agentId, supportChatMessages.agentId))
        .where(and(eq(supportChatMessages.chatId, chatId), gt(supportChatMessages.seq, after)))
        .orderBy(asc(supportChatMessages.seq));
    },

    /** How many waiting chats are ahead of this one, itself included (1 = next). */
    async position(chat: ChatRow): Promise<number> {
      const [row] = await db
        .select({ ahead: count() })
        .from(supportChats)
        .where(and(eq(supportChats.status, 'WAITING'), lte(supportChats.seq, chat.seq)));
      return Number(row?.ahead ?? 1);
    },

    /** Agents signed in to the desk now (a live session). */
    async agentsOnDuty(at: Date): Promise<number> {
      const [row] = await db
        .select({ agents: countDistinct(supportAgentSessions.agentId) })
        .from(supportAgentSessions)
        .where(gt(supportAgentSessions.expiresAt, at));
      return Number(row?.agents ?? 0);
    },

    /** Takes the oldest waiting chat for the agent (first come, first served), within their capacity. */
    async accept(agentId: string, at: Date): Promise<ChatRow | AcceptRefusal> {
      return db.transaction(async (tx) => {
        await tx.execute(QUEUE_LOCK);
        const [next] = await tx
          .select({ chatId: supportChats.chatId })
          .from(supportChats)
          .where(eq(supportChats.status, 'WAITING'))
          .orderBy(supportChats.seq)
          .limit(1);
        if (!next) return 'empty';
        const [agent] = await tx
          .update(supportAgents)
          .set({ activeChats: sql`${supportAgents.activeChats} + 1` })
          .where(and(eq(supportAgents.agentId, agentId), sql`${supportAgents.activeChats} < ${supportAgents.capacity}`))
          .returning({ agentId: supportAgents.agentId });
        if (!agent) return 'full';
        const [chat] = await tx
          .update(supportChats)
          .set({ status: 'ACTIVE', agentId, assignedAt: at })
          .where(and(eq(supportChats.chatId, next.chatId), eq(supportChats.status, 'WAITING')))
          .returning();
        if (!chat) throw new Error('the waiting chat changed under the queue lock');
        return chat;
      });
    },

    /**
     * The agent's chat back to the queue, keeping its place (its seq: it is first again), or ended.
     * Undefined when the agent has no such active chat.
     */
    async release(agentId: string, chatId: string, to: 'WAITING' | 'ENDED', at: Date): Promise<ChatRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(QUEUE_LOCK);
        const [chat] = await tx
          .update(supportChats)
          .set(
            to === 'WAITING'
              ? { status: 'WAITING', agentId: null, assignedAt: null }
              : { status: 'ENDED', endedAt: at },
          )
          .where(
            and(eq(supportChats.chatId, chatId), eq(supportChats.agentId, agentId), eq(supportChats.status, 'ACTIVE')),
          )
          .returning();
        if (!chat) return undefined;
        await tx
          .update(supportAgents)
          .set({ activeChats: sql`${supportAgents.activeChats} - 1` })
          .where(eq(supportAgents.agentId, agentId));
        return chat;
      });
    },

    async waiting(): Promise<ChatRow[]> {
      return db.select().from(supportChats).where(eq(supportChats.status, 'WAITING')).orderBy(supportChats.seq);
    },

    async activeOf(agentId: string): Promise<ChatRow[]> {
      return db
        .select()
        .from(supportChats)
        .where(and(eq(supportChats.agentId, agentId), eq(supportChats.status, 'ACTIVE')))
        .orderBy(supportChats.assignedAt);
    },

    /** The first customer message of each chat, for the queue's previews. */
    async firstCustomerMessages(chatIds: string[]): Promise<Map<string, string>> {
      if (chatIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([supportChatMessages.chatId], {
          chatId: supportChatMessages.chatId,
          body: supportChatMessages.body,
        })
        .from(supportChatMessages)
        .where(and(inArray(supportChatMessages.chatId, chatIds), eq(supportChatMessages.author, 'CUSTOMER')))
        .orderBy(supportChatMessages.chatId, supportChatMessages.seq);
      return new Map(rows.map((row) => [row.chatId, row.body]));
    },

    /** Rates the customer's own ended chat; false when there is none such. */
    async rate(customerId: string, chatId: string, rating: number): Promise<boolean> {
      const rated = await db
        .update(supportChats)
        .set({ rating })
        .where(
          and(
            eq(supportChats.chatId, chatId),
            eq(supportChats.customerId, customerId),
            eq(supportChats.status, 'ENDED'),
          ),
        )
        .returning({ chatId: supportChats.chatId });
      return rated.length > 0;
    },

    async markTicket(chatId: string, reference: string): Promise<void> {
      await db.update(supportChats).set({ ticketReference: reference }).where(eq(supportChats.chatId, chatId));
    },

    async markTranscriptMailed(chatId: string, at: Date): Promise<void> {
      await db.update(supportChats).set({ transcriptMailedAt: at }).where(eq(supportChats.chatId, chatId));
    },

    async cannedAnswers() {
      return db
        .select({
          answerId: supportCannedAnswers.answerId,
          title: supportCannedAnswers.title,
          body: supportCannedAnswers.body,
        })
        .from(supportCannedAnswers)
        .orderBy(supportCannedAnswers.position);
    },

    /* The desk's sign-in. */

    async agentByEmail(email: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(supportAgents).where(eq(supportAgents.email, email));
      return row;
    },

    async agent(agentId: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(supportAgents).where(eq(supportAgents.agentId, agentId));
      return row;
    },

    async startSession(sessionHash: string, agentId: string, at: Date, expiresAt: Date): Promise<void> {
      await db.insert(supportAgentSessions).values({ sessionHash, agentId, createdAt: at, expiresAt });
    },

    async sessionAgent(sessionHash: string, at: Date): Promise<AgentRow | undefined> {
      const [row] = await db
        .select({ agent: supportAgents })
        .from(supportAgentSessions)
        .innerJoin(supportAgents, eq(supportAgents.agentId, supportAgentSessions.agentId))
        .where(and(eq(supportAgentSessions.sessionHash, sessionHash), gt(supportAgentSessions.expiresAt, at)));
      return row?.agent;
    },

    async endSession(sessionHash: string): Promise<void> {
      await db.delete(supportAgentSessions).where(eq(supportAgentSessions.sessionHash, sessionHash));
    },
  };
}

export type LiveChatStore = ReturnType<typeof createLiveChatStore>;
