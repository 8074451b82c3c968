import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { supportAgents, supportChatMessages, supportChats } from '../../db/schema/support.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test/instance.ts';
import type { ModuleDeps } from '../../config/deps.ts';
import { supportDataRightsPart } from './data-rights.ts';

describe.each(DATABASE_KINDS)("a customer's support data on %s (DPDP Act §11, §12)", (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database?.dispose());

  /** A customer in a live chat with an agent, two messages said. */
  async function chatting() {
    const at = new Date('2026-11-30T10:00:00Z');
    const customerId = randomUUID();
    const agentId = randomUUID();
    const chatId = randomUUID();
    await database.db
      .insert(supportAgents)
      .values({ agentId, displayName: 'Meera', capacity: 2, activeChats: 1, createdAt: at });
    await database.db.insert(supportChats).values({
      chatId,
      customerId,
      agentId,
      status: 'ACTIVE',
      requestedAt: at,
      assignedAt: at,
      lastSeenAt: at,
    });
    await database.db.insert(supportChatMessages).values([
      { messageId: randomUUID(), chatId, author: 'CUSTOMER', body: 'My card was charged twice', sentAt: at },
      { messageId: randomUUID(), chatId, author: 'AGENT', agentId, body: 'Let me check that for you', sentAt: at },
    ]);
    const part = supportDataRightsPart({ db: database.db } as unknown as ModuleDeps);
    return { part, customerId, agentId, chatId, at };
  }

  it('exports what was said in the chats, in order', async () => {
    const { part, customerId } = await chatting();
    const exported = (await part.collect(customerId)) as { chatMessages: { body: string }[] };
    expect(exported.chatMessages.map((message) => message.body)).toEqual([
      'My card was charged twice',
      'Let me check that for you',
    ]);
  });

  it("erases the chat and its transcript, ending it first so the agent's place frees", async () => {
    const { part, customerId, agentId, chatId, at } = await chatting();
    await part.erase!(customerId, at);
    expect(await database.db.$count(supportChatMessages, eq(supportChatMessages.chatId, chatId))).toBe(0);
    expect(await database.db.$count(supportChats, eq(supportChats.customerId, customerId))).toBe(0);
    const [agent] = await database.db.select().from(supportAgents).where(eq(supportAgents.agentId, agentId));
    expect(agent?.activeChats).toBe(0);
  });
});
