import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { supportAgents, supportChats } from '../../db/schema/support.ts';

export type ChatRow = typeof supportChats.$inferSelect;
export type AgentRow = typeof supportAgents.$inferSelect;

const LIVE = ['WAITING', 'ACTIVE'] as const;

/**
 * Chats and agents at rest (db/schema/support.ts), for GRIDSP chat/chatAllocation.
 *
 * The queue is served by one routine, `serveQueue`: in one transaction it first ends chats whose
 * page stopped asking (idle longer than `idleMs`: a closed tab), then hands the oldest waiting chat
 * to the least busy agent with a free place, again and again, until the queue is empty or every
 * agent is full. Its runs are taken one at a time (a transaction-scoped advisory lock), so the
 * queue is served strictly first come, first served however many requests arrive at once; and each
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
      await db
        .insert(supportChats)
        .values({ chatId: randomUUID(), customerId, status: 'WAITING', requestedAt: at, lastSeenAt: at })
        .onConflictDoNothing();
      // An existing chat: the customer's page is still there.
      await db
        .update(supportChats)
        .set({ lastSeenAt: at })
        .where(and(eq(supportChats.customerId, customerId), inArray(supportChats.status, LIVE)));
      const [row] = await db
        .select()
        .from(supportChats)
        .where(and(eq(supportChats.customerId, customerId), inArray(supportChats.status, LIVE)));
      if (!row) throw new Error('the live chat just written is not there');
      return row;
    },

    /** How many waiting chats are ahead of this one, itself included (1 = next). */
    async position(chat: ChatRow): Promise<number> {
      const [row] = await db
        .select({ ahead: count() })
        .from(supportChats)
        .where(and(eq(supportChats.status, 'WAITING'), lte(supportChats.seq, chat.seq)));
      return Number(row?.ahead ?? 1);
    },

    async agent(agentId: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(supportAgents).where(eq(supportAgents.agentId, agentId));
      return row;
    },

    /** Assigns waiting chats to agents with a free place, oldest first; answers how many it assigned. */
    async serveQueue(at: Date): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pravesh.support.chat-queue'))`);
        const idle = await tx
          .update(supportChats)
          .set({ status: 'ENDED', endedAt: at })
          .where(and(inArray(supportChats.status, LIVE), lt(supportChats.lastSeenAt, new Date(at.getTime() - idleMs))))
          .returning({ agentId: supportChats.agentId });
        for (const { agentId } of idle) {
          if (!agentId) continue;
          await tx
            .update(supportAgents)
            .set({ activeChats: sql`${supportAgents.activeChats} - 1` })
            .where(eq(supportAgents.agentId, agentId));
        }
        let assigned = 0;
        for (;;) {
          const [next] = await tx
            .select({ chatId: supportChats.chatId })
            .from(supportChats)
            .where(eq(supportChats.status, 'WAITING'))
            .orderBy(supportChats.seq)
            .limit(1);
          if (!next) return assigned;
          // The least busy agent, by share of capacity in use; the update re-checks the free place.
          const [agent] = await tx
            .update(supportAgents)
            .set({ activeChats: sql`${supportAgents.activeChats} + 1` })
            .where(
              and(
                eq(
                  supportAgents.agentId,
                  sql`(select agent_id from support_agents where online and active_chats < capacity
                       order by active_chats::numeric / capacity, active_chats, agent_id limit 1)`,
                ),
                sql`${supportAgents.activeChats} < ${supportAgents.capacity}`,
              ),
            )
            .returning({ agentId: supportAgents.agentId });
          if (!agent) return assigned;
          await tx
            .update(supportChats)
            .set({ status: 'ACTIVE', agentId: agent.agentId, assignedAt: at })
            .where(and(eq(supportChats.chatId, next.chatId), eq(supportChats.status, 'WAITING')));
          assigned += 1;
        }
      });
    },

    /**
     * Ends the customer's live chat with that id (leaving the queue, or ending a chat with an agent,
     * whose place frees at once). False when the customer has no such live chat.
     */
    async end(customerId: string, chatId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .update(supportChats)
          .set({ status: 'ENDED', endedAt: at })
          .where(
            and(
              eq(supportChats.chatId, chatId),
              eq(supportChats.customerId, customerId),
              inArray(supportChats.status, LIVE),
            ),
          )
          .returning({ agentId: supportChats.agentId });
        if (!ended) return false;
        if (ended.agentId) {
          await tx
            .update(supportAgents)
            .set({ activeChats: sql`${supportAgents.activeChats} - 1` })
            .where(eq(supportAgents.agentId, ended.agentId));
        }
        return true;
      });
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
